import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { PowerGuardAction, PowerGuardSettings } from '@hearth/protocol';
import {
  createWorld,
  HEATER,
  HEATER_STATUS,
  METER,
  useControlHearth,
  type World,
} from '../devices/control-test-world';
import { activityLog, guests, memberRoles, powerGuards } from '../db/schema';
import type { TestGateway } from '../test-support/test-gateway';
import type { TestHearth } from '../test-support/test-hearth';
import { call } from './energy.test-helpers';

let t: TestHearth;
const { gateway } = useControlHearth((started) => (t = started));

const guardPath = (w: World) => `/api/hearth/v1/homes/${w.homeId}/power_guard`;
const room = (w: World) => `${w.devId}/htr/2`;

function settings(w: World, over: Partial<PowerGuardSettings> = {}): PowerGuardSettings {
  return {
    enabled: true,
    dry_run: false,
    cap_kw: 1,
    instant_cap_kw: 2,
    priority: [room(w)],
    monitor: `${w.devId}/pmo/5`,
    ...over,
  };
}

/** The heater heats at 1 kW; the gateway is connected and acknowledges nothing (the test does). */
async function heatingWorld(): Promise<{ w: World; gw: TestGateway }> {
  const w = await createWorld(t);
  await t.repos.nodes.setPart(w.devId, 'htr', 2, 'status', {
    ...HEATER_STATUS,
    power: '1000.0',
    active: true,
  });
  return { w, gw: await gateway(w.devId) };
}

async function actions(w: World, token = w.owner): Promise<PowerGuardAction[]> {
  const res = await call(t, 'GET', `${guardPath(w)}/actions?limit=10`, { token });
  expect(res.status).toBe(200);
  return (res.body as { actions: PowerGuardAction[] }).actions;
}

const statusWrites = (gw: TestGateway) =>
  gw.commands.filter((c) => c.path === '/htr/2/status').map((c) => c.body);

