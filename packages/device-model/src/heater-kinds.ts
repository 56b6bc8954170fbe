/**
 * Heater kinds of the comfort simulation, each with the time constants that set how a room
 * around it warms. The room obeys the first-order model of thermal.ts with its own time
 * constant and design rise; the heater's output follows what its thermostat asks for through a
 * first-order lag of its own: a convector's air heats in minutes, an oil-filled radiator's oil
 * in half an hour, a storage heater's damper lets its core out more slowly still and never at
 * full rating.
 */
export type HeaterKind = 'convector' | 'oil' | 'storage';

export const HEATER_KINDS: readonly HeaterKind[] = ['convector', 'oil', 'storage'];

export interface HeaterKindParams {
  /** English name, for bench tables. */
  label: string;
  /** Time constant of the room it heats, s (heat loss through walls and air change). */
  roomTauS: number;
  /**
   * Kelvin above outdoors that full output holds the room at: heaters sized, as installers do,
   * about a third above the heat loss at a −7 °C design day (28 K).
   */
  designRiseK: number;
  /** Time constant of the heater's output following its thermostat's demand, s. */
  outputLagS: number;
  /** Largest output as a fraction of the rating (a storage heater's damper, wide open). */
  maxOutput: number;
}

export const HEATER_KIND_PARAMS: Record<HeaterKind, HeaterKindParams> = {
  convector: {
    label: 'fast convector',
    roomTauS: 4 * 3600,
    designRiseK: 36,
    outputLagS: 3 * 60,
    maxOutput: 1,
  },
  oil: {
    label: 'oil-filled radiator',
    roomTauS: 5 * 3600,
    designRiseK: 34,
    outputLagS: 30 * 60,
    maxOutput: 1,
  },
  storage: {
    label: 'storage heater',
    roomTauS: 5 * 3600,
    designRiseK: 38,
    outputLagS: 50 * 60,
    maxOutput: 0.8,
  },
};
