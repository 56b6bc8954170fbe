import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { SOCKET_NAMESPACE, type UpdateEvent } from '@hearth/protocol';
import { startSmtpSink } from '../mail/smtp-sink';
import { getJson } from '../test-support/http';
import { startTestHearth, type TestHearth } from '../test-support/test-hearth';
import { call, homeWorld, statusByRole, type HomeWorld } from './homes.test-helpers';

let t: TestHearth;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestHearth({ env: { SMTP_URL: sink.url } });
});
afterAll(async () => {
  await t.stop();
  await sink.close();
});
beforeEach(() => t.reset());

const group = (w: HomeWorld, suffix: string) => `${t.url}/api/v2/groups/${w.homeId}/${suffix}`;

describe('home name', () => {
  it('is changed by the owner only and refuses an empty or overlong name', async () => {
    const w = await homeWorld(t);
    expect(await statusByRole(w, 'POST', group(w, 'name'), { name: 'Chalet' })).toEqual({
      anonymous: 401,
      stranger: 404,
      guest: 403,
      owner: 200,
    });
    for (const name of ['', '   ', 'n'.repeat(65), null]) {
      expect((await call('POST', group(w, 'name'), w.owner, { name })).status).toBe(400);
    }
    expect((await getJson(`${t.url}/api/v2/grouped_devs`, w.guest)).body).toMatchObject([
      { name: 'Chalet' },
    ]);
    expect(
      (await call('POST', `${t.url}/api/v2/groups/not-a-home/name`, w.owner, { name: 'x' })).status,
    ).toBe(404);
  });
});

describe('geo data', () => {
  const address = {
    country: 'FR',
    state: 'Île-de-France',
    city: 'Paris',
    zip: '75001',
    tz_code: 'Europe/Paris',
  };

  it('is read by owner and guest, written by the owner only', async () => {
    const w = await homeWorld(t);
    expect(await statusByRole(w, 'GET', group(w, 'geo_data'))).toEqual({
      anonymous: 401,
      stranger: 404,
      guest: 200,
      owner: 200,
    });
    expect(await statusByRole(w, 'POST', group(w, 'geo_data'), address)).toEqual({
      anonymous: 401,
      stranger: 404,
      guest: 403,
      owner: 200,
    });
    const position = { position: { latitude: 48.86, longitude: 2.35 }, outdoor_range: 650 };
    expect((await call('POST', group(w, 'geo_data'), w.owner, position)).status).toBe(200);
    expect((await getJson(group(w, 'geo_data'), w.guest)).body).toEqual({
      ...address,
      ...position,
    });
  });

  it('pushes the new geo data to the sockets of every device of the home', async () => {
    const w = await homeWorld(t);
    const socket = io(`${t.url}${SOCKET_NAMESPACE}`, {
      path: '/socket.io/',
      query: { token: w.guest, dev_id: w.devId },
      forceNew: true,
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const update = new Promise<UpdateEvent>((resolve) => {
        socket.on('update', (e: UpdateEvent) => {
          if (e.path === '/geo_data') resolve(e);
        });
      });
      await call('POST', group(w, 'geo_data'), w.owner, { outdoor_range: 300 });
      expect(await update).toEqual({
        path: '/geo_data',
        body: { tz_code: 'Europe/Madrid', outdoor_range: 300 },
      });
      expect(
        (await getJson(`${t.url}/api/v2/devs/${w.devId}/dev_data`, w.guest)).body,
      ).toMatchObject({
        geo_data: { tz_code: 'Europe/Madrid', outdoor_range: 300 },
      });
    } finally {
      socket.disconnect();
    }
  });

  it('refuses bad geo data with 400 and keeps what was stored', async () => {
    const w = await homeWorld(t);
    await call('POST', group(w, 'geo_data'), w.owner, address);
    const bad: unknown[] = [
      {},
      { outdoor_range: 100 },
      { outdoor_range: 1001 },
      { outdoor_range: 175 },
      { outdoor_range: 'far' },
      { state: 'Madrid' },
      { zip: 'ABC' },
      { country: 'ES' },
      { tz_code: 'Europe/Nowhere' },
      { position: { latitude: 91, longitude: 0 } },
      { coarsePosition: { latitude: 0 } },
      { altitude: 3 },
      [],
    ];
    for (const body of bad) {
      const res = await call('POST', group(w, 'geo_data'), w.owner, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    expect((await getJson(group(w, 'geo_data'), w.owner)).body).toEqual(address);
    // A whole new address of another country is fine.
    const spain = {
      country: 'ES',
      state: 'Sevilla',
      city: 'Sevilla',
      zip: '41001',
      tz_code: 'Europe/Madrid',
    };
    expect((await call('POST', group(w, 'geo_data'), w.owner, spain)).body).toEqual(spain);
  });
});

describe('extra data', () => {
  const extra = {
    maxPowerType: 'schedule',
    maxPowerProfiles: [
      { name: 'Day', color: '#ff8800', value: 5000 },
      { name: 'Night', color: '#0000ff', value: -1 },
      { name: 'Empty', color: '#000', value: 0 },
    ],
    nodeData: { [`${'a'.repeat(18)}3`]: { max_power_scale: 15000 } },
  };

  it('is read by owner and guest, written by the owner only', async () => {
    const w = await homeWorld(t);
    expect(await statusByRole(w, 'GET', group(w, 'extra_data'))).toEqual({
      anonymous: 401,
      stranger: 404,
      guest: 200,
      owner: 200,
    });
    expect(await statusByRole(w, 'POST', group(w, 'extra_data'), extra)).toEqual({
      anonymous: 401,
      stranger: 404,
      guest: 403,
      owner: 200,
    });
    expect((await getJson(group(w, 'extra_data'), w.guest)).body).toEqual(extra);
    await call('POST', group(w, 'extra_data'), w.owner, { maxPowerType: 'noLimit' });
    expect((await getJson(group(w, 'extra_data'), w.owner)).body).toEqual({
      ...extra,
      maxPowerType: 'noLimit',
    });
  });

  it('refuses out-of-range profiles, too many profiles and unknown types', async () => {
    const w = await homeWorld(t);
    await call('POST', group(w, 'extra_data'), w.owner, extra);
    const profile = (value: number) => ({
      maxPowerProfiles: [{ name: 'P', color: '#123456', value }],
    });
    const bad: unknown[] = [
      profile(999),
      profile(60001),
      profile(-2),
      {
        maxPowerProfiles: Array.from({ length: 6 }, (_, i) => ({
          name: `P${i}`,
          color: '#123456',
          value: 2000,
        })),
      },
      { maxPowerProfiles: [{ name: 'P', color: 'red', value: 2000 }] },
      { maxPowerType: 'unlimited' },
      { nodeData: { x: { max_power_scale: 10 } } },
      { somethingElse: 1 },
    ];
    for (const body of bad) {
      expect({
        body,
        status: (await call('POST', group(w, 'extra_data'), w.owner, body)).status,
      }).toEqual({ body, status: 400 });
    }
    expect((await getJson(group(w, 'extra_data'), w.owner)).body).toEqual(extra);
    // Ruling D1: at most 4 power profiles; a fifth is refused and nothing changes.
    const profiles = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ name: `P${i}`, color: '#123456', value: 1000 + i }));
    expect(
      (await call('POST', group(w, 'extra_data'), w.owner, { maxPowerProfiles: profiles(5) }))
        .status,
    ).toBe(400);
    expect((await getJson(group(w, 'extra_data'), w.owner)).body).toEqual(extra);
    expect(
      (await call('POST', group(w, 'extra_data'), w.owner, { maxPowerProfiles: profiles(4) }))
        .status,
    ).toBe(200);
  });
});