describe('the power guard', () => {
  it('lowers the first heater of the owner order through the gateway when the draw passes the instant cap, and logs why', async () => {
    const { w, gw } = await heatingWorld();
    const put = await call(t, 'PUT', guardPath(w), { token: w.owner, json: settings(w) });
    expect(put.status).toBe(200);
    expect(put.body).toEqual(settings(w));

    await gw.publishUp('/pmo/5/power', { power: '5000.0' });
    await vi.waitFor(() => expect(statusWrites(gw)).toEqual([{ stemp: '17.0', units: 'C' }]));
    // 1 kW lowered is not the 3 kW over: it says so, once, beside the lowering.
    const logged = await actions(w);
    expect(logged.map((a) => a.kind)).toEqual(['unable', 'lower']);
    expect(logged[0]).toMatchObject({ room: '', to_c: null, detail: { reason: 'instant' } });
    const lower = logged[1];
    expect(lower).toMatchObject({
      room: room(w),
      kind: 'lower',
      to_c: 17,
      dry_run: false,
      detail: { reason: 'instant', cap_kw: 2, minutes: 10 },
    });
    // The real write is in the home's activity log, by the guard, with its reason.
    await vi.waitFor(async () =>
      expect(
        (await t.hearth.db.select().from(activityLog).where(eq(activityLog.groupId, w.homeId)))
          .filter((e) => e.source === 'automation')
          .map((e) => [e.via, e.nodeType, e.nodeAddr, e.detail.stemp]),
      ).toEqual([['automation:power-guard', 'htr', 2, '17.0']]),
    );
    expect(lower?.text).toMatch(
      /lowered Lounge to 17 °C for 10 min: the home was drawing 5\.0 kW against a 2\.0 kW limit/,
    );

    // Switched off: what it lowered is put back, and the log says so.
    const off = await call(t, 'PUT', guardPath(w), {
      token: w.owner,
      json: settings(w, { enabled: false }),
    });
    expect(off.status).toBe(200);
    await vi.waitFor(() =>
      expect(statusWrites(gw)).toEqual([
        { stemp: '17.0', units: 'C' },
        { stemp: '21.0', units: 'C' },
      ]),
    );
    expect((await actions(w))[0]).toMatchObject({
      kind: 'restore',
      to_c: 21,
      detail: { reason: 'guard-off' },
    });
    expect((await actions(w))[0]?.text).toMatch(
      /restored Lounge to 21 °C: the power guard was switched off/,
    );
  });

  it('never goes below anti-frost: a heater at 9 °C with anti-frost 7 °C goes to 7 °C', async () => {
    const { w, gw } = await heatingWorld();
    await t.repos.nodes.setPart(w.devId, 'htr', 2, 'status', {
      ...HEATER_STATUS,
      stemp: '9.0',
      power: '1000.0',
    });
    expect((await call(t, 'PUT', guardPath(w), { token: w.owner, json: settings(w) })).status).toBe(
      200,
    );
    await gw.publishUp('/pmo/5/power', { power: '5000.0' });
    await vi.waitFor(() => expect(statusWrites(gw)).toEqual([{ stemp: '7.0', units: 'C' }]));
  });

  it('leaves a storage heater in the order alone: it draws by its charging programme, not its set point', async () => {
    const { w, gw } = await heatingWorld();
    const acm = { name: 'Hall', addr: 3, type: 'acm' as const, installed: true, lost: false };
    await t.repos.nodes.replaceList(w.devId, [HEATER, METER, acm]);
    await t.repos.nodes.setPart(w.devId, 'acm', 3, 'status', {
      ...HEATER_STATUS,
      power: '2550.0',
      charging: true,
    });
    const json = settings(w, { priority: [`${w.devId}/acm/3`, room(w)] });
    expect((await call(t, 'PUT', guardPath(w), { token: w.owner, json })).status).toBe(200);
    await gw.publishUp('/pmo/5/power', { power: '5000.0' });
    await vi.waitFor(() => expect(statusWrites(gw)).toEqual([{ stemp: '17.0', units: 'C' }]));
    expect(gw.commands.filter((c) => c.path.startsWith('/acm/'))).toEqual([]);
    expect((await actions(w)).filter((a) => a.room.includes('/acm/'))).toEqual([]);
  });

  it('in a dry run writes nothing and logs what it would have done', async () => {
    const { w, gw } = await heatingWorld();
    const json = settings(w, { dry_run: true });
    expect((await call(t, 'PUT', guardPath(w), { token: w.owner, json })).status).toBe(200);
    await gw.publishUp('/pmo/5/power', { power: '5000.0' });
    await vi.waitFor(async () => expect(await actions(w)).toHaveLength(2));
    const would = (await actions(w)).find((a) => a.kind === 'lower');
    expect(would).toMatchObject({ kind: 'lower', dry_run: true, to_c: 17 });
    expect(would?.text).toMatch(/would lower Lounge to 17 °C .*\(dry run\)/);
    // A marker after the reading: once stored, the reading was handled; no write was sent.
    await gw.barrier(async () => t.repos.devices.getState(w.devId, '/mgr/rtc/time'));
    expect(statusWrites(gw)).toEqual([]);
    const logged = await t.hearth.db.select().from(activityLog);
    expect(logged.filter((e) => e.source === 'automation')).toEqual([]);
  });

  it('reads only the chosen monitor, and does nothing while off', async () => {
    const { w, gw } = await heatingWorld();
    expect((await call(t, 'PUT', guardPath(w), { token: w.owner, json: settings(w) })).status).toBe(
      200,
    );
    // Another meter of the gateway (a sub-circuit) is not the home's supply.
    await gw.publishUp('/pmo/6/power', { power: '9000.0' });
    await gw.barrier(async () => t.repos.devices.getState(w.devId, '/mgr/rtc/time'));
    const json = settings(w, { enabled: false });
    expect((await call(t, 'PUT', guardPath(w), { token: w.owner, json })).status).toBe(200);
    await gw.publishUp('/pmo/5/power', { power: '9000.0' });
    await gw.barrier(async () => t.repos.devices.getState(w.devId, '/mgr/rtc/time'));
    expect(statusWrites(gw)).toEqual([]);
    expect(await actions(w)).toEqual([]);
  });

  it('owner and residents read it; guests are refused, strangers see nothing, only the owner changes it', async () => {
    const { w } = await heatingWorld();
    expect((await call(t, 'GET', guardPath(w))).status).toBe(401);
    expect((await call(t, 'GET', guardPath(w), { token: w.stranger })).status).toBe(404);
    const fresh = await call(t, 'GET', guardPath(w), { token: w.guest });
    expect(fresh).toEqual({
      status: 200,
      body: {
        enabled: false,
        dry_run: true,
        cap_kw: 6,
        instant_cap_kw: null,
        priority: [],
        monitor: null,
      },
    });
    expect((await call(t, 'PUT', guardPath(w), { token: w.guest, json: settings(w) })).status).toBe(
      403,
    );
    expect(
      (await call(t, 'PUT', guardPath(w), { token: w.stranger, json: settings(w) })).status,
    ).toBe(404);
    // The member made a guest with a scope: the guard is not theirs to see.
    const [g] = await t.hearth.db.select().from(guests).where(eq(guests.groupId, w.homeId));
    await t.hearth.db.insert(memberRoles).values({ guestId: g!.id, role: 'guest', scope: {} });
    expect((await call(t, 'GET', guardPath(w), { token: w.guest })).status).toBe(403);
    expect((await call(t, 'GET', `${guardPath(w)}/actions`, { token: w.guest })).status).toBe(403);
  });

  it('refuses hostile or wrong settings with 400 and stores nothing', async () => {
    const { w } = await heatingWorld();
    const bad: unknown[] = [
      { ...settings(w), cap_kw: -1 },
      { ...settings(w), cap_kw: 1e9 },
      { ...settings(w), cap_kw: '5' },
      { ...settings(w), instant_cap_kw: 0.5 },
      { ...settings(w), priority: [`${w.devId}/pmo/5`] },
      { ...settings(w), priority: [room(w), room(w)] },
      { ...settings(w), priority: ['0123456789abcdef01/htr/2'] },
      { ...settings(w), priority: ['x'.repeat(5000)] },
      { ...settings(w), priority: Array.from({ length: 300 }, () => room(w)) },
      { ...settings(w), monitor: room(w) },
      { ...settings(w), monitor: '../../etc' },
      { ...settings(w), enabled: 'yes' },
      {},
    ];
    for (const json of bad) {
      const res = await call(t, 'PUT', guardPath(w), { token: w.owner, json });
      expect(res.status, JSON.stringify(json).slice(0, 120)).toBe(400);
    }
    expect(await t.hearth.db.select().from(powerGuards)).toEqual([]);
    const limit = await call(t, 'GET', `${guardPath(w)}/actions?limit=100000`, { token: w.owner });
    expect(limit.status).toBe(400);
  });
});
