import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { loadConfig } from '../config';
import { hashPassword } from '../auth/passwords';
import { buildHearth, type HearthInternals } from '../hearth';
import { createRepositories, type Repositories } from '../repositories';
import { truncateAll } from '../repositories/maintenance.repository';

export const TEST_CLIENT = { id: 'test-client', secret: 'test-client-secret' };

export interface TestHearth {
  hearth: HearthInternals;
  repos: Repositories;
  url: string;
  reset(): Promise<void>;
  stop(): Promise<void>;
}

/** A fresh database per test file on the CI PostgreSQL, so parallel files never see each other. */
export async function freshPostgres(
  baseUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hearth_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * One server per test file on PGlite (or TEST_DATABASE_URL) with the embedded broker
 * (or TEST_MQTT_URL), with the socket.io Redis adapter when TEST_REDIS_URL is set. `embeddedBroker` forces the embedded one for tests of its ACL.
 */
export async function startTestHearth(
  opts: {
    embeddedBroker?: boolean;
    env?: Record<string, string>;
    /** Receives the server's log (at TEST_LOG_LEVEL or env.LOG_LEVEL) instead of stdout. */
    logDestination?: DestinationStream;
  } = {},
): Promise<TestHearth> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-test-'));
  const pgBase = process.env.TEST_DATABASE_URL;
  const database = pgBase ? await freshPostgres(pgBase) : undefined;
  const mqttUrl = opts.embeddedBroker ? undefined : process.env.TEST_MQTT_URL;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? 'memory://',
    MQTT_URL: mqttUrl,
    REDIS_URL: process.env.TEST_REDIS_URL,
    CLIENT_ID: TEST_CLIENT.id,
    CLIENT_SECRET: TEST_CLIENT.secret,
    JWT_SECRET: 'test-jwt-secret-0123456789',
    GATEWAY_KEY: 'test-gateway-key-0123456789',
    WEB_DIST: join(dataDir, 'no-web-app'),
    DEMO: 'true',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...opts.env,
  });
  const hearth = await buildHearth(config, { logDestination: opts.logDestination });
  const url = await hearth.listen();
  const repos = createRepositories(hearth.db);
  return {
    hearth,
    repos,
    url,
    async reset() {
      await hearth.gatewayIdle();
      await truncateAll(hearth.db);
    },
    async stop() {
      await hearth.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Random ids keep tests apart on a shared external broker, whose retained messages outlive a test. */
export function randomDevId(): string {
  return randomBytes(9).toString('hex');
}

export async function createUser(
  repos: Repositories,
  email: string,
  password = 'correct horse',
): Promise<{ id: string; email: string; password: string }> {
  const user = await repos.users.create({
    email,
    passwordHash: await hashPassword(password),
    serialId: '01.01',
    verified: true,
  });
  return { id: user.id, email, password };
}

/** A home owned by `ownerId` holding one gateway. */
export async function createHomeWithDevice(
  repos: Repositories,
  ownerId: string,
  devId = randomDevId(),
  name = 'Home',
) {
  const home = await repos.homes.create({ ownerId, name, geoData: { tz_code: 'Europe/Madrid' } });
  await repos.devices.claim(devId, home.id, {
    name: `${name} gateway`,
    productId: '0002',
    serialId: '01.01',
  });
  return { homeId: home.id, devId };
}

/**
 * One test server for a test file, handed to `started` once it runs; reset before each test and
 * stopped after the last.
 */
export function useTestHearth(started: (t: TestHearth) => void): void {
  let t: TestHearth | undefined;
  beforeAll(async () => {
    t = await startTestHearth();
    started(t);
  });
  afterAll(() => t?.stop());
  beforeEach(() => t?.reset());
}
