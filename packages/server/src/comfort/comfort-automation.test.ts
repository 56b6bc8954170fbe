import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '../catalog/test-servers';
import { activityLog, comfortRooms, groups } from '../db/schema';
import { createWorld, gatewayFor, send, type World } from '../devices/control-test-world';
import { getJson } from '../test-support/http';
import type { TestGateway } from '../test-support/test-gateway';
import { startTestHearth, type TestHearth } from '../test-support/test-hearth';

/**
 * The comfort automation through a real server and a simulated gateway: the gateway reports
 * its heater's status, the server steps the room and sends what it decides back down.
 * Reports are made at chosen instants (only Date is faked); the API is read at the real time.
 */
let t: TestHearth;
let weather: FakeOpenMeteo;
const open: TestGateway[] = [];

beforeAll(async () => {
  weather = await startFakeOpenMeteo([
    { name: 'Madrid', country_code: 'ES', latitude: 40.42, longitude: -3.7, postcodes: ['28001'] },
  ]);
  t = await startTestHearth({ env: { WEATHER_URL: weather.url, GEOCODER_URL: weather.url } });
});
afterAll(async () => {
  await t?.stop();
  await weather?.close();
});
beforeEach(async () => {
  for (const gw of open.splice(0)) await gw.end();
  await t.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

const MIN = 60_000;
const HEATER = {
  mode: 'auto',
  stemp: '18.0',
  mtemp: '18.0',
  units: 'C',
  comf_temp: '21.0',
  eco_temp: '18.0',
  ice_temp: '7.0',
  locked: false,
  sync_status: 'ok',
};
/** Eco until 07:00, comfort from 07:00 to 22:00, every day. */
const MORNING = Array.from({ length: 24 }, (_, h) => (h >= 7 && h < 22 ? 2 : 1));
const week = (day: number[]) =>
  Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, day]));

async function setUp(w: World, prog: number[], place = false) {
  await t.repos.nodes.setPart(w.devId, 'htr', 2, 'prog', { prog: week(prog) });
  const geoData = place
    ? { tz_code: 'Europe/Madrid', city: 'Madrid', zip: '28001', country: 'ES' }
    : { tz_code: 'Europe/Madrid' };
  await t.hearth.db.update(groups).set({ geoData }).where(eq(groups.id, w.homeId));
  const gw = await gatewayFor(t, w.devId);
  open.push(gw);
  return gw;
}

/** Everything the gateway published so far is applied (the comfort step included). */
async function settled(gw: TestGateway) {
  const devId = String(gw.client.options.clientId);
  await gw.barrier(() => t.repos.devices.getState(devId, '/mgr/rtc/time'));
  await t.hearth.gatewayIdle();
}
/** The heater reports `status` at instant `ms`; the server has stepped it on return. */
async function report(gw: TestGateway, ms: number, status: Record<string, unknown>) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
  await gw.publishUp('/htr/2/status', { ...HEATER, ...status });
  await settled(gw);
  vi.useRealTimers();
}
const writes = (gw: TestGateway) =>
  gw.commands.filter((c) => c.path === '/htr/2/status').map((c) => c.body);
const comfortUrl = (w: World) => `${t.url}/api/hearth/v1/devs/${w.devId}/htr/2/comfort`;
async function decisions(w: World) {
  const { body } = await getJson(`${comfortUrl(w)}/decisions`, w.owner);
  return (body as { decisions: { kind: string; text: string; detail: Record<string, unknown> }[] })
    .decisions;
}
const roomState = async (w: World) =>
  (await t.hearth.db.select().from(comfortRooms).where(eq(comfortRooms.devId, w.devId)))[0]
    ?.state as { plan?: { outdoorC?: number | null } } | undefined;

/** Local wall time in Madrid, winter (UTC+1). */
const winter = (wall: string) => Date.parse(`${wall}:00+01:00`);

