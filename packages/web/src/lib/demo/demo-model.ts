import {
  DEMO_TIMER_BOOST_MIN,
  DEMO_TIMER_DEFAULT_RUNBACK_TEMP,
  DEMO_TIMER_MAX_RUNBACK_TIME,
  DEMO_TIMER_SETBACK_TEMP,
  OTHER_DEVICE_PRODUCT_ID,
  TIMER_SENSOR_MODE,
  formatDecimal,
  type GroupedHome,
} from '@hearth/protocol';
import {
  createNode,
  createRng,
  GatewayModel,
  hashString,
  wireObjects,
  type Rng,
  type SimNode,
} from '@hearth/device-model';
import { DEMO_HOMES, type DemoHeaterSpec, type DemoHomeSpec } from './demo-homes';

/**
 * A gateway of the demo: the device model's gateway (the simulator's very nodes, commands and
 * physics, `@hearth/device-model`), and what the server knows of it.
 */
export interface DemoDevice {
  devId: string;
  name: string;
  productId: string;
  serialId: string;
  homeId: string;
  model: GatewayModel;
  /** The JSON of each object last pushed, so that only what changed reaches the sockets. */
  reported: Map<string, string>;
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

/** A fixed room temperature per node to start from, between 17.5 and 21.4 °C. */
export function demoRoomC(devId: string, addr: number): number {
  return 17.5 + ((addr * 7 + devId.charCodeAt(devId.length - 1)) % 40) / 10;
}

/** The outdoor temperature of the sample homes, °C: a mild winter day. */
export const DEMO_OUTDOOR_C = 8;

/** A device model node of a sample heater: the simulator's node, with the sample's programme. */
function demoHeater(devId: string, spec: DemoHeaterSpec, addr: number, rng: Rng): SimNode {
  const node = createNode(
    {
      type: spec.type,
      name: spec.name,
      ratedPowerW: spec.ratedW,
      roomTemp: demoRoomC(devId, addr),
      counterWh: 0,
      ...(spec.mode === undefined ? {} : { mode: spec.mode }),
      ...(spec.stemp === undefined ? {} : { stemp: spec.stemp }),
    },
    addr,
    demoUid(devId, addr),
    rng,
  );
  if (node.kind !== 'heater') return node;
  const timer = spec.timer === true;
  node.prog = sampleProg(timer);
  const extra = node.setup.extra_options as Record<string, unknown>;
  // Spec 3 §9: the timer-mode demo defaults.
  node.setup.extra_options = {
    ...extra,
    boost_time: DEMO_TIMER_BOOST_MIN,
    default_runback_temp: formatDecimal(DEMO_TIMER_DEFAULT_RUNBACK_TEMP),
    max_runback_time: DEMO_TIMER_MAX_RUNBACK_TIME,
    setback_temp: formatDecimal(DEMO_TIMER_SETBACK_TEMP),
    sensor_mode: timer ? TIMER_SENSOR_MODE : extra.sensor_mode,
  };
  node.setup.power = String(spec.ratedW);
  return node;
}

function demoUid(devId: string, addr: number): string {
  return `${devId.slice(-8)}${addr.toString(16).padStart(4, '0')}`;
}

/** A node that discovery finds or a sample gateway has: a heater, or a power monitor. */
export function demoNode(
  devId: string,
  spec: DemoHeaterSpec | { type: 'pmo'; name: string },
  addr: number,
  rng: Rng,
): SimNode {
  if (spec.type === 'pmo')
    return createNode(
      { type: 'pmo', name: spec.name, counterWh: 0 },
      addr,
      demoUid(devId, addr),
      rng,
    );
  return demoHeater(devId, spec, addr, rng);
}

/** The device model starts this long before the demo, so its first report has heaters' power. */
const WARM_UP_MS = 60_000;

function createDevice(home: DemoHomeSpec, index: number, startMs: number): DemoDevice {
  const gw = home.gateways[index];
  if (!gw) throw new Error('no such gateway');
  const seed = hashString(gw.devId);
  const rng = createRng(seed);
  const nodes = gw.heaters.map((h, i) => demoNode(gw.devId, h, h.addr ?? i + 1, rng));
  if (gw.meter)
    nodes.push(demoNode(gw.devId, { type: 'pmo', name: gw.meter }, nodes.length + 1, rng));
  const model = new GatewayModel({
    devId: gw.devId,
    timezone: home.timeZone,
    outdoorC: DEMO_OUTDOOR_C,
    nodes,
    startMs: startMs - WARM_UP_MS,
    seed,
    // No one walks in and no window opens by itself: a visitor sees only what they change.
    ambient: false,
  });
  model.away = { enabled: false, away: false, forced: false };
  model.advanceTo(startMs);
  const dev: DemoDevice = {
    devId: gw.devId,
    name: gw.name,
    productId: gw.productId ?? OTHER_DEVICE_PRODUCT_ID,
    serialId: gw.serialId ?? DEMO_SERIAL_ID,
    homeId: home.id,
    model,
    reported: new Map(),
  };
  for (const o of wireObjects(model)) dev.reported.set(o.path, o.json ?? JSON.stringify(o.body));
  return dev;
}

/** A fresh copy of the five sample homes; every demo session starts from it. */
export function createDemoWorld(
  startMs: number,
  specs: readonly DemoHomeSpec[] = DEMO_HOMES,
): DemoWorld {
  const devices = new Map<string, DemoDevice>();
  const homes = specs.map((spec): DemoHome => {
    spec.gateways.forEach((_, i) => {
      const dev = createDevice(spec, i, startMs);
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
