import { describe, expect, test } from 'vitest';
import type { SnapshotNode } from '@hearth/protocol';
import { formatTemp, progOf } from './schedule-model';

describe('schedule profile temperatures', () => {
  test('read with one decimal in the language number format, as the cards and the detail', () => {
    expect(formatTemp(21, 'C', 'en')).toBe('21.0 °C');
    expect(formatTemp(21.5, 'C', 'es')).toBe('21,5 °C');
    expect(formatTemp(68, 'F', 'en')).toBe('68.0 °F');
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
