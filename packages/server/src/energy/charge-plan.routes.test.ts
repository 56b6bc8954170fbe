import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { deviceClockAt, type ChargePlanAnswer, type ChargePlanSettings } from '@hearth/protocol';
import {
  createWorld,
  HEATER,
  HEATER_SETUP,
  METER,
  useControlHearth,
  type World,
} from '../devices/control-test-world';
import { chargePlans, guests, memberRoles } from '../db/schema';
import type { TestGateway } from '../test-support/test-gateway';
import type { TestHearth } from '../test-support/test-hearth';
import { call } from './energy.test-helpers';

const HOUR = 3_600_000;
const ZONE = 'Europe/Madrid';
const ORIGINAL = { slot_1: { start: 0, end: 420 }, slot_2: { start: 0, end: 0 } };

let t: TestHearth;
const { gateway } = useControlHearth((started) => (t = started));

const planPath = (w: World, type = 'acm', addr = 3) =>
  `/api/hearth/v1/devs/${w.devId}/${type}/${addr}/charge_plan`;
const thisHour = () => Math.floor(Date.now() / HOUR) * HOUR;
const minuteOf = (ms: number) => {
  const c = deviceClockAt(ms, ZONE);
  return c.h * 60 + c.m;
};
const hhmm = (ms: number) => {
  const c = deviceClockAt(ms, ZONE);
  return `${String(c.h).padStart(2, '0')}:${String(c.m).padStart(2, '0')}`;
};

/** A home with a storage heater (acm 3) holding nothing, charging 00:00–07:00 by its own programme. */
async function storageWorld(): Promise<{ w: World; gw: TestGateway }> {
  const w = await createWorld(t);
  const acm = { name: 'Hall', addr: 3, type: 'acm' as const, installed: true, lost: false };
  await t.repos.nodes.replaceList(w.devId, [HEATER, METER, acm]);
  await t.repos.nodes.setPart(w.devId, 'acm', 3, 'status', {
    mode: 'auto',
    stemp: '20.0',
    mtemp: '19.0',
    units: 'C',
    ice_temp: '7.0',
    current_charge_per: 0,
    charging: false,
    power: '0',
  });
  await t.repos.nodes.setPart(w.devId, 'acm', 3, 'setup', {
    ...HEATER_SETUP,
    charging_conf: ORIGINAL,
    charge_days: [true, true, true, true, true, true, true],
  });
  return { w, gw: await gateway(w.devId) };
}

/** Hourly prices for two days: 0.30 everywhere but 0.05 in the `cheap` hours after this one. */
async function putPrices(w: World, cheap: number[]) {
  const from = thisHour();
  const prices = Array.from({ length: 48 }, (_, i) => ({
    start: from + i * HOUR,
    pricePerKwh: cheap.includes(i) ? 0.05 : 0.3,
  }));
  const res = await call(t, 'PUT', `/api/hearth/v1/homes/${w.homeId}/tariffs`, {
    token: w.owner,
    json: {
      currency: 'EUR',
      tariff: { kind: 'dynamic', validFrom: from, slotMinutes: 60, prices },
    },
  });
  expect(res.status).toBe(200);
}

const setupWrites = (gw: TestGateway) =>
  gw.commands
    .filter((c) => c.path === '/acm/3/setup')
    .map((c) => (c.body as { charging_conf: unknown }).charging_conf);

function settings(over: Partial<ChargePlanSettings> = {}): ChargePlanSettings {
  return {
    enabled: true,
    // 20 % of the 15 kWh taken for an unseen 2.5 kW heater: 3 kWh, 1.2 h of charging.
    target_pct: 20,
    ready_by: hhmm(Date.now() + 10 * HOUR),
    min_block_min: 60,
    ...over,
  };
}

