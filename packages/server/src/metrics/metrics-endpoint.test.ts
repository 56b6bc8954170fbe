import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { io } from 'socket.io-client';
import { CREDENTIAL_THROTTLE, gatewayTopics, SOCKET_NAMESPACE } from '@hearth/protocol';
import { REPORTS_POOL_SIZE } from '../db/client';
import { getJson, login, postJson } from '../test-support/http';
import { connectGateway, type TestGateway } from '../test-support/test-gateway';
import {
  createHomeWithDevice,
  createUser,
  randomDevId,
  startTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';
import { UNMATCHED_ROUTE } from './http-metrics';
import { parseScrape, type Scrape } from './scrape.test-helpers';

// The real server with metrics on a port of their own, behind a token; every figure is read
// back from a scrape after the real thing happened: HTTP requests, a gateway's command
// confirmed and refused over MQTT, a report dropped, a login throttle, sockets and pools.
const TOKEN = 'metrics-token-0123456789';
let t: TestHearth;
const open: Array<() => unknown> = [];
beforeAll(async () => {
  t = await startTestHearth({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.stop());
afterEach(async () => {
  for (const close of open.splice(0)) await close();
});

function metricsUrl(): string {
  const url = t.hearth.metricsUrl();
  if (!url) throw new Error('metrics are not served');
  return url;
}

async function scrape(): Promise<Scrape> {
  const res = await fetch(metricsUrl(), { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
  return parseScrape(await res.text());
}

const HTTP = 'hearth_http_request_duration_seconds';

async function ownedGateway() {
  const owner = await createUser(t.repos, `owner-${randomDevId()}@example.com`);
  const { devId } = await createHomeWithDevice(t.repos, owner.id, randomDevId());
  const token = (await login(t.url, owner.email, owner.password)).access_token;
  return { owner, devId, token };
}

async function gateway(devId: string): Promise<TestGateway> {
  const gw = await connectGateway(t.hearth.gatewayMqttUrl(), devId, t.hearth.gatewaySecret(devId));
  open.push(() => gw.end());
  return gw;
}

describe('GET /metrics', () => {
  it('is served on its own port only, and only to the bearer of METRICS_TOKEN', async () => {
    const url = new URL(metricsUrl());
    expect(url.pathname).toBe('/metrics');
    expect(url.port).not.toBe(new URL(t.url).port);
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`]) {
      const res = await fetch(url, { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(await res.text()).not.toContain('hearth_');
    }
    const elsewhere = await fetch(new URL('/ready', url), {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(elsewhere.status).toBe(404);
    // The public port has no metrics.
    const publicPort = await fetch(`${t.url}/metrics`);
    expect(publicPort.status).toBe(404);
    expect(await publicPort.text()).not.toContain('hearth_');
  });

  it('has every metric family, each of its type', async () => {
    const s = await scrape();
    expect(Object.fromEntries(s.types)).toMatchObject({
      hearth_build_info: 'gauge',
      [HTTP]: 'histogram',
      hearth_app_sockets_connected: 'gauge',
      hearth_gateways_connected: 'gauge',
      hearth_commands_pending: 'gauge',
      hearth_commands_created_total: 'counter',
      hearth_commands_settled_total: 'counter',
      hearth_command_confirmation_seconds: 'histogram',
      hearth_gateway_reports_dropped_total: 'counter',
      hearth_login_throttled_total: 'counter',
      hearth_db_pool_connections: 'gauge',
      hearth_db_pool_max_connections: 'gauge',
      hearth_db_pool_waiting_queries: 'gauge',
      nodejs_eventloop_lag_seconds: 'gauge',
      nodejs_eventloop_lag_p99_seconds: 'gauge',
      process_cpu_seconds_total: 'counter',
    });
    expect(s.value('hearth_build_info', { commit: 'dev' })).toBe(1);
    // Counters read 0 for every label value before anything happened, so rates read 0.
    for (const outcome of ['confirmed', 'failed'])
      expect(s.find('hearth_commands_settled_total', { outcome })).toHaveLength(1);
    for (const policy of Object.keys(CREDENTIAL_THROTTLE))
      expect(s.find('hearth_login_throttled_total', { policy })).toHaveLength(1);
    expect(s.value('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('times requests by route pattern and status code, never by a URL with its ids', async () => {
    const { owner, devId, token } = await ownedGateway();
    const stranger = randomDevId();
    const nowhere = `nowhere-${randomDevId()}`;
    const before = await scrape();
    const count = (s: Scrape, labels: Record<string, string>) =>
      s.find(`${HTTP}_count`, labels).reduce((sum, x) => sum + x.value, 0);
    const devData = { method: 'GET', route: '/api/v2/devs/:dev/dev_data' };

    expect((await getJson(`${t.url}/api/v2/devs/${devId}/dev_data`, token)).status).toBe(200);
    expect((await getJson(`${t.url}/api/v2/devs/${devId}/dev_data`, token)).status).toBe(200);
    expect((await getJson(`${t.url}/api/v2/devs/${stranger}/dev_data`, token)).status).toBe(404);
    expect((await fetch(`${t.url}/${nowhere}?token=${token}`)).status).toBe(404);

    const after = await scrape();
    expect(
      count(after, { ...devData, code: '200' }) - count(before, { ...devData, code: '200' }),
    ).toBe(2);
    expect(
      count(after, { ...devData, code: '404' }) - count(before, { ...devData, code: '404' }),
    ).toBe(1);
    const unmatched = { method: 'GET', route: UNMATCHED_ROUTE, code: '404' };
    expect(count(after, unmatched) - count(before, unmatched)).toBe(1);
    // The sign-in of ownedGateway, by its pattern too.
    expect(count(after, { method: 'POST', route: '/client/token', code: '200' })).toBeGreaterThan(
      0,
    );
    // Every bucket series ends at +Inf with the count, and the time is some time.
    const inf = after.value(`${HTTP}_bucket`, { ...devData, code: '200', le: '+Inf' });
    expect(inf).toBe(after.value(`${HTTP}_count`, { ...devData, code: '200' }));
    expect(after.value(`${HTTP}_sum`, { ...devData, code: '200' })).toBeGreaterThan(0);
    // No id, token, address or path a caller chose is in a label.
    for (const secret of [devId, stranger, nowhere, token, owner.email, owner.id])
      expect(after.text).not.toContain(secret);
    const routes = new Set(after.find(`${HTTP}_count`).map((x) => x.labels.route));
    for (const route of routes)
      expect(route === UNMATCHED_ROUTE || route?.startsWith('/')).toBe(true);
  });

  it('follows a command from the write to its gateway: pending, confirmed, refused, and the time it took', async () => {
    const { devId, token } = await ownedGateway();
    const gw = await gateway(devId);
    await gw.publishUp('/mgr/nodes', {
      nodes: [{ name: 'Lounge', addr: 2, type: 'htr', installed: true, lost: false }],
    });
    await gw.publishUp('/htr/2/status', {
      mode: 'manual',
      stemp: '21.0',
      mtemp: '19.5',
      units: 'C',
    });
    await gw.barrier(() => t.repos.devices.getState(devId, '/mgr/rtc/time'));
    await vi.waitFor(async () =>
      expect((await scrape()).value('hearth_gateways_connected')).toBe(1),
    );

    const socket = io(`${t.url}${SOCKET_NAMESPACE}`, {
      path: '/socket.io/',
      query: { token, dev_id: devId },
      transports: ['websocket'],
      forceNew: true,
    });
    open.push(() => socket.disconnect());
    await vi.waitFor(async () =>
      expect((await scrape()).value('hearth_app_sockets_connected')).toBe(1),
    );

    const before = await scrape();
    const settled = (s: Scrape, outcome: string) =>
      s.value('hearth_commands_settled_total', { outcome });
    const timed = (s: Scrape, outcome: string) =>
      s.value('hearth_command_confirmation_seconds_count', { outcome });
    expect(before.value('hearth_commands_pending')).toBe(0);

    const write = () =>
      postJson(`${t.url}/api/v2/devs/${devId}/htr/2/status`, { stemp: '23.5', units: 'C' }, token);
    expect((await write()).status).toBe(200);
    await vi.waitFor(() => expect(gw.commands).toHaveLength(1));
    const sent = await scrape();
    expect(sent.value('hearth_commands_created_total')).toBe(
      before.value('hearth_commands_created_total') + 1,
    );
    expect(sent.value('hearth_commands_pending')).toBe(1);
    expect(settled(sent, 'confirmed')).toBe(settled(before, 'confirmed'));

    await gw.ack(gw.commands[0]!.id);
    await vi.waitFor(async () => expect((await scrape()).value('hearth_commands_pending')).toBe(0));
    const confirmed = await scrape();
    expect(settled(confirmed, 'confirmed')).toBe(settled(before, 'confirmed') + 1);
    expect(timed(confirmed, 'confirmed')).toBe(timed(before, 'confirmed') + 1);
    expect(settled(confirmed, 'failed')).toBe(settled(before, 'failed'));
    // Confirmed within the hour: counted in the 3600 s bucket, and the sum grew.
    expect(
      confirmed.value('hearth_command_confirmation_seconds_bucket', {
        outcome: 'confirmed',
        le: '3600',
      }),
    ).toBe(timed(confirmed, 'confirmed'));
    expect(
      confirmed.value('hearth_command_confirmation_seconds_sum', { outcome: 'confirmed' }),
    ).toBeGreaterThan(
      before.value('hearth_command_confirmation_seconds_sum', { outcome: 'confirmed' }),
    );

    expect((await write()).status).toBe(200);
    await vi.waitFor(() => expect(gw.commands).toHaveLength(2));
    await gw.ack(gw.commands[1]!.id, false);
    await vi.waitFor(async () =>
      expect(settled(await scrape(), 'failed')).toBe(settled(before, 'failed') + 1),
    );
    const refused = await scrape();
    expect(timed(refused, 'failed')).toBe(timed(before, 'failed') + 1);
    expect(settled(refused, 'confirmed')).toBe(settled(before, 'confirmed') + 1);
    expect(refused.value('hearth_commands_created_total')).toBe(
      before.value('hearth_commands_created_total') + 2,
    );

    socket.disconnect();
    await gw.end();
    await vi.waitFor(async () => {
      const s = await scrape();
      expect(s.value('hearth_app_sockets_connected')).toBe(0);
      expect(s.value('hearth_gateways_connected')).toBe(0);
    });
  });

  it('counts a dropped gateway report, from the same count GET /ready shows', async () => {
    const { devId } = await ownedGateway();
    const gw = await gateway(devId);
    const ready = async () =>
      ((await (await fetch(`${t.url}/ready`)).json()) as { counters: Record<string, number> })
        .counters.gateway_messages_dropped;
    const before = (await scrape()).value('hearth_gateway_reports_dropped_total');
    expect(await ready()).toBe(before);

    await gw.client.publishAsync(gatewayTopics.up(devId, '/htr/2/status'), 'not json', { qos: 1 });
    await gw.barrier(() => t.repos.devices.getState(devId, '/mgr/rtc/time'));
    const after = (await scrape()).value('hearth_gateway_reports_dropped_total');
    expect(after).toBe(before + 1);
    expect(await ready()).toBe(after);
  });

  it('counts the attempts the login throttle refuses, by policy', async () => {
    const user = await createUser(t.repos, `forgetful-${randomDevId()}@example.com`);
    const before = await scrape();
    const ask = () =>
      postJson(`${t.url}/api/v2/users/password/forgot`, {
        email: user.email,
        serialid: '01.01',
        frontend_host: 'http://app.hearth.test',
      });
    for (let i = 0; i < CREDENTIAL_THROTTLE.mail.perAccount; i += 1)
      expect((await ask()).status).toBe(200);
    const after200 = await scrape();
    expect(after200.value('hearth_login_throttled_total', { policy: 'mail' })).toBe(
      before.value('hearth_login_throttled_total', { policy: 'mail' }),
    );
    expect((await ask()).status).toBe(429);
    expect((await ask()).status).toBe(429);
    const after = await scrape();
    expect(after.value('hearth_login_throttled_total', { policy: 'mail' })).toBe(
      before.value('hearth_login_throttled_total', { policy: 'mail' }) + 2,
    );
    expect(after.value('hearth_login_throttled_total', { policy: 'signIn' })).toBe(
      before.value('hearth_login_throttled_total', { policy: 'signIn' }),
    );
    expect(after.text).not.toContain(user.email);
  });

  it("shows the PostgreSQL pools' connections (none on PGlite)", async () => {
    const s = await scrape();
    if (!process.env.TEST_DATABASE_URL) {
      expect(s.find('hearth_db_pool_connections')).toEqual([]);
      return;
    }
    const max = { main: 10, reports: REPORTS_POOL_SIZE };
    for (const [pool, size] of Object.entries(max)) {
      expect(s.value('hearth_db_pool_max_connections', { pool })).toBe(size);
      const busy = s.value('hearth_db_pool_connections', { pool, state: 'busy' });
      const idle = s.value('hearth_db_pool_connections', { pool, state: 'idle' });
      expect(busy + idle).toBeGreaterThan(0);
      expect(busy + idle).toBeLessThanOrEqual(size);
      expect(s.value('hearth_db_pool_waiting_queries', { pool })).toBe(0);
    }
  });
});