describe('optimum start in the server', () => {
  it('sends the warm-up before the programmed rise, records it with the outdoor temperature and logs the write', async () => {
    const w = await createWorld(t);
    const gw = await setUp(w, MORNING, true);
    await send('POST', comfortUrl(w), { optimum_start: true }, w.owner);
    const rise = winter('2027-01-12T07:00');

    // The home's outdoor temperature is looked up in the background; reports go on meanwhile.
    let ms = winter('2027-01-12T05:00');
    for (; ms < winter('2027-01-12T05:30'); ms += MIN) {
      await report(gw, ms, {});
      if ((await roomState(w))?.plan?.outdoorC != null) break;
    }
    expect((await roomState(w))?.plan?.outdoorC).toBe(12.3);
    expect(weather.counts.forecast).toBe(1);

    // Still learning: a fixed hour ahead of 07:00, not before.
    await report(gw, rise - 61 * MIN, {});
    expect(writes(gw)).toEqual([]);
    await report(gw, rise - 60 * MIN, {});
    expect(writes(gw)).toEqual([{ stemp: '21.0', units: 'C' }]);
    const summary = await getJson(`${t.url}/api/hearth/v1/homes/${w.homeId}/comfort`, w.owner);
    expect(summary.body).toMatchObject({
      rooms: [
        { optimum_start: true, preheating: { since: rise - 60 * MIN, target_c: 21, by: rise } },
      ],
    });

    await report(gw, rise - 45 * MIN, { mode: 'modified_auto', stemp: '21.0', mtemp: '19.4' });
    await report(gw, rise - 10 * MIN, { mode: 'modified_auto', stemp: '21.0', mtemp: '20.6' });
    // At the rise the programme has comfort itself: nothing more is sent.
    await report(gw, rise, { stemp: '21.0', mtemp: '20.9' });
    expect(writes(gw)).toHaveLength(1);

    const [finished, started] = await decisions(w);
    expect(started).toMatchObject({
      kind: 'warmup-started',
      detail: {
        start_ms: rise - 60 * MIN,
        target_c: 21,
        by_ms: rise,
        outdoor_c: 12.3,
        basis: 'fixed',
      },
    });
    expect(started?.text).toMatch(
      /^Started 06:00 \(fixed lead while learning\) to reach 21\.0 °C by 07:00/,
    );
    expect(finished).toMatchObject({
      kind: 'warmup-finished',
      detail: { reached_ms: rise - 10 * MIN, target_c: 21, by_ms: rise, learned: true },
    });
    expect(finished?.text).toMatch(/reached 06:50$/);
    expect((await getJson(comfortUrl(w), w.owner)).body).toMatchObject({
      optimum_start: true,
      learned: {
        warmups: 1,
        rate_k_per_h: null,
        at_outdoor_c: null,
        text: expect.stringMatching(/^Still learning/),
      },
    });
    const logged = await t.hearth.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.groupId, w.homeId));
    // The owner's own change of the setting is there too, as an app write.
    expect(logged.filter((e) => e.source === 'automation')).toEqual([
      expect.objectContaining({
        source: 'automation',
        via: 'automation:optimum-start',
        detail: expect.objectContaining({ stemp: '21.0', units: 'C' }),
      }),
    ]);
  });
});

describe('optimum start without an outdoor temperature', () => {
  it('runs on its assumed outdoor temperature when the weather service fails', async () => {
    const w = await createWorld(t);
    const gw = await setUp(w, MORNING, true);
    await send('POST', comfortUrl(w), { optimum_start: true }, w.owner);
    weather.mode = 'http-500';
    try {
      const rise = winter('2027-01-19T07:00');
      const asked = weather.counts.search + weather.counts.forecast;
      await report(gw, rise - 90 * MIN, {});
      await vi.waitFor(() =>
        expect(weather.counts.search + weather.counts.forecast).toBeGreaterThan(asked),
      );
      await report(gw, rise - 60 * MIN, {});
      expect(writes(gw)).toEqual([{ stemp: '21.0', units: 'C' }]);
      const [started] = await decisions(w);
      expect(started).toMatchObject({
        kind: 'warmup-started',
        detail: { outdoor_c: null, by_ms: rise },
      });
    } finally {
      weather.mode = 'ok';
    }
  });
});