describe('quiet-home notifications', () => {
  const presence = (w: HomeWorld) => `${t.url}/api/notifications/v1/${w.homeId}/presence/config`;

  it('reads as off with the owner e-mail until configured, then as saved; a guest never sees the address', async () => {
    const w = await homeWorld(t);
    expect((await getJson(presence(w), w.owner)).body).toEqual({
      email: 'owner@example.com',
      enabled: false,
      excluded_nodes: [],
    });
    expect((await getJson(presence(w), w.guest)).body).toEqual({
      email: '',
      enabled: false,
      excluded_nodes: [],
    });
    const config = {
      email: 'alerts@example.com',
      enabled: true,
      excluded_nodes: [{ devid: w.devId, nodes: [2, 3] }],
    };
    expect(await statusByRole(w, 'POST', presence(w), config)).toEqual({
      anonymous: 401,
      stranger: 404,
      guest: 403,
      owner: 200,
    });
    expect(await statusByRole(w, 'GET', presence(w))).toEqual({
      anonymous: 401,
      stranger: 404,
      guest: 200,
      owner: 200,
    });
    expect((await getJson(presence(w), w.owner)).body).toEqual(config);
    expect((await getJson(presence(w), w.guest)).body).toEqual({ ...config, email: '' });
  });

  it('refuses bad settings and nodes of other homes without changing anything', async () => {
    const w = await homeWorld(t);
    const good = { email: 'alerts@example.com', enabled: false, excluded_nodes: [] };
    await call('POST', presence(w), w.owner, good);
    const bad: unknown[] = [
      { ...good, email: 'no-at-sign' },
      { ...good, enabled: 'yes' },
      { ...good, excluded_nodes: [{ devid: 'ab'.repeat(9), nodes: [1] }] },
      { ...good, excluded_nodes: [{ devid: w.devId, nodes: [-1] }] },
      { enabled: true },
    ];
    for (const body of bad) {
      expect({ body, status: (await call('POST', presence(w), w.owner, body)).status }).toEqual({
        body,
        status: 400,
      });
    }
    expect((await getJson(presence(w), w.owner)).body).toEqual(good);
  });

  it('answers 429 too_many_changes past the hourly limit of a home', async () => {
    const w = await homeWorld(t);
    const body = { email: 'alerts@example.com', enabled: true, excluded_nodes: [] };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push(
        (await call('POST', presence(w), w.owner, { ...body, enabled: i % 2 === 0 })).status,
      );
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect((await call('POST', presence(w), w.owner, body)).body).toMatchObject({
      statusCode: 429,
      error: 'too_many_changes',
    });
    // The refused save stored nothing: the 30th save (enabled false) stands.
    expect((await getJson(presence(w), w.owner)).body).toMatchObject({ enabled: false });
  });

  it('sends a test e-mail to the configured address, for the owner only', async () => {
    const w = await homeWorld(t);
    await call('POST', presence(w), w.owner, {
      email: 'alerts@example.com',
      enabled: true,
      excluded_nodes: [],
    });
    const url = `${t.url}/api/notifications/v1/${w.homeId}/test`;
    expect(await statusByRole(w, 'POST', url)).toEqual({
      anonymous: 401,
      stranger: 404,
      guest: 403,
      owner: 200,
    });
    const mail = await sink.next('alerts@example.com');
    expect(mail.raw).toContain('quiet-home test');
    expect(mail.raw).toContain('"Home"');
  });
});
