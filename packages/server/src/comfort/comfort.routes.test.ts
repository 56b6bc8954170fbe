import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getJson } from '../test-support/http';
import type { TestGateway } from '../test-support/test-gateway';
import type { TestHearth } from '../test-support/test-hearth';
import {
  createWorld,
  HEATER_STATUS,
  send,
  useControlHearth,
  type World,
} from '../devices/control-test-world';

let t: TestHearth;
const { gateway } = useControlHearth((started) => (t = started));
const comfortUrl = (w: World, node = 'htr/2') =>
  `${t.url}/api/hearth/v1/devs/${w.devId}/${node}/comfort`;
const OFF = {
  optimum_start: false,
  window_detection: false,
  window_hold_until: null,
  learned: null,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('comfort settings', () => {
  it('the owner and guests read them, only the owner changes them, strangers find nothing', async () => {
    const w = await createWorld(t);
    expect(await getJson(comfortUrl(w), w.owner)).toEqual({ status: 200, body: OFF });
    expect(await getJson(comfortUrl(w), w.guest)).toEqual({ status: 200, body: OFF });
    expect((await getJson(comfortUrl(w), w.stranger)).status).toBe(404);
    expect((await getJson(comfortUrl(w))).status).toBe(401);

    const on = { window_detection: true };
    expect((await send('POST', comfortUrl(w), on, w.guest)).status).toBe(403);
    expect((await send('POST', comfortUrl(w), on, w.stranger)).status).toBe(404);
    expect((await send('POST', comfortUrl(w), on)).status).toBe(401);
    expect((await getJson(comfortUrl(w), w.owner)).body).toEqual(OFF);

    const saved = await send('POST', comfortUrl(w), on, w.owner);
    expect(saved).toEqual({ status: 200, body: { ...OFF, window_detection: true } });
    expect((await getJson(comfortUrl(w), w.guest)).body).toEqual({
      ...OFF,
      window_detection: true,
    });
    expect((await getJson(`${comfortUrl(w)}/decisions`, w.stranger)).status).toBe(404);
    expect((await send('POST', `${comfortUrl(w)}/window/override`, {}, w.stranger)).status).toBe(
      404,
    );
  });

  it('refuses hostile bodies and nodes without a room, storing nothing', async () => {
    const w = await createWorld(t);
    const bodies: unknown[] = [
      {},
      { window_detection: 'yes' },
      { window_detection: 1 },
      { optimum_start: null },
      { window_detection: true, state: { window: { hold: true } } },
      { window_detection: true, window_hold_until: '2030-01-01T00:00:00Z' },
      [true],
      'window_detection',
    ];
    for (const body of bodies) {
      const res = await send('POST', comfortUrl(w), body, w.owner);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const meter = await send('POST', comfortUrl(w, 'pmo/5'), { window_detection: true }, w.owner);
    expect(meter.status).toBe(400);
    expect((await getJson(comfortUrl(w), w.owner)).body).toEqual(OFF);
    expect(await t.hearth.db.execute(sql`select 1 from comfort_rooms`)).toMatchObject({ rows: [] });
  });
});

describe('open-window hold', () => {
  /** Reports of the room's temperature a minute apart, each applied before the clock moves on. */
  async function report(gw: TestGateway, temps: number[], startMs: number, from = 0) {
    for (const [i, c] of temps.entries()) {
      vi.setSystemTime(startMs + (from + i) * 60_000);
      await gw.publishUp('/htr/2/status', { ...HEATER_STATUS, mtemp: c.toFixed(1) });
      await settled(gw);
    }
  }
  /** Everything the gateway published so far is applied (the comfort step included). */
  async function settled(gw: TestGateway) {
    const devId = String(gw.client.options.clientId);
    await gw.barrier(() => t.repos.devices.getState(devId, '/mgr/rtc/time'));
    await t.hearth.gatewayIdle();
  }
  const steadyThenFalling = [20, 20, 20, 20, 20, 19.5, 19, 18.5, 18, 17.5];
  const statusWrites = (gw: TestGateway) =>
    gw.commands.filter((c) => c.path === '/htr/2/status').map((c) => c.body);

  it('holds a room whose temperature falls fast at anti-frost, records why, and resumes on override', async () => {
    const w = await createWorld(t);
    const gw = await gateway(w.devId);
    await send('POST', comfortUrl(w), { window_detection: true }, w.owner);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    await report(gw, steadyThenFalling, start);
    await vi.waitFor(() => expect(statusWrites(gw)).toEqual([{ stemp: '7.0', units: 'C' }]));

    const settings = (await getJson(comfortUrl(w), w.guest)).body as typeof OFF;
    expect(settings.window_hold_until).not.toBeNull();
    const { body } = await getJson(`${comfortUrl(w)}/decisions`, w.guest);
    expect(body).toMatchObject({
      decisions: [
        {
          kind: 'window-opened',
          detail: { reason: 'slope', write: { stemp: '7.0', units: 'C' }, anti_frost: '7.0' },
        },
      ],
    });
    const [opened] = (body as { decisions: { text: string }[] }).decisions;
    expect(opened?.text).toMatch(
      /^Window open: the temperature fell .* holding anti-frost \(7\.0 °C\)$/,
    );

    const override = await send('POST', `${comfortUrl(w)}/window/override`, {}, w.guest);
    expect(override).toEqual({ status: 200, body: { resumed: true } });
    // Back to what the room had before: its manual set point.
    await vi.waitFor(() =>
      expect(statusWrites(gw)).toEqual([
        { stemp: '7.0', units: 'C' },
        { stemp: '21.0', units: 'C' },
      ]),
    );
    expect((await getJson(comfortUrl(w), w.owner)).body).toEqual({
      ...OFF,
      window_detection: true,
    });
    const after = (await getJson(`${comfortUrl(w)}/decisions`, w.owner)).body;
    expect(after).toMatchObject({ decisions: [{ kind: 'override' }, { kind: 'window-opened' }] });
    // Still falling: detection waits for the fall to slow, so no new hold at once.
    await report(gw, [17, 16.5, 16, 15.5], start, steadyThenFalling.length);
    expect(statusWrites(gw)).toHaveLength(2);
    expect(await send('POST', `${comfortUrl(w)}/window/override`, {}, w.owner)).toEqual({
      status: 200,
      body: { resumed: false },
    });
  });

  it('resumes by itself once the heater says the window is shut', async () => {
    const w = await createWorld(t);
    const gw = await gateway(w.devId);
    await send('POST', comfortUrl(w), { window_detection: true }, w.owner);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    await gw.publishUp('/htr/2/status', { ...HEATER_STATUS, window_open: true });
    await vi.waitFor(() => expect(statusWrites(gw)).toEqual([{ stemp: '7.0', units: 'C' }]));
    vi.setSystemTime(start + 60_000);
    await gw.publishUp('/htr/2/status', { ...HEATER_STATUS, window_open: false });
    await vi.waitFor(() =>
      expect(statusWrites(gw)).toEqual([
        { stemp: '7.0', units: 'C' },
        { stemp: '21.0', units: 'C' },
      ]),
    );
    const { body } = await getJson(`${comfortUrl(w)}/decisions`, w.owner);
    expect(body).toMatchObject({
      decisions: [
        { kind: 'window-closed', detail: { why: 'device' } },
        { kind: 'window-opened', detail: { reason: 'device' } },
      ],
    });
  });

  it('leaves a room with the features off alone', async () => {
    const w = await createWorld(t);
    const gw = await gateway(w.devId);
    await send('POST', comfortUrl(w), { optimum_start: false, window_detection: false }, w.owner);
    vi.useFakeTimers({ toFake: ['Date'] });
    await report(gw, steadyThenFalling, Date.now());
    await gw.publishUp('/htr/2/status', { ...HEATER_STATUS, window_open: true });
    await settled(gw);
    expect(statusWrites(gw)).toEqual([]);
    expect((await getJson(`${comfortUrl(w)}/decisions`, w.owner)).body).toEqual({ decisions: [] });
  });
});