describe('holidays in the server', () => {
  // The clocks go forward in Madrid at 02:00 on 28 March 2027: 18:00 that day is 16:00 UTC.
  const HOLIDAY = {
    from: '2027-03-27T10:00',
    to: '2027-03-28T18:00',
    rooms: null,
    away_c: 12,
    use_day: null,
  };
  const utc = (iso: string) => Date.parse(`${iso}Z`);
  const COMFORT_ALL_DAY = Array<number>(24).fill(2);

  it('holds the away temperature, holds it again when the programme moves it, and returns at the local wall time across a change of the clocks', async () => {
    const w = await createWorld(t);
    const gw = await setUp(w, COMFORT_ALL_DAY);
    const made = await send(
      'POST',
      `${t.url}/api/hearth/v1/homes/${w.homeId}/holidays`,
      HOLIDAY,
      w.owner,
    );
    expect(made.status).toBe(201);

    await report(gw, utc('2027-03-27T08:59'), { stemp: '21.0' });
    expect(writes(gw)).toEqual([]);
    await report(gw, utc('2027-03-27T09:00'), { stemp: '21.0' });
    expect(writes(gw)).toEqual([{ stemp: '12.0', units: 'C' }]);
    await report(gw, utc('2027-03-27T12:00'), { mode: 'modified_auto', stemp: '12.0' });
    // The device's programme took over at a slot: Hearth asks again.
    await report(gw, utc('2027-03-28T06:00'), { stemp: '21.0' });
    expect(writes(gw)).toEqual([
      { stemp: '12.0', units: 'C' },
      { stemp: '12.0', units: 'C' },
    ]);
    await report(gw, utc('2027-03-28T15:59'), { mode: 'modified_auto', stemp: '12.0' });
    expect(writes(gw)).toHaveLength(2);
    await report(gw, utc('2027-03-28T16:00'), { mode: 'modified_auto', stemp: '12.0' });
    expect(writes(gw).at(-1)).toEqual({ mode: 'auto' });
    expect(writes(gw)).toHaveLength(3);

    const [ended, started] = await decisions(w);
    expect(started).toMatchObject({
      kind: 'holiday-started',
      detail: { source: 'holiday', away_c: 12, to: '2027-03-28T18:00', write: { stemp: '12.0' } },
    });
    expect(started?.text).toBe('Holiday: holding 12.0 °C until 2027-03-28 18:00');
    expect(ended).toMatchObject({ kind: 'holiday-ended', detail: { write: { mode: 'auto' } } });
    const vias = (
      await t.hearth.db.select().from(activityLog).where(eq(activityLog.groupId, w.homeId))
    ).map((e) => e.via);
    expect(vias).toContain('automation:holiday');
  });

  it('with optimum start on, warms up ahead of the return', async () => {
    const w = await createWorld(t);
    const gw = await setUp(w, COMFORT_ALL_DAY);
    await send('POST', `${t.url}/api/hearth/v1/homes/${w.homeId}/holidays`, HOLIDAY, w.owner);
    await send('POST', comfortUrl(w), { optimum_start: true }, w.owner);

    await report(gw, utc('2027-03-28T14:00'), { stemp: '21.0', mtemp: '13.0' });
    expect(writes(gw)).toEqual([{ stemp: '12.0', units: 'C' }]);
    await report(gw, utc('2027-03-28T14:59'), {
      mode: 'modified_auto',
      stemp: '12.0',
      mtemp: '12.5',
    });
    expect(writes(gw)).toHaveLength(1);
    // An hour before 18:00 local (the fixed lead while learning).
    await report(gw, utc('2027-03-28T15:00'), {
      mode: 'modified_auto',
      stemp: '12.0',
      mtemp: '12.5',
    });
    expect(writes(gw).at(-1)).toEqual({ stemp: '21.0', units: 'C' });
    const kinds = (await decisions(w)).map((d) => d.kind);
    expect(kinds).toEqual(['warmup-started', 'holiday-started']);
    const [warmup] = await decisions(w);
    expect(warmup?.detail).toMatchObject({ by_ms: utc('2027-03-28T16:00'), target_c: 21 });
  });

  it('gives the room back at the next report when a holiday under way is deleted', async () => {
    const w = await createWorld(t);
    const gw = await setUp(w, COMFORT_ALL_DAY);
    const url = `${t.url}/api/hearth/v1/homes/${w.homeId}/holidays`;
    const made = (await send('POST', url, HOLIDAY, w.owner)).body as { id: string };
    await report(gw, utc('2027-03-27T12:00'), { stemp: '21.0' });
    expect(writes(gw)).toEqual([{ stemp: '12.0', units: 'C' }]);
    const gone = await fetch(`${url}/${made.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${w.owner}` },
    });
    expect(gone.status).toBe(204);
    await report(gw, utc('2027-03-27T12:01'), { mode: 'modified_auto', stemp: '12.0' });
    expect(writes(gw)).toEqual([{ stemp: '12.0', units: 'C' }, { mode: 'auto' }]);
    expect((await decisions(w)).map((d) => d.kind)).toEqual(['holiday-ended', 'holiday-started']);
    // Given back: later reports are left alone.
    await report(gw, utc('2027-03-27T13:00'), { stemp: '21.0' });
    expect(writes(gw)).toHaveLength(2);
  });

  it('leaves the rooms of a holiday that names other rooms alone', async () => {
    const w = await createWorld(t);
    const gw = await setUp(w, COMFORT_ALL_DAY);
    await t.repos.nodes.replaceList(w.devId, [
      { name: 'Lounge', addr: 2, type: 'htr', installed: true, lost: false },
      { name: 'Hall', addr: 3, type: 'htr', installed: true, lost: false },
    ]);
    const some = { ...HOLIDAY, rooms: [`${w.devId}/htr/3`] };
    expect(
      (await send('POST', `${t.url}/api/hearth/v1/homes/${w.homeId}/holidays`, some, w.owner))
        .status,
    ).toBe(201);
    await report(gw, utc('2027-03-27T12:00'), { stemp: '21.0' });
    expect(writes(gw)).toEqual([]);
    expect(await decisions(w)).toEqual([]);
  });
});
