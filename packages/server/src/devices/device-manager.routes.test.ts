import { describe, expect, it, vi } from 'vitest';
import { getJson } from '../test-support/http';
import type { TestHearth } from '../test-support/test-hearth';
import { createWorld, send, useControlHearth } from './control-test-world';
import type { DeviceClock } from '@hearth/protocol';
import { zoneTime } from './device-time';

let t: TestHearth;
const { gateway } = useControlHearth((started) => (t = started));

const wall = (d: DeviceClock) => Date.UTC(d.y, d.n - 1, d.d, d.h, d.m, d.s);
const system = {
  main_circuit_pmos: [5],
  max_power_config: {
    profiles: [3000, 6000],
    slots: [
      { m: 0, i: 1 },
      { m: 420, i: 0 },
    ],
  },
};

describe('device manager', () => {
  it('reads defaults, then stores each write, forwards it and answers the desired object', async () => {
    const w = await createWorld(t);
    const gw = await gateway(w.devId);
    const base = `${t.url}/api/v2/devs/${w.devId}`;
    expect((await getJson(`${base}/mgr/away_status`, w.guest)).body).toEqual({
      enabled: false,
      away: false,
      forced: false,
    });
    expect((await getJson(`${base}/mgr/discovery`, w.guest)).body).toEqual({ discovery: 'off' });
    expect((await getJson(`${base}/htr_system/power_limit`, w.guest)).body).toEqual({
      power_limit: '0',
    });
    expect((await getJson(`${base}/pmo_system`, w.guest)).body).toEqual({
      main_circuit_pmos: [],
      max_power_config: { profiles: [], slots: [] },
    });
    const writes: Array<[string, unknown, unknown]> = [
      [
        'mgr/away_status',
        { away: true, enabled: true },
        { away: true, enabled: true, forced: false },
      ],
      [
        'mgr/discovery',
        { discovery: 'on', type: 'htr', addr: 7 },
        { discovery: 'on', type: 'htr', addr: 7 },
      ],
      ['htr_system/power_limit', { power_limit: '2000' }, { power_limit: '2000' }],
      ['pmo_system', system, system],
    ];
    for (const [path, body, stored] of writes) {
      const res = await send('POST', `${base}/${path}`, body, w.owner);
      expect(res, path).toEqual({ status: 200, body: stored });
      await vi.waitFor(() => expect(gw.commands.at(-1)).toMatchObject({ path: `/${path}`, body }));
      expect((await getJson(`${base}/${path}`, w.guest)).body, path).toEqual(stored);
    }
    expect((await getJson(`${base}/dev_data`, w.owner)).body).toMatchObject({
      away_status: { away: true },
      htr_system: { setup: { power_limit: '2000' } },
      pmo_system: system,
    });
  });

  it('refuses a guest who sets the home away (ruling D21) with 403, storing and sending nothing', async () => {
    const w = await createWorld(t);
    const gw = await gateway(w.devId);
    const base = `${t.url}/api/v2/devs/${w.devId}`;
    const atHome = { away: false, enabled: true };
    expect((await send('POST', `${base}/mgr/away_status`, atHome, w.owner)).status).toBe(200);
    await vi.waitFor(() => expect(gw.commands.at(-1)).toMatchObject({ path: '/mgr/away_status' }));
    const sent = gw.commands.length;
    const stored = await t.repos.devices.listState(w.devId);
    const pending = await t.repos.commands.listPending(w.devId);

    for (const body of [{ away: true }, { away: true, enabled: false }]) {
      const res = await send('POST', `${base}/mgr/away_status`, body, w.guest);
      expect(res, JSON.stringify(body)).toEqual({
        status: 403,
        body: {
          statusCode: 403,
          error: 'forbidden',
          message: 'Only the owner may set the home away',
        },
      });
    }
    expect(await t.repos.devices.listState(w.devId)).toEqual(stored);
    expect(await t.repos.commands.listPending(w.devId)).toEqual(pending);
    expect((await getJson(`${base}/mgr/away_status`, w.guest)).body).toEqual({
      ...atHome,
      forced: false,
    });
    // The owner's next write reaches the gateway right after the refused ones: none went first.
    expect((await send('POST', `${base}/mgr/away_status`, { away: true }, w.owner)).status).toBe(
      200,
    );
    await vi.waitFor(() => expect(gw.commands.length).toBe(sent + 1));
    expect(gw.commands.at(-1)).toMatchObject({ path: '/mgr/away_status', body: { away: true } });
  });

  it('refuses bad bodies with 400 and stores nothing', async () => {
    const w = await createWorld(t);
    const base = `${t.url}/api/v2/devs/${w.devId}`;
    const bad: Array<[string, unknown]> = [
      ['mgr/away_status', { away: 'yes' }],
      ['mgr/away_status', { enabled: true }],
      ['mgr/discovery', { discovery: 'maybe' }],
      ['mgr/discovery', { discovery: 'on', type: 'oven' }],
      ['htr_system/power_limit', { power_limit: '999' }],
      ['htr_system/power_limit', { power_limit: '60001' }],
      ['htr_system/power_limit', { power_limit: '-1' }],
      ['htr_system/power_limit', { power_limit: 'lots' }],
      [
        'pmo_system',
        { ...system, max_power_config: { profiles: [3000], slots: [{ m: 0, i: 1 }] } },
      ],
      [
        'pmo_system',
        { ...system, max_power_config: { profiles: [3000], slots: [{ m: 10080, i: 0 }] } },
      ],
      ['pmo_system', { ...system, max_power_config: { profiles: [500], slots: [{ m: 0, i: 0 }] } }],
      [
        'pmo_system',
        { ...system, max_power_config: { profiles: [60001, -1], slots: [{ m: 0, i: 1 }] } },
      ],
      ['pmo_system', { ...system, max_power_config: { profiles: [-2], slots: [] } }],
      ['pmo_system', { ...system, main_circuit_pmos: ['5'] }],
      // docs/wire-contract.md §1: addr is an integer, a node's address (never negative; PostgreSQL integer).
      ['pmo_system', { ...system, main_circuit_pmos: [-1] }],
      ['pmo_system', { ...system, main_circuit_pmos: [2_147_483_648] }],
      ['pmo_system', { main_circuit_pmos: [5] }],
      ['pmo_system', [system]],
    ];
    for (const [path, body] of bad) {
      const res = await send('POST', `${base}/${path}`, body, w.owner);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body).toMatchObject({ error: 'validation_failed' });
    }
    expect((await t.repos.devices.listState(w.devId)).size).toBe(0);
    expect(await t.repos.commands.listPending(w.devId)).toEqual([]);
  });

  it("tells the device clock: the gateway's last report moved on, else the home's zone", async () => {
    const w = await createWorld(t);
    const url = `${t.url}/api/v2/devs/${w.devId}/mgr/rtc/time`;
    const before = Date.now();
    const fromZone = (await getJson(url, w.guest)).body as DeviceClock;
    const madrid = [zoneTime(before, 'Europe/Madrid'), zoneTime(Date.now(), 'Europe/Madrid')];
    expect(wall(fromZone)).toBeGreaterThanOrEqual(wall(madrid[0] as DeviceClock));
    expect(wall(fromZone)).toBeLessThanOrEqual(wall(madrid[1] as DeviceClock));

    const gw = await gateway(w.devId);
    const published = { y: 2026, n: 3, d: 29, h: 1, m: 59, s: 30, w: 0 };
    await gw.publishUp('/mgr/rtc/time', published);
    // Until the report is stored the answer is the home's clock, which may be in 2026 too.
    await vi.waitFor(async () =>
      expect((await getJson(url, w.guest)).body).toMatchObject({ y: 2026, n: 3, d: 29 }),
    );
    const read = (await getJson(url, w.guest)).body as DeviceClock;
    expect(wall(read)).toBeGreaterThanOrEqual(wall(published));
    expect(wall(read) - wall(published)).toBeLessThan(Date.now() - before + 1000);
    expect(read.w).toBe(new Date(wall(read)).getUTCDay());
  });
});
