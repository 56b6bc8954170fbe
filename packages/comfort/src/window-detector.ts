import {
  WINDOW_DROP_FLOOR_K_PER_H,
  WINDOW_DROP_PER_K_PER_H,
  WINDOW_RECOVER_FLOOR_K_PER_H,
  WINDOW_RECOVER_PER_K_PER_H,
  WINDOW_DROP_K_PER_H,
  WINDOW_HOLD_MAX_MS,
  WINDOW_RECOVER_K_PER_H,
  WINDOW_SPAN_MS,
} from './constants';

/**
 * Open-window detection for one room from the slope of its temperature readings: a fall
 * faster than `dropKPerH` over `spanMs` means a window is open, and heating is held at
 * anti-frost until the fall slows below `recoverKPerH` (the window was shut) or `holdMaxMs`
 * has passed (then it heats again, and only a recovered slope re-arms detection). Given the
 * outdoor temperature, both thresholds scale with the room's lead over it instead (per kelvin,
 * above a floor): a warm room in a hard frost cools fast with every window shut. A device that
 * reports its own `window_open` is believed while it says so, even with detection off.
 */
export interface WindowDetectorConfig {
  enabled: boolean;
  dropKPerH: number;
  spanMs: number;
  recoverKPerH: number;
  holdMaxMs: number;
  /** Used instead of dropKPerH / recoverKPerH when a reading carries the outdoor temperature. */
  dropPerKPerH: number;
  recoverPerKPerH: number;
  dropFloorKPerH: number;
  recoverFloorKPerH: number;
}

export const DEFAULT_WINDOW_DETECTOR: WindowDetectorConfig = {
  enabled: true,
  dropKPerH: WINDOW_DROP_K_PER_H,
  spanMs: WINDOW_SPAN_MS,
  recoverKPerH: WINDOW_RECOVER_K_PER_H,
  holdMaxMs: WINDOW_HOLD_MAX_MS,
  dropPerKPerH: WINDOW_DROP_PER_K_PER_H,
  recoverPerKPerH: WINDOW_RECOVER_PER_K_PER_H,
  dropFloorKPerH: WINDOW_DROP_FLOOR_K_PER_H,
  recoverFloorKPerH: WINDOW_RECOVER_FLOOR_K_PER_H,
};

export interface WindowReading {
  ms: number;
  roomC: number;
  /** The device's own window_open, when it reports one. */
  deviceWindowOpen?: boolean;
  /** The outdoor temperature, when known: the thresholds then scale with the room's lead. */
  outdoorC?: number;
}

export type WindowReason = 'slope' | 'device';

export interface WindowState {
  /** Hold heating at anti-frost. */
  hold: boolean;
  reason: WindowReason | null;
  /** When the current hold began. */
  sinceMs: number | null;
  /** The slope over the last span, K/h (null until the span is covered). */
  slopeKPerH: number | null;
}

export type WindowEvent =
  | { kind: 'opened'; atMs: number; reason: WindowReason; slopeKPerH: number | null }
  | { kind: 'closed'; atMs: number; why: 'recovered' | 'timeout' | 'device' };

function checkConfig(c: WindowDetectorConfig): void {
  const positive: Array<keyof WindowDetectorConfig> = [
    'dropKPerH',
    'spanMs',
    'recoverKPerH',
    'dropPerKPerH',
    'recoverPerKPerH',
    'dropFloorKPerH',
    'recoverFloorKPerH',
    'holdMaxMs',
  ];
  for (const key of positive) {
    const v = c[key];
    if (typeof v !== 'number' || !(v > 0))
      throw new Error(`window detector: ${key} must be a positive number`);
  }
  if (c.recoverKPerH >= c.dropKPerH) {
    throw new Error('window detector: recoverKPerH must be below dropKPerH');
  }
  if (c.recoverPerKPerH >= c.dropPerKPerH || c.recoverFloorKPerH >= c.dropFloorKPerH) {
    throw new Error('window detector: the recover thresholds must be below the drop thresholds');
  }
}

