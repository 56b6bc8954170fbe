import { isWifiHeaterProduct } from '../node-types';
import {
  DEFAULT_PROFILE_LIMIT_W,
  MAX_POWER_PROFILES,
  POWER_LIMITLESS,
  POWER_LIMIT_MAX_W,
  POWER_LIMIT_MIN_W,
  POWER_LIMIT_NONE,
  POWER_SCHEDULE_NARROW_PX,
  PROFILE_NAME_CROWDED_OVER,
  PROFILE_NAME_CUT,
  PROFILE_NAME_CUT_CROWDED,
} from './constants';
import { defaultPowerSlots, type PowerSlot } from './power-schedule';

/** Spec 3 §3: a power profile of the home's extra data; value -1 is limitless. */
export interface PowerProfile {
  name: string;
  color: string;
  value: number;
}

/** Spec 2 §3: fixed, schedule or noLimit. */
export const MAX_POWER_TYPES = ['fixed', 'schedule', 'noLimit'] as const;
export type MaxPowerType = (typeof MAX_POWER_TYPES)[number];

/** Spec 2 §3: the other notation of the same three types, as other clients save them. */
export const MAX_POWER_TYPE_ALIASES: Readonly<Record<string, MaxPowerType>> = {
  FIXED_POWER: 'fixed',
  POWER_SCHEDULE: 'schedule',
  NO_POWER_LIMIT: 'noLimit',
};

/** Spec 2 §4: the saved type wins; otherwise 0 profiles is noLimit, 1 fixed, more schedule. */
export function inferMaxPowerType(saved: string | undefined, profileCount: number): MaxPowerType {
  if (saved !== undefined && (MAX_POWER_TYPES as readonly string[]).includes(saved))
    return saved as MaxPowerType;
  if (saved !== undefined && Object.hasOwn(MAX_POWER_TYPE_ALIASES, saved))
    return MAX_POWER_TYPE_ALIASES[saved] as MaxPowerType;
  if (profileCount === 0) return 'noLimit';
  return profileCount === 1 ? 'fixed' : 'schedule';
}

/**
 * Spec 2 §4: fixed or noLimit keep a single profile (the fixed value, or -1) on the seven default
 * slots; schedule starts from nothing.
 */
export function switchMaxPowerType(
  type: MaxPowerType,
  fixedValue: number = DEFAULT_PROFILE_LIMIT_W,
): { profiles: number[]; slots: PowerSlot[] } {
  if (type === 'schedule') return { profiles: [], slots: [] };
  return {
    profiles: [type === 'fixed' ? fixedValue : POWER_LIMITLESS],
    slots: defaultPowerSlots(),
  };
}

/**
 * Spec 2 §4: slots of the removed profile fall back to 0, higher indexes shift down;
 * with no profile left the slots are cleared.
 */
export function removeProfile<P>(
  profiles: readonly P[],
  slots: readonly PowerSlot[],
  index: number,
): { profiles: P[]; slots: PowerSlot[] } {
  const rest = profiles.filter((_, i) => i !== index);
  if (rest.length === 0) return { profiles: rest, slots: [] };
  const reindexed = slots.map((s) => {
    if (s.i === index) return { m: s.m, i: 0 };
    return s.i > index ? { m: s.m, i: s.i - 1 } : { ...s };
  });
  return { profiles: rest, slots: reindexed };
}

/** Spec 3 §4: "<label> N" with the smallest N ≥ 1 that no existing profile uses. */
export function nextProfileName(existing: readonly string[], label: string): string {
  const taken = new Set(existing.map((n) => n.trim().toLowerCase()));
  for (let n = 1; ; n += 1) {
    const name = `${label} ${n}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

/**
 * Ruling D1: at most 4 profiles (the named constant wins over an "add while the count is at
 * most 4" that would allow a fifth): "Add profile" goes away at 4.
 */
export function canAddProfile(count: number, creating = false): boolean {
  return !creating && count < MAX_POWER_PROFILES;
}

/** A new profile: automatic name, a random colour, limitless (spec 3 §4). */
export function newProfile(
  existingNames: readonly string[],
  label: string,
  random: () => number = Math.random,
): PowerProfile {
  const color = `#${Math.floor(random() * 0x1000000)
    .toString(16)
    .padStart(6, '0')}`;
  return { name: nextProfileName(existingNames, label), color, value: POWER_LIMITLESS };
}

export function isLimitless(value: number): boolean {
  return value === POWER_LIMITLESS;
}

/**
 * Spec 3 §5, spec 2 §5: an empty profile value is stored as 0; the limitless toggle stores -1.
 * The limit is a number: anything else is NaN, which no limit check lets through (it is not
 * quietly stored as 0, "none").
 */
export function profileValueFromInput(input: string, limitless: boolean): number {
  if (limitless) return POWER_LIMITLESS;
  const trimmed = input.trim();
  if (trimmed === '') return 0;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : Number.NaN;
}

/** Spec 2 §5: a fixed max power is 1000 to 60000 W inclusive. */
export function isValidMaxPower(value: number): boolean {
  return Number.isFinite(value) && value >= POWER_LIMIT_MIN_W && value <= POWER_LIMIT_MAX_W;
}

export type HeaterPowerLimitCheck =
  { ok: true; value: number } | { ok: false; error: 'notWholeNumber' | 'outOfRange' };

/** Spec 2 §5: heater-system power limit is a whole number; 0 means none, otherwise 1000–60000 W. */
export function validateHeaterPowerLimit(input: string | number): HeaterPowerLimitCheck {
  const text = String(input).trim();
  if (!/^\d+$/.test(text)) return { ok: false, error: 'notWholeNumber' };
  const value = Number(text);
  if (value === POWER_LIMIT_NONE || isValidMaxPower(value)) return { ok: true, value };
  return { ok: false, error: 'outOfRange' };
}

/** Spec 3 §4: wifi-heater products are left out when the power schedule is saved. */
export function takesPowerSchedule(dev: { product_id: string }): boolean {
  return !isWifiHeaterProduct(dev.product_id);
}

/** Spec 3 §2: under 600 px names are cut to 10 characters, or 5 with more than 3 profiles. */
export function profileDisplayName(name: string, widthPx: number, profileCount: number): string {
  if (widthPx >= POWER_SCHEDULE_NARROW_PX) return name;
  const cut =
    profileCount > PROFILE_NAME_CROWDED_OVER ? PROFILE_NAME_CUT_CROWDED : PROFILE_NAME_CUT;
  return name.slice(0, cut);
}

/** What a legend shows: the wattage or the limitless label. */
export function profileLegend(
  value: number,
): { limitless: true } | { limitless: false; watts: number } {
  return isLimitless(value) ? { limitless: true } : { limitless: false, watts: value };
}
