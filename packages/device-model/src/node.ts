import type { HeaterType, NodeMode, TemperatureUnits } from '@hearth/protocol';
import { defaultProg, type WeekProg } from './programme';
import type { Rng } from './rng';
import type { NodeSpec } from './types';

interface NodeBase {
  addr: number;
  name: string;
  installed: boolean;
  lost: boolean;
  /** Cumulative energy, Wh. */
  energyWh: number;
  powerW: number;
  version: { hw_version: string; fw_version: string; uid: string; pid: string };
  /** Setup keys the simulator does not model, kept as the server last wrote them. */
  setup: Record<string, unknown>;
}

export interface StorageState {
  chargeWh: number;
  capacityWh: number;
  charging: boolean;
}

/** A node that heats a room (htr, acm, thm). Temperatures are kept in °C. */
export interface HeaterNode extends NodeBase {
  kind: 'heater';
  type: HeaterType;
  ratedPowerW: number;
  roomC: number;
  mode: NodeMode;
  /** The mode a boost returns to. */
  resumeMode: NodeMode;
  stempC: number;
  comfC: number;
  ecoC: number;
  iceC: number;
  /** End of a running boost or runback (device time, ms); null when none runs. */
  boostEndMs: number | null;
  /** Set point of the running boost or runback. */
  boostTempC: number | null;
  /** Set-point limits of the node, °C (published in its setup as min_stemp/max_stemp). */
  minC: number;
  maxC: number;
  /** Sensors the node type has (PIR presence, window-open detection). */
  sensors: NodeSensors;
  /** What the sensors read now (false where the node has no such sensor). */
  presence: boolean;
  windowOpen: boolean;
  /** Slot value under which auto was overridden; the next different slot restores auto. */
  modifiedSlot: number | null;
  units: TemperatureUnits;
  locked: boolean;
  selected: boolean;
  active: boolean;
  prog: WeekProg;
  storage: StorageState | null;
}

/** A power monitor: reports the sum of its gateway's heaters. */
export interface MeterNode extends NodeBase {
  kind: 'meter';
  type: 'pmo';
  powerLimit: string;
  minW: number;
  maxW: number;
}

export type SimNode = HeaterNode | MeterNode;

export interface NodeSensors {
  pir: boolean;
  window: boolean;
}

export const DEFAULT_RATED_W: Record<HeaterType, number> = { htr: 1250, acm: 2550, thm: 2000 };

/**
 * Set-point limits per node type, °C: radiators 5–30, storage heaters 7–28 (their core
 * protects itself below 7), floor thermostats up to 35. Ours: the spec gives no values.
 */
export const STEMP_LIMITS_C: Record<HeaterType, { min: number; max: number }> = {
  htr: { min: 5, max: 30 },
  acm: { min: 7, max: 28 },
  thm: { min: 5, max: 35 },
};

/** Radiators and storage heaters carry a PIR and detect open windows; a thermostat only the latter. */
export const SENSORS: Record<HeaterType, NodeSensors> = {
  htr: { pir: true, window: true },
  acm: { pir: true, window: true },
  thm: { pir: false, window: true },
};
/** A storage heater fills from empty in this many hours of charging. */
export const STORAGE_FILL_HOURS = 6;
/** Its heat output is a fraction of its charging rating, as with real storage heaters. */
export const STORAGE_OUTPUT_RATIO = 0.4;

const PIDS: Record<SimNode['type'], string> = {
  htr: '0011',
  acm: '0012',
  thm: '0019',
  pmo: '0018',
};

export const PRESETS: Record<'house' | 'flat', NodeSpec[]> = {
  house: [
    { type: 'htr', name: 'Living room', ratedPowerW: 1500 },
    { type: 'htr', name: 'Kitchen', ratedPowerW: 1000 },
    { type: 'htr', name: 'Bedroom', ratedPowerW: 1000, mode: 'manual', stemp: 19 },
    { type: 'acm', name: 'Hall storage heater', ratedPowerW: 2550 },
    { type: 'pmo', name: 'Main meter' },
  ],
  flat: [
    { type: 'htr', name: 'Living room', ratedPowerW: 1250 },
    { type: 'htr', name: 'Bedroom', ratedPowerW: 750, mode: 'manual', stemp: 19 },
    { type: 'pmo', name: 'Main meter' },
  ],
};