/** Least-squares slope of the readings, K/h. */
function slope(readings: readonly WindowReading[]): number {
  const n = readings.length;
  const t0 = readings[0]?.ms ?? 0;
  let st = 0;
  let sy = 0;
  for (const r of readings) {
    st += (r.ms - t0) / 3_600_000;
    sy += r.roomC;
  }
  const mt = st / n;
  const my = sy / n;
  let num = 0;
  let den = 0;
  for (const r of readings) {
    const dt = (r.ms - t0) / 3_600_000 - mt;
    num += dt * (r.roomC - my);
    den += dt * dt;
  }
  return den === 0 ? 0 : num / den;
}

export class WindowDetector {
  readonly config: WindowDetectorConfig;
  private readings: WindowReading[] = [];
  private state: WindowState = { hold: false, reason: null, sinceMs: null, slopeKPerH: null };
  /** After a timed-out hold, detection waits for the fall to slow first. */
  private waitingForRecovery = false;

  constructor(config: Partial<WindowDetectorConfig> = {}) {
    this.config = { ...DEFAULT_WINDOW_DETECTOR, ...config };
    checkConfig(this.config);
  }

  get current(): WindowState {
    return { ...this.state };
  }

  /** Takes one reading (in time order) and says what changed, if anything. */
  observe(reading: WindowReading): WindowEvent | null {
    const badOutdoor = reading.outdoorC !== undefined && !Number.isFinite(reading.outdoorC);
    if (!Number.isFinite(reading.roomC) || !Number.isFinite(reading.ms) || badOutdoor) {
      throw new Error('window detector: a reading needs a finite time and temperature');
    }
    const last = this.readings[this.readings.length - 1];
    if (last && reading.ms <= last.ms)
      throw new Error('window detector: readings must come in time order');
    const c = this.config;
    this.readings.push(reading);
    while ((this.readings[0]?.ms ?? reading.ms) < reading.ms - c.spanMs) this.readings.shift();
    const covered = reading.ms - (this.readings[0]?.ms ?? reading.ms) >= c.spanMs * 0.8;
    const s = covered && this.readings.length >= 3 ? slope(this.readings) : null;
    this.state.slopeKPerH = s;
    const st = this.state;
    const lead = reading.outdoorC === undefined ? null : reading.roomC - reading.outdoorC;
    const drop = lead === null ? c.dropKPerH : Math.max(c.dropFloorKPerH, c.dropPerKPerH * lead);
    const recover =
      lead === null ? c.recoverKPerH : Math.max(c.recoverFloorKPerH, c.recoverPerKPerH * lead);

    if (reading.deviceWindowOpen === true) {
      if (st.hold && st.reason === 'device') return null;
      this.state = { hold: true, reason: 'device', sinceMs: reading.ms, slopeKPerH: s };
      return { kind: 'opened', atMs: reading.ms, reason: 'device', slopeKPerH: s };
    }
    if (st.hold && st.reason === 'device') {
      this.state = { hold: false, reason: null, sinceMs: null, slopeKPerH: s };
      return { kind: 'closed', atMs: reading.ms, why: 'device' };
    }
    if (!c.enabled) {
      if (st.hold) {
        this.state = { hold: false, reason: null, sinceMs: null, slopeKPerH: s };
        return { kind: 'closed', atMs: reading.ms, why: 'recovered' };
      }
      return null;
    }
    if (st.hold) {
      const heldMs = reading.ms - (st.sinceMs ?? reading.ms);
      // The readings of the first fall must have left the span before a slope can say "shut".
      if (heldMs >= c.spanMs && s !== null && s > -recover) {
        this.state = { hold: false, reason: null, sinceMs: null, slopeKPerH: s };
        return { kind: 'closed', atMs: reading.ms, why: 'recovered' };
      }
      if (heldMs >= c.holdMaxMs) {
        this.waitingForRecovery = true;
        this.state = { hold: false, reason: null, sinceMs: null, slopeKPerH: s };
        return { kind: 'closed', atMs: reading.ms, why: 'timeout' };
      }
      return null;
    }
    if (s === null) return null;
    if (this.waitingForRecovery) {
      if (s > -recover) this.waitingForRecovery = false;
      return null;
    }
    if (s <= -drop) {
      this.state = { hold: true, reason: 'slope', sinceMs: reading.ms, slopeKPerH: s };
      return { kind: 'opened', atMs: reading.ms, reason: 'slope', slopeKPerH: s };
    }
    return null;
  }
}
