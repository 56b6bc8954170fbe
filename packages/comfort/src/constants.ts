/**
 * Product constants of the comfort decisions ("Comfort that thinks ahead"). Ours: the vendor
 * specification has no optimum start, window detection from the temperature slope or holidays.
 */
const MIN = 60_000;

/** Optimum start never begins heating more than this long before a programmed rise. */
export const OPTIMUM_START_MAX_LEAD_MS = 3 * 60 * MIN;
/** Lead used while a room has taught too little (fewer than OPTIMUM_START_MIN_EPISODES rises). */
export const OPTIMUM_START_FIXED_LEAD_MS = 60 * MIN;
export const OPTIMUM_START_MIN_EPISODES = 2;
/** A room counts as at comfort within this many kelvin below its target. */
export const COMFORT_REACHED_MARGIN_K = 0.5;
/** Optimum start aims to be at comfort this long before the programmed time. */
export const OPTIMUM_START_AIM_EARLY_MS = 3 * MIN;
/** A rise whose gap is smaller than this teaches nothing about warming. */
export const OPTIMUM_START_MIN_GAP_K = 1;
/** How long after a programmed rise a warm-up that has not arrived is closed and learned from. */
export const OPTIMUM_START_GIVE_UP_MS = 3 * 60 * MIN;
/** Weight each past warm-up keeps when a new one is learned (older mornings fade). */
export const OPTIMUM_START_FORGETTING = 0.92;
/** What a room is assumed to do before it has taught anything: K/h, at any outdoor temperature. */
export const OPTIMUM_START_PRIOR_RATE_K_PER_H = 2;

/** Open-window detection: heating is held at anti-frost for at most this long. */
export const WINDOW_HOLD_MAX_MS = 30 * MIN;
/** A fall at least this fast (K/h) over the detection span means an open window. */
export const WINDOW_DROP_K_PER_H = 9;
/** The span of readings the slope is taken over. */
export const WINDOW_SPAN_MS = 4 * MIN;
/** The window counts as closed again once the fall is slower than this (K/h). */
export const WINDOW_RECOVER_K_PER_H = 6;
/**
 * With the outdoor temperature known, the thresholds scale with the room's lead over it (a room
 * loses heat in proportion): open at a fall of this many K/h per kelvin above outdoors…
 */
export const WINDOW_DROP_PER_K_PER_H = 0.45;
/** …shut again below this many… */
export const WINDOW_RECOVER_PER_K_PER_H = 0.35;
/** …and never below these floors, which keep sensor noise (about 1 K/h over 4 min) out. */
export const WINDOW_DROP_FLOOR_K_PER_H = 6;
export const WINDOW_RECOVER_FLOOR_K_PER_H = 4;
/**
 * The outdoor temperature optimum start assumes when none is known (no place set for the home,
 * or the weather service unreachable): a mild winter day, where the prior rate is quoted.
 */
export const OPTIMUM_START_DEFAULT_OUTDOOR_C = 5;
