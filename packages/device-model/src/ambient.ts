import type { DeviceClock } from '@hearth/protocol';
import type { HeaterNode } from './node';
import { slotAt } from './programme';
import { hashString } from './rng';

/**
 * People and windows around the simulated nodes: who is in a room and when a window is
 * aired, decided per node and quarter hour from a hash of the node and the time, so a
 * given gateway lives the same day every time it is simulated.
 */
export const AMBIENT_STEP_MS = 15 * 60_000;
/** Chance that a PIR sees someone in a quarter hour: comfort slots, other slots. */
export const PRESENCE_IN_COMFORT = 0.85;
export const PRESENCE_OTHERWISE = 0.1;
/** Chance that a window is aired for a quarter hour in the daytime (07:00–22:00). */
export const WINDOW_AIRING = 0.02;
const DAY_FROM_H = 7;
const DAY_TO_H = 22;

function chance(uid: string, what: string, step: number): number {
  return hashString(`${uid}|${what}|${step}`) / 4_294_967_296;
}

export interface SensorOverride {
  value: boolean;
  untilMs: number;
}

/**
 * Sets presence and windowOpen of a heater for the moment `ms` (local time `t`). `ambient`
 * lets the seeded day decide both; `airing` (default: as `ambient`) decides the windows alone,
 * so false keeps them shut. An override (setPresence, setWindow) wins while it lasts.
 */
export function updateAmbient(
  node: HeaterNode,
  ms: number,
  t: Pick<DeviceClock, 'w' | 'h' | 'm'>,
  overrides: { presence?: SensorOverride; window?: SensorOverride } | undefined,
  ambient: boolean,
  airing: boolean = ambient,
): void {
  const step = Math.floor(ms / AMBIENT_STEP_MS);
  const uid = node.version.uid;
  const presence = overrides?.presence;
  if (presence && ms < presence.untilMs) node.presence = presence.value;
  else if (ambient && node.sensors.pir) {
    const p = slotAt(node.prog, t) === 2 ? PRESENCE_IN_COMFORT : PRESENCE_OTHERWISE;
    node.presence = chance(uid, 'pir', step) < p;
  } else node.presence = false;
  const window = overrides?.window;
  if (window && ms < window.untilMs) node.windowOpen = window.value;
  else if (airing) {
    const daytime = t.h >= DAY_FROM_H && t.h < DAY_TO_H;
    node.windowOpen = daytime && chance(uid, 'window', step) < WINDOW_AIRING;
  } else node.windowOpen = false;
}