function version(type: SimNode['type'], uidSeed: string): NodeBase['version'] {
  return { hw_version: '1', fw_version: '1.13', uid: uidSeed, pid: PIDS[type] };
}

export function defaultHeaterSetup(type: HeaterType): Record<string, unknown> {
  const sensors = SENSORS[type];
  const setup: Record<string, unknown> = {
    extra_options: {
      boost_temp: '24.0',
      boost_time: 60,
      default_runback_temp: '18.0',
      max_runback_time: 60,
      max_runback_temp: '30.0',
      setback_temp: '17.0',
      sensor_mode: 1,
      setback_enabled: false,
    },
    control_mode: 4,
    priority: 'medium',
    away_mode: 0,
    away_offset: '2.0',
    modified_auto_span: 0,
    offset: '0.0',
    power: '0',
    window_mode_enabled: false,
    true_radiant_enabled: false,
    runback_mode_enabled: false,
    easy_mode_enabled: false,
    anti_frost_protection_enabled: false,
    factory_options: {
      temp_compensation_enabled: true,
      window_mode_available: sensors.window,
      true_radiant_available: type !== 'acm',
      pir_available: sensors.pir,
      operating_mode: 1,
    },
  };
  if (sensors.pir) Object.assign(setup, { pir_enabled: false, pir_priority: 0 });
  if (type === 'acm') {
    Object.assign(setup, {
      charging_conf: { slot_1: { start: 0, end: 420 }, slot_2: { start: 0, end: 0 } },
      charge_days: [true, true, true, true, true, true, true],
    });
  }
  return setup;
}

export function createNode(spec: NodeSpec, addr: number, uid: string, rng: Rng): SimNode {
  if (spec.type === 'pmo') {
    return {
      kind: 'meter',
      type: 'pmo',
      addr,
      name: spec.name,
      installed: true,
      lost: false,
      energyWh: spec.counterWh ?? Math.round(rng() * 500_000),
      powerW: 0,
      powerLimit: '0',
      minW: 0,
      maxW: 0,
      version: version('pmo', uid),
      setup: { circuit_type: 0, reverse_power: false, power_limit: '0' },
    };
  }
  const rated = spec.ratedPowerW ?? DEFAULT_RATED_W[spec.type];
  const mode = spec.mode ?? 'auto';
  return {
    kind: 'heater',
    type: spec.type,
    addr,
    name: spec.name,
    installed: true,
    lost: false,
    ratedPowerW: rated,
    roomC: spec.roomTemp ?? 17.5 + Math.round(rng() * 20) / 10,
    mode,
    resumeMode: mode,
    stempC: spec.stemp ?? 20,
    comfC: 21,
    ecoC: 18,
    iceC: 7,
    boostEndMs: null,
    boostTempC: null,
    minC: STEMP_LIMITS_C[spec.type].min,
    maxC: STEMP_LIMITS_C[spec.type].max,
    sensors: SENSORS[spec.type],
    presence: false,
    windowOpen: false,
    modifiedSlot: null,
    units: spec.units ?? 'C',
    locked: false,
    selected: false,
    active: false,
    energyWh: spec.counterWh ?? Math.round(rng() * 200_000),
    powerW: 0,
    prog: defaultProg(),
    storage:
      spec.type === 'acm'
        ? {
            chargeWh: rated * STORAGE_FILL_HOURS * 0.5,
            capacityWh: rated * STORAGE_FILL_HOURS,
            charging: false,
          }
        : null,
    version: version(spec.type, uid),
    setup: defaultHeaterSetup(spec.type),
  };
}

/** Nodes of a gateway: explicit specs, else the preset (default "house"); addresses from 1 unless given. */
export function createNodes(devId: string, specs: NodeSpec[], rng: Rng): SimNode[] {
  const used = new Set(specs.flatMap((s) => (s.addr === undefined ? [] : [s.addr])));
  let next = 1;
  return specs.map((spec) => {
    let addr = spec.addr;
    if (addr === undefined) {
      while (used.has(next)) next++;
      addr = next;
      used.add(addr);
    }
    return createNode(spec, addr, `${devId.slice(-8)}${addr.toString(16).padStart(4, '0')}`, rng);
  });
}
