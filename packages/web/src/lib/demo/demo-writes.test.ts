import { expect, test } from 'vitest';
import {
  nodeReportSchemaFor,
  type MgrNode,
  type NodeStatus,
  type NodeType,
  type UpdateEvent,
} from '@hearth/protocol';
import { createDemoBackend } from './demo-backend';
import { DISCOVERY_DELAY_MS } from '@hearth/device-model';

const START = Date.UTC(2026, 0, 14, 10, 0, 0);
const DEV = 'de3000000000000003';
const BASE = `/api/v2/devs/${DEV}`;

function setup() {
  let now = START;
  const backend = createDemoBackend({ now: () => now });
  const events: UpdateEvent[] = [];
  backend.subscribe(DEV, (e) => events.push(e));
  const get = <T>(path: string) => backend.handle('GET', path).body as T;
  const post = (path: string, body: unknown) => backend.handle('POST', path, body);
  const del = (path: string, body: unknown) => backend.handle('DELETE', path, body);
  const advance = (ms: number) => {
    now += ms;
    backend.tick();
  };
  return { events, get, post, del, advance };
}

test('profile temperatures and a half-hourly resolution are kept and pushed', () => {
  const { get, post, events } = setup();
  post(`${BASE}/htr/1/prog_temps`, {
    comf_temp: '22.0',
    eco_temp: '17.5',
    ice_temp: '8.0',
    units: 'C',
  });
  expect(get<NodeStatus>(`${BASE}/htr/1/status`)).toMatchObject({
    comf_temp: '22.0',
    eco_temp: '17.5',
    ice_temp: '8.0',
  });
  const setup_ = get<Record<string, unknown>>(`${BASE}/htr/1/setup`);
  post(`${BASE}/htr/1/setup`, { ...setup_, prog_resol: 1 });
  const { prog } = get<{ prog: Record<string, number[]> }>(`${BASE}/htr/1/prog`);
  expect(prog['1']).toHaveLength(48);
  expect(get<Record<string, unknown>>(`${BASE}/htr/1/setup`).prog_resol).toBe(1);
  expect(events.some((e) => e.path === '/htr/1/prog')).toBe(true);
});

test('a renamed node reaches the node list and its socket', () => {
  const { get, post, events } = setup();
  post(`${BASE}/htr/1/name`, { name: 'Lounge' });
  expect(get<{ nodes: MgrNode[] }>(`${BASE}/mgr/nodes`).nodes[0]?.name).toBe('Lounge');
  expect(events.some((e) => e.path === '/mgr/nodes')).toBe(true);
});

test('discovery finds a new heater after a while and reports the new node list', () => {
  const { get, post, advance, events } = setup();
  post(`${BASE}/mgr/discovery`, { discovery: 'on', type: 'htr' });
  expect(get<{ discovery: string }>(`${BASE}/mgr/discovery`).discovery).toBe('on');
  advance(DISCOVERY_DELAY_MS - 1);
  expect(get<{ nodes: MgrNode[] }>(`${BASE}/mgr/nodes`).nodes).toHaveLength(3);
  advance(1);
  const nodes = get<{ nodes: MgrNode[] }>(`${BASE}/mgr/nodes`).nodes;
  expect(nodes).toHaveLength(4);
  expect(nodes[3]).toMatchObject({ type: 'htr', addr: 4, installed: true });
  expect(events.some((e) => e.path === '/htr/4/status')).toBe(true);
});

test('discovery at the address of an erased node installs the replacement there', () => {
  const { get, post, del, advance } = setup();
  expect(del(`${BASE}/htr/2`, { purge: false }).status).toBe(200);
  expect(get<{ nodes: MgrNode[] }>(`${BASE}/mgr/nodes`).nodes[1]).toMatchObject({
    addr: 2,
    installed: false,
  });
  post(`${BASE}/mgr/discovery`, { discovery: 'on', type: 'htr', addr: 2 });
  advance(DISCOVERY_DELAY_MS);
  const nodes = get<{ nodes: MgrNode[] }>(`${BASE}/mgr/nodes`).nodes;
  expect(nodes).toHaveLength(3);
  expect(nodes[1]).toMatchObject({ addr: 2, installed: true });
});

