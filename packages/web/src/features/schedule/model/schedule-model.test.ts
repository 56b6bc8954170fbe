import { describe, expect, test } from 'vitest';
import type { SnapshotNode } from '@hearth/protocol';
import { formatTemp, profileEntries, progOf } from './schedule-model';

describe('schedule profile temperatures', () => {
  test('read with one decimal in the language number format, as the cards and the detail', () => {
    expect(formatTemp(21, 'C', 'en')).toBe('21.0 °C');
    expect(formatTemp(21.5, 'C', 'es')).toBe('21,5 °C');
    expect(formatTemp(68, 'F', 'en')).toBe('68.0 °F');
  });
});

describe('the profiles of a node', () => {
  const node = (status: Record<string, unknown>, setup: Record<string, unknown> = {}) =>
    ({
      name: 'Hall',
      addr: 1,
      type: 'htr',
      installed: true,
      lost: false,
      status,
      setup,
    }) as SnapshotNode;
  const all = { units: 'C', ice_temp: '7.0', eco_temp: '18.0', comf_temp: '21.0' };

  test('are editable once the device has reported all three, unless it locks one (spec 3 §3)', () => {
    expect(profileEntries(node(all)).map((e) => [e.id, e.value, e.editable])).toEqual([
      ['ice', 7, true],
      ['eco', 18, true],
      ['comfort', 21, true],
    ]);
    const locked = profileEntries(node(all, { eco_temp_editable: false }));
    expect(locked.map((e) => e.editable)).toEqual([true, false, true]);
  });

  test('are none editable while one is unreported: a write carries all three', () => {
    const partial = profileEntries(node({ units: 'C', eco_temp: '18.0', comf_temp: '21.0' }));
    expect(partial.map((e) => e.editable)).toEqual([false, false, false]);
  });
});

describe('the programme of a node that has reported none', () => {
  const node = (setup?: Record<string, unknown>): SnapshotNode => ({
    name: 'Hall',
    addr: 1,
    type: 'htr',
    installed: true,
    lost: false,
    ...(setup ? { setup } : {}),
  });
  test("is eco all week in the slots of the node's schedule method (spec 3 §3)", () => {
    expect(progOf(node({ prog_resol: 1 }))['3']).toEqual(Array(48).fill(1));
    expect(progOf(node({ prog_resol: 0 }))['0']).toEqual(Array(24).fill(1));
    expect(progOf(node())['6']).toEqual(Array(24).fill(1));
  });
});
