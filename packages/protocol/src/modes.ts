/** Node modes (spec 3 §3). */
export const NODE_MODES = [
  'auto',
  'manual',
  'off',
  'setback',
  'runback',
  'easy',
  'boost',
  'modified_auto',
  'on',
] as const;
export type NodeMode = (typeof NODE_MODES)[number];

/** Weekly programme slot values: 0 anti-frost (ice), 1 eco, 2 comfort (timer nodes: 0 off, 1 on). */
export const PROG_SLOT_VALUES = [0, 1, 2] as const;
export type ProgSlotValue = (typeof PROG_SLOT_VALUES)[number];

/** Day keys of `prog`: "0" is Sunday. */
export const PROG_DAY_KEYS = ['0', '1', '2', '3', '4', '5', '6'] as const;
export type ProgDayKey = (typeof PROG_DAY_KEYS)[number];

/** Slots per day: hourly or half-hourly resolution. */
export const PROG_SLOTS_HOURLY = 24;
export const PROG_SLOTS_HALF_HOURLY = 48;
