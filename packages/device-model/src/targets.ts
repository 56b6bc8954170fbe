import {
  parseDecimal,
  runbackSettings,
  TIMER_SENSOR_MODE,
  type TemperatureUnits,
} from '@hearth/protocol';
import type { DeviceClock } from '@hearth/protocol';
import type { HeaterNode } from './node';
import { slotAt } from './programme';
import { convertDelta, toCelsius } from './units';

/**
 * What each mode heats to (docs/device-protocol.md "How the reference gateway heats"):
 *
 * - auto: the weekly programme (0 anti-frost, 1 eco, 2 comfort); with the PIR enabled an
 *   empty room in a comfort slot gets eco (pir_priority 0), or an occupied room in an eco
 *   slot gets comfort (pir_priority 1). A timer (sensor mode 3, no probe) reads its programme
 *   as 0 off, 1 on (spec 3 §9 prog): comfort in an on slot, nothing in an off slot.
 * - modified_auto, manual, easy, on: the node's set point.
 * - setback: the setback temperature of the setup (extra_options.setback_temp).
 * - boost, runback: the temperature they were started with, until their time is up.
 * - off: nothing, or anti-frost when anti_frost_protection_enabled.
 * Then: away lowers auto, modified_auto, manual and easy by away_offset (never below
 * anti-frost), and an open window that the node detects holds it at anti-frost.
 */
export const DEFAULT_SETBACK_C = 17;
export const DEFAULT_RUNBACK_C = 18;
export const DEFAULT_RUNBACK_MINUTES = 60;
export const DEFAULT_AWAY_OFFSET_C = 2;

export const PIR_PRIORITY_ECO = 0;
export const PIR_PRIORITY_COMFORT = 1;

const AWAY_LOWERED = new Set(['auto', 'modified_auto', 'manual', 'easy']);

export function extraOptions(node: HeaterNode): Record<string, unknown> {
  const extra = node.setup.extra_options;
  return typeof extra === 'object' && extra !== null ? (extra as Record<string, unknown>) : {};
}

/** A temperature of the setup in °C, or the fallback. */
export function setupTempC(value: unknown, units: TemperatureUnits, fallbackC: number): number {
  const parsed = parseDecimal(
    typeof value === 'string' || typeof value === 'number' ? value : undefined,
  );
  return parsed === undefined ? fallbackC : toCelsius(parsed, units);
}

export function setbackC(node: HeaterNode): number {
  return setupTempC(extraOptions(node).setback_temp, node.units, DEFAULT_SETBACK_C);
}

export function runbackDefaults(node: HeaterNode): {
  tempC: number;
  maxC: number;
  minutes: number;
} {
  const r = runbackSettings(extraOptions(node), node.units);
  return {
    tempC: r.defaultC ?? DEFAULT_RUNBACK_C,
    maxC: r.maxC ?? node.maxC,
    minutes: r.maxMinutes ?? DEFAULT_RUNBACK_MINUTES,
  };
}

function awayOffsetC(node: HeaterNode): number {
  const raw = node.setup.away_offset;
  const parsed = parseDecimal(typeof raw === 'string' || typeof raw === 'number' ? raw : undefined);
  return parsed === undefined ? DEFAULT_AWAY_OFFSET_C : convertDelta(parsed, node.units, 'C');
}

export function pirEnabled(node: HeaterNode): boolean {
  return node.sensors.pir && node.setup.pir_enabled === true;
}

/** Sensor mode 3 (no probe) makes a heater a timer (spec 3 §3 "Reference lists"). */
export function isTimer(node: HeaterNode): boolean {
  return extraOptions(node).sensor_mode === TIMER_SENSOR_MODE;
}

/** The node reports an open window only when it has the sensor and detection is on. */
export function windowDetected(node: HeaterNode): boolean {
  return node.sensors.window && node.setup.window_mode_enabled === true && node.windowOpen;
}

export function programmeC(node: HeaterNode, t: Pick<DeviceClock, 'w' | 'h' | 'm'>): number {
  let slot = slotAt(node.prog, t);
  if (pirEnabled(node)) {
    const priority = Number(node.setup.pir_priority ?? PIR_PRIORITY_ECO);
    if (slot === 2 && !node.presence && priority === PIR_PRIORITY_ECO) slot = 1;
    else if (slot === 1 && node.presence && priority === PIR_PRIORITY_COMFORT) slot = 2;
  }
  return slot === 2 ? node.comfC : slot === 1 ? node.ecoC : node.iceC;
}

/** The temperature the node heats to now, °C; null when it does not heat. */
export function heaterTargetC(
  node: HeaterNode,
  t: Pick<DeviceClock, 'w' | 'h' | 'm'>,
  away: boolean,
): number | null {
  let temp: number | null;
  switch (node.mode) {
    case 'off':
      temp = node.setup.anti_frost_protection_enabled === true ? node.iceC : null;
      break;
    case 'boost':
    case 'runback':
      temp = node.boostTempC ?? node.comfC;
      break;
    case 'auto':
      if (isTimer(node)) temp = slotAt(node.prog, t) > 0 ? node.comfC : null;
      else temp = programmeC(node, t);
      break;
    case 'setback':
      temp = setbackC(node);
      break;
    default:
      temp = node.stempC;
  }
  if (temp === null) return null;
  if (away && AWAY_LOWERED.has(node.mode)) temp = Math.max(node.iceC, temp - awayOffsetC(node));
  if (windowDetected(node)) temp = Math.min(temp, node.iceC);
  return temp;
}
