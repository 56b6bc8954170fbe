import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getJson, login, postJson } from '../test-support/http';
import {
  createHomeWithDevice,
  createUser,
  randomDevId,
  startTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';
import { resilientGateway } from './fault-gateway';

/** Ends every session PostgreSQL holds for the server's database, as a restart or failover would. */
async function terminateBackends(adminUrl: string, database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const res = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return res.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_MQTT_URL)(
  'PostgreSQL drops the server’s connections',
  () => {
    let t: TestHearth;
    beforeAll(async () => {
      t = await startTestHearth();
    });
    afterAll(async () => {
      await t?.stop();
    });

    it('serves reads, writes and gateway reports again without a restart', async () => {
      const user = await createUser(t.repos, 'owner@pg-fault.test');
      const devId = randomDevId();
      await createHomeWithDevice(t.repos, user.id, devId);
      const gw = await resilientGateway(
        process.env.TEST_MQTT_URL ?? '',
        devId,
        t.hearth.gatewaySecret(devId),
      );
      const { access_token: token } = await login(t.url, user.email, user.password);
      await vi.waitFor(async () => expect(await t.repos.nodes.find(devId, 'htr', 1)).toBeTruthy());
      expect((await getJson(`${t.url}/api/v2/grouped_devs`, token)).status).toBe(200);

      const result = (await t.hearth.db.execute(
        sql`SELECT current_database() AS name`,
      )) as unknown as { rows: { name: string }[] };
      const database = result.rows[0]?.name ?? '';
      expect(database).toMatch(/^hearth_test_/);
      expect(
        await terminateBackends(process.env.TEST_DATABASE_URL ?? '', database),
      ).toBeGreaterThan(0);

      // The pool drops the dead connections and opens new ones; no request needs a restart.
      await vi.waitFor(
        async () => {
          const res = await getJson(`${t.url}/api/v2/grouped_devs`, token);
          expect(res.status).toBe(200);
          expect(JSON.stringify(res.body)).toContain(devId);
        },
        { timeout: 10_000, interval: 200 },
      );
      const write = await postJson(
        `${t.url}/api/v2/devs/${devId}/htr/1/status`,
        { stemp: '22.5', units: 'C' },
        token,
      );
      expect(write.status).toBeLessThan(300);
      // The gateway's confirmation is ingested through the new connections too.
      await vi.waitFor(
        async () => {
          const node = await t.repos.nodes.find(devId, 'htr', 1);
          expect(node?.status).toMatchObject({ stemp: '22.5', sync_status: 'ok' });
        },
        { timeout: 10_000, interval: 100 },
      );
      await gw.end();
    });
  },
);
