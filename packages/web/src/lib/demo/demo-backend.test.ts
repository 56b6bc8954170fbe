import { describe, expect, test } from 'vitest';
import {
  boostRemainingMinutes,
  DEMO_POWER_RANDOM_BELOW_W,
  DEMO_POWER_W,
  type DeviceClock,
  type GroupedHome,
  type MgrNode,
  type NodeStatus,
  type UpdateEvent,
} from '@hearth/protocol';
import { createDemoBackend } from './demo-backend';

// Wednesday 2026-01-14 10:00 UTC (11:00 in Madrid): an eco slot of the sample weekday programme.
const START = Date.UTC(2026, 0, 14, 10, 0, 0);
const FAMILY = 'de3000000000000001';
const NODE = `/api/v2/devs/${FAMILY}/htr`;

function setup(options: { dashboard?: boolean; random?: number } = {}) {
  let now = START;
  const backend = createDemoBackend({
    now: () => now,
    random: () => options.random ?? 0.5,
    onDashboard: () => options.dashboard ?? false,
  });
  const events: UpdateEvent[] = [];
  backend.subscribe(FAMILY, (e) => events.push(e));
  const get = <T>(path: string) => backend.handle('GET', path).body as T;
  const post = (path: string, body: unknown) => backend.handle('POST', path, body);
  const advance = (ms: number) => {
    now += ms;
    backend.tick();
  };
  return { backend, events, get, post, advance };
}

describe('sample homes', () => {
  test('five homes, each with heaters and a power monitor, every heater with a weekly schedule', () => {
    const { get } = setup();
    const homes = get<GroupedHome[]>('/api/v2/grouped_devs');
    expect(homes).toHaveLength(5);
    for (const home of homes) {
      const nodes = home.devs.flatMap(
        (d) => get<{ nodes: MgrNode[] }>(`/api/v2/devs/${d.dev_id}/mgr/nodes`).nodes,
      );
      expect(nodes.some((n) => n.type === 'pmo')).toBe(true);
      const heaters = home.devs.flatMap((d) =>
        get<{ nodes: MgrNode[] }>(`/api/v2/devs/${d.dev_id}/mgr/nodes`)
          .nodes.filter((n) => n.type !== 'pmo')
          .map((n) => ({ devId: d.dev_id, ...n })),
      );
      expect(heaters.length).toBeGreaterThan(0);
      for (const h of heaters) {
        const { prog } = get<{ prog: Record<string, number[]> }>(
          `/api/v2/devs/${h.devId}/${h.type}/${h.addr}/prog`,
        );
        expect(Object.keys(prog)).toEqual(['0', '1', '2', '3', '4', '5', '6']);
      }
    }
  });

  test('one home is large enough for the table view: 10 or more heaters on two gateways', () => {
    const { get } = setup();
    const homes = get<GroupedHome[]>('/api/v2/grouped_devs');
    const large = homes.find((h) => h.devs.length >= 2);
    const heaters = (large?.devs ?? []).flatMap(
      (d) =>
        get<{ nodes: MgrNode[] }>(`/api/v2/devs/${d.dev_id}/mgr/nodes`).nodes.filter(
          (n) => n.type !== 'pmo',
        ).length,
    );
    expect(heaters.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(10);
  });
});

describe('writes change the demo state and reach its sockets', () => {
  test('a set point in manual is answered back and pushed as a status update', () => {
    const { get, post, events } = setup();
    // Kitchen (addr 2) runs in manual at 20.5 °C.
    expect(post(`${NODE}/2/status`, { stemp: '22.5', units: 'C' }).status).toBe(200);
    expect(get<NodeStatus>(`${NODE}/2/status`).stemp).toBe('22.5');
    const pushed = events.find((e) => e.path === '/htr/2/status');
    expect((pushed?.body as NodeStatus).stemp).toBe('22.5');
  });

  test('a set point away from the programme turns auto into modified_auto; a prog write restores auto', () => {
    const { get, post } = setup();
    expect(get<NodeStatus>(`${NODE}/1/status`)).toMatchObject({ mode: 'auto', stemp: '18.0' });
    post(`${NODE}/1/status`, { stemp: '23.0', units: 'C' });
    expect(get<NodeStatus>(`${NODE}/1/status`)).toMatchObject({
      mode: 'modified_auto',
      stemp: '23.0',
    });
    const { prog } = get<{ prog: Record<string, number[]> }>(`${NODE}/1/prog`);
    post(`${NODE}/1/prog`, { prog });
    expect(get<NodeStatus>(`${NODE}/1/status`)).toMatchObject({ mode: 'auto', stemp: '18.0' });
  });

  test('a mode write is reflected', () => {
    const { get, post } = setup();
    post(`${NODE}/1/mode`, { mode: 'off' });
    expect(get<NodeStatus>(`${NODE}/1/status`).mode).toBe('off');
    post(`${NODE}/1/mode`, { mode: 'manual', stemp: '19.5', units: 'C' });
    expect(get<NodeStatus>(`${NODE}/1/status`)).toMatchObject({ mode: 'manual', stemp: '19.5' });
  });

  test('a programme that is not keyed by day strings is refused with a 400', () => {
    const { post } = setup();
    const answer = post(`${NODE}/1/prog`, { prog: [[1, 2]] });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ statusCode: 400, error: 'validation_failed' });
  });

  test('an unknown device is a 404 in the server error shape', () => {
    const { backend } = setup();
    expect(backend.handle('GET', '/api/v2/devs/000000000000000000/dev_data')).toEqual({
      status: 404,
      body: { message: 'device not found', statusCode: 404, error: 'not_found' },
    });
  });
});

