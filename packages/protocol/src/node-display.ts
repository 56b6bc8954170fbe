import type { SnapshotNode } from './wire';

/**
 * How a node card reads (spec 3 §2 "Node display states"), in the order the spec
 * checks them. `offline` is a real state, not a missing value.
 */
export const NODE_DISPLAY_STATES = [
  'uninstalled',
  'offline',
  'timer',
  'off',
  'unsync',
  'temperature',
] as const;
export type NodeDisplayState = (typeof NODE_DISPLAY_STATES)[number];

/** Sensor mode 3 (no probe) makes a heater a timer (spec 3 §3 "Reference lists"). */
export const TIMER_SENSOR_MODE = 3;

type DisplayInput = Pick<SnapshotNode, 'installed' | 'lost' | 'status' | 'setup'>;

export function isTimerNode(node: DisplayInput): boolean {
  const extra = node.setup?.extra_options;
  const sensorMode =
    typeof extra === 'object' && extra !== null
      ? (extra as { sensor_mode?: unknown }).sensor_mode
      : undefined;
  return sensorMode === TIMER_SENSOR_MODE;
}

export function nodeDisplayState(node: DisplayInput): NodeDisplayState {
  if (!node.installed) return 'uninstalled';
  if (node.lost || node.status?.stemp === undefined) return 'offline';
  if (isTimerNode(node)) return 'timer';
  if (node.status.mode === 'off') return 'off';
  if (node.status.sync_status === 'unsync') return 'unsync';
  return 'temperature';
}

/** A timer is off when its mode is off or its set temperature is zero (spec 3 §2). */
export function isTimerOn(node: DisplayInput): boolean {
  const stemp = Number(node.status?.stemp ?? '0');
  return node.status?.mode !== 'off' && stemp !== 0;
}
