import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, login, postJson } from '../test-support/http';
import {
  createHomeWithDevice,
  createUser,
  startTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** Spec 2 §7: 429 past the quiet-home limit; hearth.ts sets 30 per home and hour. */
const PER_HOUR = 30;

// Two server processes (two servers in one process) on one database and one Redis, as
// `npm run cluster` runs them: the home's hourly allowance is one, not one per process.
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'quiet-home limit across processes',
  () => {
    const dbName = `hearth_test_quiet_${randomBytes(5).toString('hex')}`;
    let a: TestHearth;
    let b: TestHearth;
    beforeAll(async () => {
      await adminQuery(`CREATE DATABASE ${dbName}`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${dbName}`;
      const env = { DATABASE_URL: url.toString(), REDIS_URL: process.env.TEST_REDIS_URL ?? '' };
      a = await startTestHearth({ env });
      b = await startTestHearth({ env });
    });
    afterAll(async () => {
      await a?.stop();
      await b?.stop();
      await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    });

    it('counts saves on either process against one allowance per home', async () => {
      const owner = await createUser(a.repos, `owner-${randomBytes(3).toString('hex')}@quiet.test`);
      const { homeId } = await createHomeWithDevice(a.repos, owner.id);
      const other = await createHomeWithDevice(a.repos, owner.id, undefined, 'Other');
      const token = (await login(a.url, owner.email, owner.password)).access_token;
      const save = (server: TestHearth, home: string, enabled: boolean) =>
        postJson(
          `${server.url}/api/notifications/v1/${home}/presence/config`,
          { email: 'alerts@example.com', enabled, excluded_nodes: [] },
          token,
        );
      for (let i = 0; i < PER_HOUR; i++) {
        const res = await save(i % 2 === 0 ? a : b, homeId, i % 2 === 0);
        expect(res.status, `save ${i + 1}`).toBe(200);
      }
      for (const server of [a, b]) {
        expect((await save(server, homeId, true)).body).toMatchObject({
          statusCode: 429,
          error: 'too_many_changes',
        });
      }
      // The refused saves stored nothing; another home has its own allowance.
      const url = `${b.url}/api/notifications/v1/${homeId}/presence/config`;
      expect((await getJson(url, token)).body).toMatchObject({ enabled: false });
      expect((await save(b, other.homeId, true)).status).toBe(200);
    });
  },
);
