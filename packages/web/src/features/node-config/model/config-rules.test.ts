import { describe, expect, test } from 'vitest';
import { selectsOnEntry, showDelete, showReplace } from './config-rules';

const usable = { installed: true, lost: false };

describe('node configuration rules (spec 3 §4)', () => {
  test('delete shows to owners for a lost or uninstalled node, or with advanced shown', () => {
    expect(showDelete(true, usable, false)).toBe(false);
    expect(showDelete(true, usable, true)).toBe(true);
    expect(showDelete(true, { installed: true, lost: true }, false)).toBe(true);
    expect(showDelete(true, { installed: false, lost: false }, false)).toBe(true);
    expect(showDelete(false, { installed: false, lost: true }, true)).toBe(false);
  });

  test('replace shows with delete, except on a wifi heater', () => {
    expect(showReplace(true, false)).toBe(true);
    expect(showReplace(true, true)).toBe(false);
    expect(showReplace(false, false)).toBe(false);
  });

  test('a node is selected on entry only when installed, not lost, not a power monitor, on a connected device', () => {
    expect(selectsOnEntry({ ...usable, type: 'htr' }, true)).toBe(true);
    expect(selectsOnEntry({ ...usable, type: 'acm' }, true)).toBe(true);
    expect(selectsOnEntry({ ...usable, type: 'htr' }, false)).toBe(false);
    expect(selectsOnEntry({ ...usable, type: 'pmo' }, true)).toBe(false);
    expect(selectsOnEntry({ installed: false, lost: false, type: 'htr' }, true)).toBe(false);
    expect(selectsOnEntry({ installed: true, lost: true, type: 'htr' }, true)).toBe(false);
  });
});