describe('storage heater charge plans', () => {
  it('charges in the cheapest hours before the ready-by time and sends the heater that window as its programme', async () => {
    const { w, gw } = await storageWorld();
    await putPrices(w, [3, 4]);
    const res = await call(t, 'PUT', planPath(w), { token: w.owner, json: settings() });
    expect(res.status).toBe(200);
    const { plan, ...rest } = res.body as ChargePlanAnswer;
    expect(rest).toEqual(settings());
    expect(plan).not.toBeNull();
    const cheapFrom = thisHour() + 3 * HOUR;
    for (const s of plan!.slots) {
      expect(s.start_ms).toBeGreaterThanOrEqual(cheapFrom);
      expect(s.end_ms).toBeLessThanOrEqual(cheapFrom + 2 * HOUR);
      expect(s.price_per_kwh).toBe(0.05);
    }
    expect(plan!.slots.reduce((a, s) => a + s.kwh, 0)).toBeCloseTo(3, 6);
    expect(plan).toMatchObject({ currency: 'EUR', reaches_target: true });
    expect(plan!.cost).toBeCloseTo(0.15, 6);
    expect(plan!.text).toMatch(/^Hall: charging 3\.0 kWh in 1 block/);
    const first = plan!.slots[0]!;
    const last = plan!.slots.at(-1)!;
    await vi.waitFor(() =>
      expect(setupWrites(gw)).toEqual([
        {
          slot_1: { start: minuteOf(first.start_ms), end: minuteOf(last.end_ms) },
          slot_2: { start: 0, end: 0 },
        },
      ]),
    );

    // Cheaper hours later: the upkeep plans again and sends the new window.
    await putPrices(w, [6, 7]);
    await t.hearth.energyTick();
    const moved = (await call(t, 'GET', planPath(w), { token: w.guest })).body as ChargePlanAnswer;
    expect(moved.plan!.slots[0]!.start_ms).toBeGreaterThanOrEqual(thisHour() + 6 * HOUR);
    await vi.waitFor(() => expect(setupWrites(gw)).toHaveLength(2));
    expect(setupWrites(gw)[1]).toEqual({
      slot_1: {
        start: minuteOf(moved.plan!.slots[0]!.start_ms),
        end: minuteOf(moved.plan!.slots.at(-1)!.end_ms),
      },
      slot_2: { start: 0, end: 0 },
    });

    // Nothing changed: the upkeep leaves it (no new plan is due, nothing sent).
    await t.hearth.energyTick();
    expect(setupWrites(gw)).toHaveLength(2);

    // Switched off: the heater gets its own programme back and shows no plan.
    const off = await call(t, 'PUT', planPath(w), {
      token: w.owner,
      json: settings({ enabled: false }),
    });
    expect((off.body as ChargePlanAnswer).plan).toBeNull();
    await vi.waitFor(() => expect(setupWrites(gw)).toHaveLength(3));
    expect(setupWrites(gw)[2]).toEqual(ORIGINAL);
  });

  it('has no plan without a tariff, and answers defaults before the owner sets one', async () => {
    const { w } = await storageWorld();
    const fresh = await call(t, 'GET', planPath(w), { token: w.owner });
    expect(fresh).toEqual({
      status: 200,
      body: { enabled: false, target_pct: 100, ready_by: '07:00', min_block_min: 60, plan: null },
    });
    const put = await call(t, 'PUT', planPath(w), { token: w.owner, json: settings() });
    expect((put.body as ChargePlanAnswer).plan).toBeNull();
  });

  it('is read by the owner, residents and guests with the room; changed by the owner only', async () => {
    const { w } = await storageWorld();
    expect((await call(t, 'GET', planPath(w))).status).toBe(401);
    expect((await call(t, 'GET', planPath(w), { token: w.stranger })).status).toBe(404);
    expect((await call(t, 'GET', planPath(w), { token: w.guest })).status).toBe(200);
    expect((await call(t, 'PUT', planPath(w), { token: w.guest, json: settings() })).status).toBe(
      403,
    );
    expect(
      (await call(t, 'PUT', planPath(w), { token: w.stranger, json: settings() })).status,
    ).toBe(404);
    const [g] = await t.hearth.db.select().from(guests).where(eq(guests.groupId, w.homeId));
    await t.hearth.db.insert(memberRoles).values({
      guestId: g!.id,
      role: 'guest',
      scope: { nodes: [{ devId: w.devId, type: 'acm', addr: 3 }] },
    });
    expect((await call(t, 'GET', planPath(w), { token: w.guest })).status).toBe(200);
    await t.hearth.db
      .update(memberRoles)
      .set({ scope: { nodes: [{ devId: w.devId, type: 'htr', addr: 2 }] } })
      .where(eq(memberRoles.guestId, g!.id));
    expect((await call(t, 'GET', planPath(w), { token: w.guest })).status).toBe(403);
  });

  it('refuses hostile settings and other node types with 400, storing nothing', async () => {
    const { w } = await storageWorld();
    for (const json of [
      { ...settings(), target_pct: 101 },
      { ...settings(), target_pct: -1 },
      { ...settings(), ready_by: '25:00' },
      { ...settings(), ready_by: '7:00' },
      { ...settings(), ready_by: '07:00'.repeat(1000) },
      { ...settings(), min_block_min: 45 },
      { ...settings(), enabled: 1 },
      {},
    ]) {
      const res = await call(t, 'PUT', planPath(w), { token: w.owner, json });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
    }
    expect(
      (await call(t, 'PUT', planPath(w, 'htr', 2), { token: w.owner, json: settings() })).status,
    ).toBe(400);
    expect((await call(t, 'GET', planPath(w, 'acm', 99), { token: w.owner })).status).toBe(404);
    expect(await t.hearth.db.select().from(chargePlans)).toEqual([]);
  });
});