test('a power schedule write is kept and pushed; one the device would refuse is a 400 (spec 3 §4, §7)', () => {
  const { events, get, post } = setup();
  const system = {
    main_circuit_pmos: [],
    max_power_config: {
      profiles: [4000, -1],
      slots: [
        { m: 0, i: 0 },
        { m: 1440 + 420, i: 1 },
      ],
    },
  };
  expect(post(`${BASE}/pmo_system`, system).status).toBe(200);
  expect(get(`${BASE}/pmo_system`)).toEqual(system);
  expect(events).toContainEqual({ path: '/pmo_system', body: system });
  expect(post(`${BASE}/pmo_system`, { max_power_config: 'x' }).status).toBe(400);
  const tooLow = { ...system, max_power_config: { ...system.max_power_config, profiles: [500] } };
  expect(post(`${BASE}/pmo_system`, tooLow).status).toBe(400);
  expect(get(`${BASE}/pmo_system`)).toEqual(system);
});

test('a heater system power limit is kept and pushed; outside 0 or 1000–60000 W it is a 400', () => {
  const { events, get, post } = setup();
  expect(post(`${BASE}/htr_system/power_limit`, { power_limit: '500' }).status).toBe(400);
  expect(post(`${BASE}/htr_system/power_limit`, { power_limit: '60001' }).status).toBe(400);
  expect(events).toEqual([]);
  expect(post(`${BASE}/htr_system/power_limit`, { power_limit: '3000' }).status).toBe(200);
  expect(get(`${BASE}/htr_system/power_limit`)).toEqual({ power_limit: '3000' });
  expect(events).toContainEqual({
    path: '/htr_system/power_limit',
    body: { power_limit: '3000' },
  });
});

test('the demo reports setups and statuses the settings tables keep whole, and takes only their settings back', () => {
  const { get, post } = setup();
  const data = get<{
    nodes: Array<{ type: NodeType; addr: number; status?: object; setup?: object }>;
  }>(`${BASE}/dev_data`);
  expect(data.nodes.length).toBeGreaterThan(1);
  for (const n of data.nodes) {
    const at = `${BASE}/${n.type}/${n.addr}/setup`;
    expect(nodeReportSchemaFor(n.type, 'setup').parse(n.setup), at).toEqual(n.setup);
    if (n.type !== 'pmo')
      expect(nodeReportSchemaFor(n.type, 'status').parse(n.status), at).toEqual(n.status);
    expect(post(at, n.setup).status, at).toBe(200);
    expect(post(at, { ...n.setup, extra: 'x' }).status, at).toBe(400);
  }
  const heater = data.nodes.find((n) => n.type === 'htr');
  const at = `${BASE}/htr/${heater?.addr}/setup`;
  expect(post(at, { control_mode: 9 }).status).toBe(400);
  expect(post(at, { charge_days: [true, true, true, true, true, true, true] }).status).toBe(400);
  expect(get(at)).toEqual(heater?.setup);
});

test('a runback above the node’s longest time or highest temperature is a 400, as on the server, and changes nothing', () => {
  const { get, post } = setup();
  const at = `${BASE}/htr/1`;
  expect(
    post(`${at}/setup`, {
      runback_mode_enabled: true,
      extra_options: { max_runback_time: 30, max_runback_temp: '22.0' },
    }).status,
  ).toBe(200);
  const before = get<NodeStatus>(`${at}/status`);
  const runback = { mode: 'runback', units: 'C', stemp: '21.0' };
  const tooLong = post(`${at}/mode`, { ...runback, time: 45 });
  expect(tooLong.status).toBe(400);
  expect(tooLong.body).toMatchObject({ message: 'the runback time must not be above 30 minutes' });
  expect(post(`${at}/mode`, { ...runback, stemp: '23.0', time: 20 }).status).toBe(400);
  expect(get<NodeStatus>(`${at}/status`)).toEqual(before);
});
