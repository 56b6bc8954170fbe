import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_NAMESPACE } from '@hearth/protocol';
import { getJson, login, postJson } from '../test-support/http';
import { createUser, startTestHearth, type TestHearth } from '../test-support/test-hearth';

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

function openSocket(url: string, token: string): Promise<Socket> {
  const socket = io(`${url}${SOCKET_NAMESPACE}`, {
    path: '/socket.io/',
    query: { token, dev_id: '*' },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

// Two server processes (two servers in one process) on one database and one Redis, as
// `npm run cluster` runs them: a session ended on one is refused by the other at once, not
// after the 30 s in which each process asks the database again.
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'ended sessions across processes',
  () => {
    const dbName = `hearth_test_sessions_${randomBytes(5).toString('hex')}`;
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

    it('a password change on one process ends the other session on the other at once', async () => {
      const user = await createUser(
        a.repos,
        `owner-${randomBytes(3).toString('hex')}@sessions.test`,
      );
      const phone = await login(a.url, user.email, user.password);
      const laptop = await login(b.url, user.email, user.password);
      // The second process has checked the laptop's session and holds it as live.
      expect((await getJson(`${b.url}/api/v2/devs`, laptop.access_token)).status).toBe(200);
      const socket = await openSocket(b.url, laptop.access_token);
      const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      const changed = await postJson(
        `${a.url}/api/v2/users/${user.id}/password`,
        { password: user.password, new_password: 'second_password' },
        phone.access_token,
      );
      expect(changed.status).toBe(200);
      await expect
        .poll(async () => (await getJson(`${b.url}/api/v2/devs`, laptop.access_token)).status, {
          timeout: 5_000,
        })
        .toBe(401);
      expect(await closed).toBe('io server disconnect');
      expect((await getJson(`${b.url}/api/v2/devs`, phone.access_token)).status).toBe(200);
    });
  },
);
