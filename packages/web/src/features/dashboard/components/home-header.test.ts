import { describe, expect, test } from 'vitest';
import type { GroupedHome } from '@hearth/protocol';
import { homeTitle } from './home-header';

const home = (owner: boolean): GroupedHome => ({ id: 'h1', name: 'Haus am See', owner, devs: [] });

describe('homeTitle (spec 3 §1)', () => {
  test('an owned home is its name', () => {
    expect(homeTitle(home(true), 'gast')).toBe('Haus am See');
  });

  test('a guest home is followed by the guest label in lowercase, whatever the translation', () => {
    expect(homeTitle(home(false), 'Gast')).toBe('Haus am See (gast)');
    expect(homeTitle(home(false), 'guest')).toBe('Haus am See (guest)');
  });
});
