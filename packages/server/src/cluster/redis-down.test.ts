import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOCKET_NAMESPACE, type UpdateEvent } from '@hearth/protocol';
import { getJson, login, postJson } from '../test-support/http';
import {
  createHomeWithDevice,
  createUser,
  randomDevId,
  startTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';
import { resilientGateway } from './fault-gateway';
import { redisService, type OwnService } from './fault-services';

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

function openSocket(url: string, token: string, devId: string): Promise<Socket> {
  const socket = io(`${url}${SOCKET_NAMESPACE}`, {
    path: '/socket.io/',
    transports: ['websocket'],
    query: { token, dev_id: devId },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

// Two server processes (here two servers in one process) on one database, one broker and a
// Redis of the test's own that it kills and brings back.
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_MQTT_URL)(
  'Redis goes down',
  () => {
    const dbName = `hearth_test_redis_${randomBytes(5).toString('hex')}`;
    let redis: OwnService;
    let a: TestHearth;
    let b: TestHearth;
    beforeAll(async () => {
      redis = await redisService();
      await redis.start();
      await adminQuery(`CREATE DATABASE ${dbName}`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${dbName}`;
      const env = {
        DATABASE_URL: url.toString(),
        REDIS_URL: redis.url,
        // One share group for the pair, as in production; unique so no other test joins it.
        MQTT_SHARE_GROUP: `fault-${randomBytes(4).toString('hex')}`,
      };
      a = await startTestHearth({ env });
      b = await startTestHearth({ env });
    });
    afterAll(async () => {
      await a?.stop();
      await b?.stop();
      await redis?.dispose();
      await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    });

    it('keeps each process delivering its own updates, and crosses processes again once Redis is back', async () => {
      const user = await createUser(a.repos, 'owner@redis-fault.test');
      const devId = randomDevId();
      await createHomeWithDevice(a.repos, user.id, devId);
      const gw = await resilientGateway(
        process.env.TEST_MQTT_URL ?? '',
        devId,
        a.hearth.gatewaySecret(devId),
      );
      await vi.waitFor(async () => expect(await a.repos.nodes.find(devId, 'htr', 1)).toBeTruthy());
      const { access_token: token } = await login(a.url, user.email, user.password);
      const socket = await openSocket(b.url, token, devId);
      const seen: string[] = [];
      socket.on('update', (u: UpdateEvent) => {
        const stemp = (u.body as { stemp?: unknown }).stemp;
        if (u.path === '/htr/1/status' && typeof stemp === 'string') seen.push(stemp);
      });
      const write = async (server: TestHearth, stemp: string) => {
        const res = await postJson(
          `${server.url}/api/v2/devs/${devId}/htr/1/status`,
          { stemp, units: 'C' },
          token,
        );
        expect(res.status).toBeLessThan(300);
      };

      await vi.waitFor(async () =>
        expect(await getJson(`${a.url}/ready`)).toEqual({
          status: 200,
          body: {
            status: 'ok',
            checks: { database: 'ok', broker: 'ok', redis: 'ok' },
            counters: { gateway_messages_dropped: 0 },
          },
        }),
      );
      // Healthy: a write on A reaches the socket held by B through Redis.
      await write(a, '21.0');
      await vi.waitFor(() => expect(seen).toContain('21.0'));

      await redis.stop();
      // A load balancer hears of it: the process answers /ready with 503, naming Redis.
      await vi.waitFor(async () =>
        expect(await getJson(`${b.url}/ready`)).toEqual({
          status: 503,
          body: {
            status: 'unavailable',
            checks: { database: 'ok', broker: 'ok', redis: 'down' },
            counters: { gateway_messages_dropped: 0 },
          },
        }),
      );
      // Degraded to one process at a time: B still serves and still delivers its own events.
      await write(b, '22.0');
      await vi.waitFor(() => expect(seen).toContain('22.0'));
      await write(a, '16.5');

      await redis.start();
      await vi.waitFor(async () => expect((await getJson(`${b.url}/ready`)).status).toBe(200), {
        timeout: 10_000,
      });
      let n = 0;
      const sent: string[] = [];
      await vi.waitFor(
        async () => {
          const stemp = (25 + (n++ % 10) * 0.5).toFixed(1);
          sent.push(stemp);
          await write(a, stemp);
          await new Promise((r) => setTimeout(r, 200));
          expect(seen.some((s) => sent.includes(s))).toBe(true);
        },
        { timeout: 20_000, interval: 300 },
      );
      socket.close();
      await gw.end();
      // Let the gateway's last will be ingested before the servers close.
      await vi.waitFor(async () =>
        expect((await a.repos.devices.find(devId))?.connected).toBe(false),
      );
      await Promise.all([a.hearth.gatewayIdle(), b.hearth.gatewayIdle()]);
    });
  },
);
