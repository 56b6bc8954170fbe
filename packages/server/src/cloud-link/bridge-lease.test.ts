import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { holdBridgeLease, type LockSession } from './bridge-lease';
import {
  FIXTURE_GATEWAY_KEY,
  startCloudLinkFixture,
  WAIT_MS,
  type CloudLinkFixture,
} from './cloud-link-fixture';
import { createServerCloudBridges } from './server-bridges';

/** PostgreSQL's advisory lock as the lease sees it: one holder, freed when its connection goes. */
class FakeLock {
  holder: FakeSession | undefined;
  session(): FakeSession {
    return new FakeSession(this);
  }
}
class FakeSession implements LockSession {
  private lost: (() => void) | undefined;
  constructor(private readonly lock: FakeLock) {}
  async tryLock() {
    if (this.lock.holder === undefined) this.lock.holder = this;
    return this.lock.holder === this;
  }
  onLost(listener: () => void) {
    this.lost = listener;
  }
  async close() {
    if (this.lock.holder === this) this.lock.holder = undefined;
  }
  /** The connection breaks: the database frees the lock. */
  drop() {
    void this.close();
    this.lost?.();
  }
}

const log = createLogger('silent');

describe('the bridges’ lease', () => {
  it('lets one contender lead; when its connection goes, another takes over', async () => {
    const lock = new FakeLock();
    const sessions: FakeSession[] = [];
    const events: string[] = [];
    const contender = (name: string) =>
      holdBridgeLease({
        open: async () => {
          const s = lock.session();
          sessions.push(s);
          return s;
        },
        retryMs: 10,
        lead: async () => void events.push(`${name} leads`),
        follow: async () => void events.push(`${name} stops`),
        log,
      });
    const first = contender('first');
    await expect.poll(() => first.leading()).toBe(true);
    const second = contender('second');
    // The second keeps asking and is refused while the first holds the lock.
    await expect.poll(() => sessions.length).toBe(2);
    await expect.poll(() => events).toEqual(['first leads']);
    expect(second.leading()).toBe(false);
    sessions[0]?.drop();
    await expect.poll(() => second.leading()).toBe(true);
    expect(first.leading()).toBe(false);
    expect(events).toEqual(['first leads', 'first stops', 'second leads']);
    await second.stop();
    // Stopping gives the lock up: the first, contending again, leads.
    await expect.poll(() => first.leading()).toBe(true);
    await first.stop();
  });

  it('keeps trying when the database cannot be reached', async () => {
    let tries = 0;
    const lock = new FakeLock();
    const lease = holdBridgeLease({
      open: async () => {
        tries += 1;
        if (tries < 3) throw new Error('connection refused');
        return lock.session();
      },
      retryMs: 5,
      lead: async () => undefined,
      follow: async () => undefined,
      log,
    });
    await expect.poll(() => lease.leading()).toBe(true);
    expect(tries).toBe(3);
    await lease.stop();
  });
});

describe('two processes running bridges over one database', () => {
  let f: CloudLinkFixture;
  const lock = new FakeLock();
  const sessions: FakeSession[] = [];
  let one: ReturnType<typeof createServerCloudBridges>;
  let two: ReturnType<typeof createServerCloudBridges>;

  beforeAll(async () => {
    f = await startCloudLinkFixture({
      gatewayStatus: { mode: 'manual', stemp: '19.0', units: 'C' },
      env: { CLOUD_LINK: 'process' },
    });
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'hearth-cloud-link-')),
      GATEWAY_KEY: FIXTURE_GATEWAY_KEY,
      JWT_SECRET: 'test-jwt-secret-0123456789',
      CLOUD_UPSTREAMS_JSON: JSON.stringify(f.upstreams),
    });
    const process = () =>
      createServerCloudBridges({
        config,
        db: f.b.hearth.db,
        repos: f.b.repos,
        mailer: f.b.hearth.mailer,
        log: f.b.hearth.log,
        mqttUrl: () => f.b.hearth.gatewayMqttUrl(),
        publicUrl: () => 'https://hearth.example.org',
        openLock: async () => {
          const s = lock.session();
          sessions.push(s);
          return s;
        },
        syncMs: 200,
      });
    one = process();
    two = process();
    const accountId = await f.linkAccount();
    expect((await f.bringDevice(accountId)).status).toBe(201);
  });

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await f?.stop();
  });

  it('runs each bridge once, and moves them when the running process goes', async () => {
    await one.start();
    await expect.poll(() => one.running(), { timeout: WAIT_MS }).toEqual([f.devId]);
    await two.start();
    await expect.poll(() => sessions.length).toBe(2);
    // The second stands by: a sync or a change told to it starts nothing.
    await two.sync();
    await two.accountChanged((await f.accounts())[0]?.id ?? '');
    expect(two.running()).toEqual([]);
    sessions[0]?.drop();
    await expect.poll(() => two.running(), { timeout: WAIT_MS }).toEqual([f.devId]);
    expect(one.running()).toEqual([]);
    await expect
      .poll(
        async () =>
          (
            await fetch(`${f.b.url}/api/v2/devs/${f.devId}/htr/2/status`, {
              headers: { authorization: `Bearer ${f.me.token}` },
            })
          ).json(),
        { timeout: WAIT_MS },
      )
      .toMatchObject({ stemp: '19.0' });
  });
});
