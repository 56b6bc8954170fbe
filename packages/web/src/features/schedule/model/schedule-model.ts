import {
  celsiusToFahrenheit,
  formatDecimal,
  isHeaterType,
  isTimerNode,
  parseDecimal,
  parseNodeType,
  PROG_DAY_KEYS,
  PROG_SLOTS_HOURLY,
  setupSlotsPerDay,
  slotsPerDay,
  withResolution,
  type NodeType,
  type Prog,
  type ScheduleProfileId,
  type ScheduleTemperatureEntry,
  type SnapshotNode,
  type TemperatureUnits,
} from '@hearth/protocol';
import { formatTemperature } from '../../../lib/devices';
import type { ProgTemps } from '../api/schedule-api';

export interface ScheduleTarget {
  devId: string;
  type: NodeType;
  addr: number;
}

export interface ScheduleNode extends ScheduleTarget {
  node: SnapshotNode;
}

/** Ours: several nodes travel in the query as "devId.type.addr" separated by commas. */
export function parseTargets(param: string | null): ScheduleTarget[] {
  if (param === null || param === '') return [];
  return param.split(',').flatMap((entry) => {
    const [devId, type, addr] = entry.split('.');
    const nodeType = parseNodeType(type ?? '');
    const n = Number(addr);
    if (!devId || !nodeType || !isHeaterType(nodeType) || !Number.isInteger(n)) return [];
    return [{ devId, type: nodeType, addr: n }];
  });
}

export function targetsParam(targets: readonly ScheduleTarget[]): string {
  return targets.map((t) => `${t.devId}.${t.type}.${t.addr}`).join(',');
}

export function findNodes(
  targets: readonly ScheduleTarget[],
  devData: (devId: string) => { nodes: readonly SnapshotNode[] } | undefined,
): ScheduleNode[] {
  return targets.flatMap((t) => {
    const node = devData(t.devId)?.nodes.find((n) => n.type === t.type && n.addr === t.addr);
    return node ? [{ ...t, node }] : [];
  });
}

/**
 * A node that has never reported a programme shows eco all week, in the slots its schedule
 * method asks (spec 3 §3: 24 hourly, 48 half-hourly; hourly when the setup names none), so
 * that what is saved fits the node.
 */
export function progOf(node: SnapshotNode): Prog {
  const prog = node.prog?.prog;
  if (prog) return prog;
  const slots = setupSlotsPerDay(node.setup) ?? PROG_SLOTS_HOURLY;
  return Object.fromEntries(PROG_DAY_KEYS.map((k) => [k, Array<number>(slots).fill(1)])) as Prog;
}

/**
 * The programme as one node takes it: in the slots its schedule method asks (spec 3 §4
 * resolution change: to hourly keeps every other half-hour entry, to half-hourly duplicates
 * each hour), so a programme edited on several nodes fits each of them.
 */
export function progForNode(prog: Prog, node: SnapshotNode | undefined): Prog {
  const slots = setupSlotsPerDay(node?.setup);
  if (slots === undefined || prog['0'].length === slots) return prog;
  return withResolution(prog, slots === slotsPerDay('hour') ? 'hour' : 'half_hour');
}

export function unitsOf(node: SnapshotNode): TemperatureUnits {
  return node.status?.units === 'F' ? 'F' : 'C';
}

export function isTimer(node: SnapshotNode): boolean {
  return isTimerNode(node);
}

/** The set-point range heaters accept (5–30 °C), unless the setup gives its own. */
const MIN_C = 5;
const MAX_C = 30;

const WIRE_KEY: Record<ScheduleProfileId, 'ice_temp' | 'eco_temp' | 'comf_temp'> = {
  ice: 'ice_temp',
  eco: 'eco_temp',
  comfort: 'comf_temp',
};

function setupNumber(node: SnapshotNode, key: string): number | undefined {
  const v = node.setup?.[key];
  return typeof v === 'string' || typeof v === 'number' ? parseDecimal(v) : undefined;
}

/** The brand's eco and comfort ranges in °C (client data nodeParameters.tempThresholds.heat). */
export type ProfileThresholds = Partial<Record<'eco' | 'comfort', { min: number; max: number }>>;

/**
 * Spec 3 §3: the three profiles with their range and editable flag. A device that locks a
 * profile says so with `<wire key>_editable: false` in its setup (ours: the wire names no flag).
 */
export function profileEntries(
  node: SnapshotNode,
  thresholds?: ProfileThresholds,
): ScheduleTemperatureEntry[] {
  const units = unitsOf(node);
  const toUnits = (c: number) => (units === 'F' ? celsiusToFahrenheit(c) : c);
  const min = setupNumber(node, 'min_stemp') ?? toUnits(MIN_C);
  const max = setupNumber(node, 'max_stemp') ?? toUnits(MAX_C);
  // Spec 1 §7 nodeParameters.tempThresholds (°C): eco and comfort keep their own ranges
  // inside the node's, so Eco cannot be set to 30 °C nor Comfort to 5 °C.
  const rangeOf = (id: ScheduleProfileId) => {
    const own = id === 'ice' ? undefined : thresholds?.[id];
    if (!own) return { min, max };
    const lo = Math.max(min, toUnits(own.min));
    const hi = Math.min(max, toUnits(own.max));
    return lo <= hi ? { min: lo, max: hi } : { min, max };
  };
  const ids = ['ice', 'eco', 'comfort'] as const;
  const known = ids.map((id) => parseDecimal(node.status?.[WIRE_KEY[id]]));
  // A write carries all three (progTempsBody): while the device has not reported one of them,
  // none is editable, lest the write set the unknown ones to the minimum shown in their place.
  const complete = known.every((v) => v !== undefined);
  return ids.map((id, i) => ({
    id,
    value: known[i] ?? rangeOf(id).min,
    ...rangeOf(id),
    editable: complete && node.setup?.[`${WIRE_KEY[id]}_editable`] !== false,
  }));
}

export function progTempsBody(
  entries: readonly ScheduleTemperatureEntry[],
  units: TemperatureUnits,
): ProgTemps {
  const of = (id: ScheduleProfileId) => entries.find((e) => e.id === id)?.value ?? 0;
  return {
    ice_temp: formatDecimal(of('ice')),
    eco_temp: formatDecimal(of('eco')),
    comf_temp: formatDecimal(of('comfort')),
    units,
  };
}

/** Slot values offered: anti-frost, eco, comfort; timers only off and on (spec 3 §3). */
export function slotChoices(timer: boolean): number[] {
  return timer ? [0, 1] : [0, 1, 2];
}

/** A profile temperature as every heating screen reads one: one decimal, the user's number format. */
export function formatTemp(value: number, units: TemperatureUnits, lang: string): string {
  return formatTemperature(value, units, lang);
}