describe('boost is simulated locally', () => {
  const remaining = (get: <T>(p: string) => T) =>
    boostRemainingMinutes(
      get<DeviceClock>(`/api/v2/devs/${FAMILY}/mgr/rtc/time`),
      get<{ boost_end_day: number; boost_end_min: number }>(`${NODE}/1/status`),
    );

  test('the remaining time counts down with the device clock and the boost ends by itself', () => {
    const { get, post, advance, events } = setup();
    post(`${NODE}/1/boost`, { active: true, temperature: '24.0', units: 'C', time: 60 });
    expect(get<NodeStatus>(`${NODE}/1/status`)).toMatchObject({
      mode: 'boost',
      boost: true,
      stemp: '24.0',
    });
    expect(remaining(get)).toBe(60);
    advance(25 * 60_000);
    expect(remaining(get)).toBe(35);
    events.length = 0;
    advance(35 * 60_000);
    expect(get<NodeStatus>(`${NODE}/1/status`)).toMatchObject({ mode: 'auto', boost: false });
    expect(events.some((e) => e.path === '/htr/1/status')).toBe(true);
  });

  test('cancelling a boost returns to the mode it interrupted', () => {
    const { get, post } = setup();
    post(`${NODE}/2/boost`, { active: true, temperature: '25.0', units: 'C', time: 120 });
    expect(get<NodeStatus>(`${NODE}/2/status`).mode).toBe('boost');
    post(`${NODE}/2/boost`, { active: false });
    expect(get<NodeStatus>(`${NODE}/2/status`)).toMatchObject({
      mode: 'manual',
      boost: false,
      stemp: '20.5',
    });
  });
});

describe('runback runs for its time, as the simulator runs it', () => {
  /** Runback is a mode the node takes once its setup enables it (spec 3 §3 settings). */
  const withRunback = () => {
    const s = setup();
    expect(s.post(`${NODE}/1/setup`, { runback_mode_enabled: true }).status).toBe(200);
    return s;
  };
  const remaining = (get: <T>(p: string) => T) =>
    boostRemainingMinutes(
      get<DeviceClock>(`/api/v2/devs/${FAMILY}/mgr/rtc/time`),
      get<{ boost_end_day: number; boost_end_min: number }>(`${NODE}/1/status`),
    );

  test('the minutes of the write, then the weekly programme', () => {
    const { get, post, advance, events } = withRunback();
    const answer = post(`${NODE}/1/status`, {
      mode: 'runback',
      stemp: '20.0',
      units: 'C',
      time: 30,
    });
    expect(answer.status).toBe(200);
    expect(get<NodeStatus>(`${NODE}/1/status`)).toMatchObject({
      mode: 'runback',
      runback: true,
      boost: false,
      stemp: '20.0',
    });
    expect(remaining(get)).toBe(30);
    advance(10 * 60_000);
    expect(remaining(get)).toBe(20);
    // The same write again starts it over for the new time (how a running runback is edited).
    post(`${NODE}/1/mode`, { mode: 'runback', stemp: '20.0', units: 'C', time: 15 });
    expect(remaining(get)).toBe(15);
    events.length = 0;
    advance(15 * 60_000);
    expect(get<NodeStatus>(`${NODE}/1/status`)).toMatchObject({
      mode: 'auto',
      runback: false,
      stemp: '18.0',
    });
    expect(events.some((e) => e.path === '/htr/1/status')).toBe(true);
  });

  test('without a time it lasts max_runback_time at default_runback_temp', () => {
    const { get, post } = withRunback();
    post(`${NODE}/1/status`, { mode: 'runback' });
    expect(get<NodeStatus>(`${NODE}/1/status`)).toMatchObject({ mode: 'runback', stemp: '18.0' });
    expect(remaining(get)).toBe(60);
  });

  test('a time above max_runback_time, not whole, or without mode runback is a 400 and changes nothing', () => {
    const { get, post } = withRunback();
    const before = get<NodeStatus>(`${NODE}/1/status`);
    for (const write of [
      { mode: 'runback', stemp: '20.0', units: 'C', time: 61 },
      { mode: 'runback', stemp: '20.0', units: 'C', time: 0 },
      { mode: 'runback', stemp: '20.0', units: 'C', time: 1.5 },
      { mode: 'runback', stemp: '20.0', units: 'C', time: '30' },
      { mode: 'manual', stemp: '20.0', units: 'C', time: 30 },
      { mode: 'runback', stemp: '31.0', units: 'C', time: 30 },
    ]) {
      const answer = post(`${NODE}/1/status`, write);
      expect(answer.status, JSON.stringify(write)).toBe(400);
    }
    expect(post(`${NODE}/1/mode`, { mode: 'runback', time: 90 }).status).toBe(400);
    expect(get<NodeStatus>(`${NODE}/1/status`)).toEqual(before);
  });

  test('a node whose setup does not enable runback refuses it with a 400, as the server does', () => {
    const { get, post } = setup();
    const before = get<NodeStatus>(`${NODE}/1/status`);
    const answer = post(`${NODE}/1/status`, {
      mode: 'runback',
      stemp: '20.0',
      units: 'C',
      time: 30,
    });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toContain('runback');
    expect(get<NodeStatus>(`${NODE}/1/status`)).toEqual(before);
  });

  test('stopping a runback goes to the mode asked for', () => {
    const { get, post } = withRunback();
    post(`${NODE}/1/status`, { mode: 'runback', stemp: '20.0', units: 'C', time: 30 });
    post(`${NODE}/1/status`, { mode: 'manual' });
    expect(get<NodeStatus>(`${NODE}/1/status`)).toMatchObject({ mode: 'manual', runback: false });
  });
});

