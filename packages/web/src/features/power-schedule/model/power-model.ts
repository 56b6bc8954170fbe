import {
  DEFAULT_PROFILE_LIMIT_W,
  HOME_SETTINGS_DEFAULT_FIXED_POWER_W,
  inferMaxPowerType,
  isPowerScheduleEmpty,
  POWER_LIMITLESS,
  slotsToGrid,
  switchMaxPowerType,
  takesPowerSchedule,
  type Dev,
  type MaxPowerType,
  type PmoSystem,
  type PowerGrid,
  type PowerProfile,
  type PowerSlot,
} from '@hearth/protocol';
import type { PowerConfig, PowerTargetDev } from '../api/use-power-writes';
import type { ExtraData } from '../api/power-api';

export interface PowerState {
  type: MaxPowerType;
  profiles: PowerProfile[];
  /** Display rows (weekDayOrder of the language) × 24 hours; undefined while the schedule is empty. */
  grid: PowerGrid | undefined;
}

export function initialPowerState(
  extra: ExtraData,
  slots: readonly PowerSlot[] | undefined,
  lang: string,
): PowerState {
  const profiles = extra.maxPowerProfiles ?? [];
  return {
    type: inferMaxPowerType(extra.maxPowerType, profiles.length),
    profiles,
    grid: isPowerScheduleEmpty(slots) ? undefined : slotsToGrid(slots ?? [], lang),
  };
}

/** Spec 3 §4: wifi-heater products are left out of the power schedule. */
export function powerTargets(
  devs: readonly Dev[],
  devData: (devId: string) => { pmo_system?: PmoSystem } | undefined,
): PowerTargetDev[] {
  return devs.filter(takesPowerSchedule).map((d) => ({
    devId: d.dev_id,
    mainCircuitPmos: devData(d.dev_id)?.pmo_system?.main_circuit_pmos ?? [],
  }));
}

/** The fixed value shown for a home on the fixed type, or the home settings default. */
export function fixedValueOf(state: PowerState): number {
  const value = state.profiles[0]?.value;
  return state.type === 'fixed' && value !== undefined && value > 0
    ? value
    : HOME_SETTINGS_DEFAULT_FIXED_POWER_W;
}

/**
 * Spec 2 §4: fixed and noLimit keep one profile on the seven default slots; schedule starts
 * empty. The single profile takes a translated name and the first colour.
 */
export function configForType(
  type: MaxPowerType,
  fixedValue: number,
  profileName: string,
): PowerConfig {
  const { profiles, slots } = switchMaxPowerType(type, fixedValue);
  return {
    type,
    profiles: profiles.map((value) => ({ name: profileName, color: '#e8772e', value })),
    slots,
  };
}

/** What the limit input shows when a profile is edited: limitless shows the default. */
export function limitInputOf(value: number): string {
  return value === POWER_LIMITLESS ? String(DEFAULT_PROFILE_LIMIT_W) : String(value);
}
