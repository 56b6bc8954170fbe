import {
  WINDOW_HOLD_MAX_MS,
  WINDOW_SPAN_MS,
  WindowDetector,
  type WindowReason,
} from '@hearth/comfort';

/**
 * A room's open-window hold as the server keeps it between reports (comfort_rooms.state):
 * plain JSON, so whichever process ingests the next report carries on. The detector of
 * `@hearth/comfort` keeps its readings in memory; here they are stored and replayed, which
 * gives the same slope in every process.
 */
export interface StoredWindow {
  /** The readings of the last spans, °C, in time order. */
  readings: { ms: number; roomC: number; open?: boolean }[];
  hold: boolean;
  reason: WindowReason | null;
  sinceMs: number | null;
  /** After a hold that timed out or was overridden: wait for the fall to slow first. */
  rearm: boolean;
}

export const emptyWindow = (): StoredWindow => ({
  readings: [],
  hold: false,
  reason: null,
  sinceMs: null,
  rearm: false,
});

export type WindowChange =
  | { kind: 'opened'; reason: WindowReason; slopeKPerH: number | null; holdUntilMs: number }
  | { kind: 'closed'; why: 'recovered' | 'timeout' | 'device' | 'override' };

/** The stored window of a room's state, or a fresh one when it holds none (or a malformed one). */
export function readStoredWindow(state: Record<string, unknown>): StoredWindow {
  const w = state.window as Partial<StoredWindow> | undefined;
  if (!w || typeof w !== 'object' || !Array.isArray(w.readings)) return emptyWindow();
  return {
    readings: w.readings.filter((r) => r && Number.isFinite(r.ms) && Number.isFinite(r.roomC)),
    hold: w.hold === true,
    reason: w.reason === 'slope' || w.reason === 'device' ? w.reason : null,
    sinceMs: typeof w.sinceMs === 'number' ? w.sinceMs : null,
    rearm: w.rearm === true,
  };
}

/** The least-squares slope (K/h) and whether the detector would hold, over `readings`. */
function replay(readings: StoredWindow['readings']) {
  const detector = new WindowDetector();
  for (const r of readings)
    detector.observe({
      ms: r.ms,
      roomC: r.roomC,
      ...(r.open === undefined ? {} : { deviceWindowOpen: r.open }),
    });
  return { current: detector.current, recoverKPerH: detector.config.recoverKPerH };
}

/** The hold ended: the readings of the fall are forgotten, so that it cannot trigger again. */
function closed(last: StoredWindow['readings'][number], rearm: boolean): StoredWindow {
  return { readings: [last], hold: false, reason: null, sinceMs: null, rearm };
}

/**
 * One reading of a room with window detection on: the new stored window and what changed.
 * A reading not later than the last stored one is ignored (two processes raced).
 */
export function windowStep(
  stored: StoredWindow,
  reading: { ms: number; roomC: number; deviceWindowOpen?: boolean },
): { next: StoredWindow; change: WindowChange | null } {
  const lastMs = stored.readings.at(-1)?.ms ?? -Infinity;
  if (!(reading.ms > lastMs)) return { next: stored, change: null };
  const entry = {
    ms: reading.ms,
    roomC: reading.roomC,
    ...(reading.deviceWindowOpen === undefined ? {} : { open: reading.deviceWindowOpen }),
  };
  const readings = [...stored.readings, entry].filter(
    (r) => r.ms >= reading.ms - 2 * WINDOW_SPAN_MS,
  );
  const { current, recoverKPerH } = replay(readings);
  const slope = current.slopeKPerH;
  const at = reading.ms;
  if (stored.hold) {
    if (reading.deviceWindowOpen === true && stored.reason === 'device')
      return { next: { ...stored, readings }, change: null };
    const sinceMs = stored.sinceMs ?? at;
    if (at - sinceMs >= WINDOW_HOLD_MAX_MS)
      return { next: closed(entry, true), change: { kind: 'closed', why: 'timeout' } };
    if (stored.reason === 'device')
      return { next: closed(entry, false), change: { kind: 'closed', why: 'device' } };
    // The readings of the first fall must have left the span before a slope can say "shut".
    if (at - sinceMs >= WINDOW_SPAN_MS && slope !== null && slope > -recoverKPerH)
      return { next: closed(entry, false), change: { kind: 'closed', why: 'recovered' } };
    return { next: { ...stored, readings }, change: null };
  }
  const open = (reason: WindowReason) => ({
    next: { readings, hold: true, reason, sinceMs: at, rearm: false },
    change: {
      kind: 'opened' as const,
      reason,
      slopeKPerH: slope,
      holdUntilMs: at + WINDOW_HOLD_MAX_MS,
    },
  });
  if (reading.deviceWindowOpen === true) return open('device');
  if (stored.rearm) {
    const slowed = slope !== null && slope > -recoverKPerH;
    return { next: slowed ? closed(entry, false) : { ...stored, readings }, change: null };
  }
  if (current.hold && current.reason === 'slope') return open('slope');
  return { next: { ...stored, readings }, change: null };
}

/** A one-tap override of a hold: heating resumes now; detection waits for the fall to slow. */
export function windowOverride(stored: StoredWindow): StoredWindow {
  const last = stored.readings.at(-1);
  return last ? closed(last, true) : { ...emptyWindow(), rearm: true };
}
