import {
  DEMO_TIMER_BOOST_MIN,
  DEMO_TIMER_DEFAULT_RUNBACK_TEMP,
  DEMO_TIMER_MAX_RUNBACK_TIME,
  DEMO_TIMER_SETBACK_TEMP,
  OTHER_DEVICE_PRODUCT_ID,
  TIMER_SENSOR_MODE,
  formatDecimal,
  type GroupedHome,
  type HeaterType,
  type NodeMode,
  type PmoSystem,
  type TemperatureUnits,
} from '@hearth/protocol';
import { DEMO_HOMES, type DemoHeaterSpec, type DemoHomeSpec } from './demo-homes';

/** A heater of the demo backend; temperatures are kept in °C, as a gateway does. */
export interface DemoHeater {
  kind: 'heater';
  type: HeaterType;
  addr: number;
  name: string;
  ratedW: number;
  roomC: number;
  mode: NodeMode;
  /** The mode a boost returns to (a runback returns to auto). */
  resumeMode: NodeMode;
  stempC: number;
  comfC: number;
  ecoC: number;
  iceC: number;
  boostEndMs: number | null;
  boostTempC: number | null;
  units: TemperatureUnits;
  locked: boolean;
  selected: boolean;
  installed: boolean;
  /** Seven days, index 0 Sunday, of 24 or 48 slot values. */
  prog: number[][];
  setup: Record<string, unknown>;
  version: Record<string, string>;
  /** Storage heaters: charge in percent. */
  chargePer: number | null;
}

export interface DemoMeter {
  kind: 'meter';
  type: 'pmo';
  addr: number;
  name: string;
  installed: boolean;
  powerLimit: string;
  setup: Record<string, unknown>;
  version: Record<string, string>;
}

export type DemoNode = DemoHeater | DemoMeter;

export interface DemoDevice {
  devId: string;
  name: string;
  productId: string;
  serialId: string;
  homeId: string;
  timeZone: string;
  away: { enabled: boolean; away: boolean; forced: boolean };
  discovery: { discovery: 'on' | 'off'; type?: string; addr?: number };
  /** While discovery runs: when the demo "finds" a node (ms). */
  discoveryFindAt: number | null;
  /** The half hour of the week last reported, so a programme step is pushed when it comes. */
  halfHour: number | null;
  powerLimit: string;
  pmoSystem: PmoSystem;
  nodes: DemoNode[];
}

export interface DemoHome {
  id: string;
  name: string;
  geo: Record<string, unknown>;
  extra: Record<string, unknown>;
  presence: {
    /** Not configured yet: the server proposes the owner's address; the demo visitor has none. */
    email: string;
    enabled: boolean;
    excluded_nodes: Array<{ devid: string; nodes: number[] }>;
  };
  devIds: string[];
}

export interface DemoWorld {
  homes: DemoHome[];
  devices: Map<string, DemoDevice>;
}

export const DEMO_SERIAL_ID = '01.01';

function hourly(on: Array<[number, number]>, high: number, low: number): number[] {
  return Array.from({ length: 24 }, (_, h) => (on.some(([a, b]) => h >= a && h < b) ? high : low));
}

/** Comfort mornings and evenings on weekdays, long comfort days at the weekend (0 Sunday). */
export function sampleProg(timer: boolean): number[][] {
  const high = timer ? 1 : 2;
  const low = timer ? 0 : 1;
  const weekday = hourly(
    [
      [7, 9],
      [17, 23],
    ],
    high,
    low,
  );
  const weekend = hourly([[8, 23]], high, low);
  return [weekend, weekday, weekday, weekday, weekday, weekday, weekend].map((d) => [...d]);
}

function heaterSetup(spec: DemoHeaterSpec): Record<string, unknown> {
  const timer = spec.timer === true;
  const setup: Record<string, unknown> = {
    units: 'C',
    prog_resol: 0,
    extra_options: {
      // Spec 3 §9: the timer-mode demo defaults.
      boost_temp: '24.0',
      boost_time: DEMO_TIMER_BOOST_MIN,
      default_runback_temp: formatDecimal(DEMO_TIMER_DEFAULT_RUNBACK_TEMP),
      max_runback_time: DEMO_TIMER_MAX_RUNBACK_TIME,
      max_runback_temp: '30.0',
      setback_temp: formatDecimal(DEMO_TIMER_SETBACK_TEMP),
      sensor_mode: timer ? TIMER_SENSOR_MODE : 1,
      setback_enabled: false,
    },
    control_mode: 4,
    priority: 'medium',
    away_mode: 0,
    away_offset: '2.0',
    modified_auto_span: 0,
    offset: '0.0',
    power: String(spec.ratedW),
    window_mode_enabled: false,
    true_radiant_enabled: false,
    factory_options: {
      temp_compensation_enabled: true,
      window_mode_available: true,
      true_radiant_available: true,
      operating_mode: 1,
    },
  };
  if (spec.type === 'acm') {
    setup.charging_conf = { slot_1: { start: 0, end: 420 }, slot_2: { start: 0, end: 0 } };
    setup.charge_days = [true, true, true, true, true, true, true];
  }
  return setup;
}

