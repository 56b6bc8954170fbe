import { WINDOW_HOLD_MAX_MS } from '@hearth/comfort';
import { describe, expect, it } from 'vitest';
import {
  emptyWindow,
  readStoredWindow,
  windowOverride,
  windowStep,
  type StoredWindow,
  type WindowChange,
} from './window-hold';

const MIN = 60_000;

/** Feeds readings a minute apart through JSON (as the row stores them); the changes seen. */
function run(temps: number[], from = emptyWindow(), startMin = 0) {
  let stored: StoredWindow = from;
  const changes: Array<{ min: number; change: WindowChange }> = [];
  temps.forEach((roomC, i) => {
    const min = startMin + i;
    const { next, change } = windowStep(stored, { ms: min * MIN, roomC });
    stored = readStoredWindow(JSON.parse(JSON.stringify({ window: next })));
    if (change) changes.push({ min, change });
  });
  return { stored, changes };
}

const steady = (n: number, c = 20) => Array<number>(n).fill(c);
const falling = (n: number, from: number, perMin = 0.5) =>
  Array.from({ length: n }, (_, i) => from - perMin * (i + 1));

describe('open-window hold between reports', () => {
  it('holds on a fast fall and ends the hold when the fall slows', () => {
    const { stored, changes } = run([...steady(5), ...falling(4, 20), ...steady(8, 18)]);
    expect(changes.map((c) => c.change.kind)).toEqual(['opened', 'closed']);
    expect(changes[0]?.change).toMatchObject({ kind: 'opened', reason: 'slope' });
    expect(changes[1]?.change).toEqual({ kind: 'closed', why: 'recovered' });
    expect(stored.hold).toBe(false);
  });

  it('ends a hold after 30 min at most, then waits for the fall to slow before holding again', () => {
    const minutes = WINDOW_HOLD_MAX_MS / MIN + 12;
    const { stored, changes } = run([...steady(5), ...falling(minutes, 20, 0.3)]);
    expect(changes.map((c) => c.change)).toEqual([
      expect.objectContaining({ kind: 'opened' }),
      { kind: 'closed', why: 'timeout' },
    ]);
    const [opened, closed] = changes;
    expect((closed?.min ?? 0) - (opened?.min ?? 0)).toBe(WINDOW_HOLD_MAX_MS / MIN);
    expect(stored.rearm).toBe(true);
    // Once the fall has slowed, a new fall holds again.
    const again = run([...steady(6, 5), ...falling(5, 5)], stored, 100);
    expect(again.changes.map((c) => c.change.kind)).toEqual(['opened']);
  });

  it("believes the heater's own window_open, and a reading out of order changes nothing", () => {
    let s = emptyWindow();
    const open = windowStep(s, { ms: MIN, roomC: 20, deviceWindowOpen: true });
    expect(open.change).toMatchObject({ kind: 'opened', reason: 'device' });
    s = open.next;
    expect(windowStep(s, { ms: MIN, roomC: 10 })).toEqual({ next: s, change: null });
    const shut = windowStep(s, { ms: 2 * MIN, roomC: 20, deviceWindowOpen: false });
    expect(shut.change).toEqual({ kind: 'closed', why: 'device' });
  });

  it('an override ends the hold and rearms only once the fall slows', () => {
    const held = run([...steady(5), ...falling(4, 20)]).stored;
    expect(held.hold).toBe(true);
    const after = windowOverride(held);
    expect(after).toMatchObject({ hold: false, rearm: true });
    expect(run(falling(6, 18), after, 9).changes).toEqual([]);
  });

  it('reads a malformed stored window as a fresh one', () => {
    expect(readStoredWindow({ window: 'open' })).toEqual(emptyWindow());
    expect(readStoredWindow({})).toEqual(emptyWindow());
    expect(
      readStoredWindow({ window: { readings: [{ ms: 'x', roomC: 1 }, null], hold: 'yes' } }),
    ).toEqual(emptyWindow());
  });
});