test('when the programme steps to another slot, auto heaters push their new set point', () => {
  const { get, advance, events } = setup();
  // 11:00 in Madrid is eco on a weekday; 17:00 starts comfort.
  expect(get<NodeStatus>(`${NODE}/1/status`).stemp).toBe('18.0');
  advance(5 * 3_600_000);
  expect(get<NodeStatus>(`${NODE}/1/status`).stemp).toBe('18.0');
  advance(60 * 60_000);
  const pushed = events.filter((e) => e.path === '/htr/1/status').at(-1);
  expect((pushed?.body as NodeStatus).stemp).toBe('21.0');
  // A manual heater's room changes too, but its set point stays where it was put.
  const manual = events.filter((e) => e.path === '/htr/2/status');
  expect(manual.every((e) => (e.body as NodeStatus).stemp === '20.5')).toBe(true);
});

test('timer heaters carry the timer-mode demo defaults (spec 3 §9)', () => {
  const { get } = setup();
  const timers = get<GroupedHome[]>('/api/v2/grouped_devs')
    .flatMap((h) => h.devs.map((d) => d.dev_id))
    .flatMap((devId) =>
      get<{ nodes: MgrNode[] }>(`/api/v2/devs/${devId}/mgr/nodes`)
        .nodes.filter((n) => n.type === 'htr')
        .map((n) =>
          get<{ extra_options?: Record<string, unknown> }>(
            `/api/v2/devs/${devId}/htr/${n.addr}/setup`,
          ),
        ),
    )
    .filter((setup) => setup.extra_options?.sensor_mode === 3);
  expect(timers.length).toBeGreaterThan(0);
  for (const { extra_options } of timers) {
    expect(extra_options).toMatchObject({
      boost_time: 60,
      max_runback_time: 60,
      setback_temp: '17.0',
      default_runback_temp: '18.0',
    });
  }
});

test('a timer heater in auto is on in the on slots of its programme and off (0) in the others, as the simulator runs it', () => {
  // The office's water heater (de3000000000000006, addr 4), Paris: on 07:00–09:00 and 17:00–23:00 on weekdays.
  let now = START;
  const backend = createDemoBackend({ now: () => now });
  const status = () =>
    backend.handle('GET', '/api/v2/devs/de3000000000000006/htr/4/status').body as NodeStatus;
  // 11:00 in Paris: an off slot.
  expect(status()).toMatchObject({ mode: 'auto', stemp: '0.0', active: false });
  now += 7 * 3_600_000;
  backend.tick();
  // 18:00 in Paris: on, heating to comfort.
  expect(status()).toMatchObject({ mode: 'auto', stemp: '21.0', active: true });
});

describe('power reads', () => {
  const POWER = `/api/v2/devs/${FAMILY}/pmo/13/power`;

  test('the dashboard reads a fixed 2000 W', () => {
    const { get } = setup({ dashboard: true, random: 0.99 });
    expect(get<{ power: string }>(POWER).power).toBe(DEMO_POWER_W.toFixed(1));
  });

  test('elsewhere a random value below 5000 W', () => {
    expect(setup({ random: 0.999999 }).get<{ power: string }>(POWER).power).toBe('4999.0');
    expect(setup({ random: 0.25 }).get<{ power: string }>(POWER).power).toBe('1250.0');
    expect(Number(setup({ random: 0.999999 }).get<{ power: string }>(POWER).power)).toBeLessThan(
      DEMO_POWER_RANDOM_BELOW_W,
    );
  });
});