const PIDS = { htr: '0011', acm: '0012', thm: '0019', pmo: '0018' } as const;

function version(type: DemoNode['type'], devId: string, addr: number): Record<string, string> {
  const uid = `${devId.slice(-8)}${addr.toString(16).padStart(4, '0')}`;
  return { hw_version: '1', fw_version: '1.13', uid, pid: PIDS[type] };
}

export function createHeater(devId: string, spec: DemoHeaterSpec, addr: number): DemoHeater {
  const mode = spec.mode ?? 'auto';
  return {
    kind: 'heater',
    type: spec.type,
    addr,
    name: spec.name,
    ratedW: spec.ratedW,
    // A different but fixed room temperature per node, between 17.5 and 21.4 °C.
    roomC: 17.5 + ((addr * 7 + devId.charCodeAt(devId.length - 1)) % 40) / 10,
    mode,
    resumeMode: mode,
    stempC: spec.stemp ?? 20,
    comfC: 21,
    ecoC: 18,
    iceC: 7,
    boostEndMs: null,
    boostTempC: null,
    units: 'C',
    locked: false,
    selected: false,
    installed: true,
    prog: sampleProg(spec.timer === true),
    setup: heaterSetup(spec),
    version: version(spec.type, devId, addr),
    chargePer: spec.type === 'acm' ? 60 : null,
  };
}

export function createMeter(devId: string, name: string, addr: number): DemoMeter {
  return {
    kind: 'meter',
    type: 'pmo',
    addr,
    name,
    installed: true,
    powerLimit: '0',
    setup: { circuit_type: 0, reverse_power: false, power_limit: '0' },
    version: version('pmo', devId, addr),
  };
}

function createDevice(home: DemoHomeSpec, index: number): DemoDevice {
  const gw = home.gateways[index];
  if (!gw) throw new Error('no such gateway');
  const nodes: DemoNode[] = gw.heaters.map((h, i) => createHeater(gw.devId, h, h.addr ?? i + 1));
  if (gw.meter) nodes.push(createMeter(gw.devId, gw.meter, nodes.length + 1));
  const meterAddrs = nodes.filter((n) => n.kind === 'meter').map((n) => n.addr);
  return {
    devId: gw.devId,
    name: gw.name,
    productId: gw.productId ?? OTHER_DEVICE_PRODUCT_ID,
    serialId: gw.serialId ?? DEMO_SERIAL_ID,
    homeId: home.id,
    timeZone: home.timeZone,
    away: { enabled: false, away: false, forced: false },
    discovery: { discovery: 'off' },
    discoveryFindAt: null,
    halfHour: null,
    powerLimit: '0',
    pmoSystem: { main_circuit_pmos: meterAddrs, max_power_config: { profiles: [], slots: [] } },
    nodes,
  };
}

/** A fresh copy of the five sample homes; every demo session starts from it. */
export function createDemoWorld(specs: readonly DemoHomeSpec[] = DEMO_HOMES): DemoWorld {
  const devices = new Map<string, DemoDevice>();
  const homes = specs.map((spec): DemoHome => {
    spec.gateways.forEach((_, i) => {
      const dev = createDevice(spec, i);
      devices.set(dev.devId, dev);
    });
    return {
      id: spec.id,
      name: spec.name,
      geo: { ...spec.geo, tz_code: spec.timeZone },
      extra: {},
      presence: { email: '', enabled: false, excluded_nodes: [] },
      devIds: spec.gateways.map((g) => g.devId),
    };
  });
  return { homes, devices };
}

export function groupedHomes(world: DemoWorld): GroupedHome[] {
  return world.homes.map((home) => ({
    id: home.id,
    name: home.name,
    owner: true,
    devs: home.devIds.flatMap((id) => {
      const dev = world.devices.get(id);
      return dev
        ? [
            {
              dev_id: dev.devId,
              name: dev.name,
              product_id: dev.productId,
              fw_version: '1.13',
              serial_id: dev.serialId,
            },
          ]
        : [];
    }),
  }));
}
