import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { getJson } from '../test-support/http';
import type { TestHearth } from '../test-support/test-hearth';
import {
  FIXTURE_GATEWAY_KEY,
  startCloudLinkFixture,
  WAIT_MS,
  type CloudLinkFixture,
} from './cloud-link-fixture';
import { createServerCloudBridges } from './server-bridges';

/*
 * CLOUD_LINK=process: the server runs no bridge; the cloud-link process (its bridges, here
 * over the same database and the server's gateway channel) follows the links the API stores.
 */
let f: CloudLinkFixture;
let b: TestHearth;
let bridges: ReturnType<typeof createServerCloudBridges>;
let owner: string;
let sampleAt: number;

beforeAll(async () => {
  f = await startCloudLinkFixture({
    gatewayStatus: { mode: 'manual', stemp: '17.5', units: 'C' },
    env: { CLOUD_LINK: 'process' },
    // The cloud's history of the last hours, before the device is linked.
    beforeLink: async ({ a, gateway, upstreamDevId }) => {
      const now = Math.floor(Date.now() / 1000);
      sampleAt = now - (now % 60) - 1800;
      await gateway?.client.publishAsync(
        `hearth/gw/${upstreamDevId}/samples`,
        JSON.stringify({
          samples: [
            { type: 'htr', addr: 2, t: sampleAt, counter: 1000, temp: '19.5' },
            { type: 'htr', addr: 2, t: sampleAt + 300, counter: 1050, temp: '19.8' },
          ],
        }),
        { qos: 1 },
      );
      await a.hearth.gatewayIdle();
    },
  });
  b = f.b;
  owner = f.me.token;
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'hearth-cloud-link-')),
    GATEWAY_KEY: FIXTURE_GATEWAY_KEY,
    JWT_SECRET: 'test-jwt-secret-0123456789',
    CLOUD_UPSTREAMS_JSON: JSON.stringify(f.upstreams),
  });
  bridges = createServerCloudBridges({
    config,
    db: b.hearth.db,
    repos: b.repos,
    mailer: b.hearth.mailer,
    log: b.hearth.log,
    mqttUrl: () => b.hearth.gatewayMqttUrl(),
    publicUrl: () => 'https://hearth.example.org',
    // Two hours in chunks of one: the year's import in small.
    history: { spanMs: 2 * 3_600_000, chunkMs: 3_600_000 },
    // New samples every half second instead of every quarter hour.
    samplesEveryMs: 500,
  });
});

afterAll(async () => {
  await bridges?.close();
  await f?.stop();
});

describe('the cloud link as its own process', () => {
  it('starts the bridges of the links the API stored, and stops those unlinked', async () => {
    const accountId = await f.linkAccount();
    const brought = await f.bringDevice(accountId);
    expect(brought.status).toBe(201);
    const { devId } = f;
    expect(bridges.running()).toEqual([]);
    await bridges.sync();
    expect(bridges.running()).toEqual([devId]);
    await expect
      .poll(async () => (await getJson(`${b.url}/api/v2/devs/${devId}/htr/2/status`, owner)).body, {
        timeout: WAIT_MS,
      })
      .toMatchObject({ stemp: '17.5' });
    // The history import carried the cloud's samples of the span and says it is done.
    const samples = `${b.url}/api/v2/devs/${devId}/htr/2/samples?start=${sampleAt - 60}&end=${sampleAt + 600}`;
    await expect
      .poll(async () => (await getJson(samples, owner)).body, { timeout: WAIT_MS })
      .toMatchObject({
        samples: [
          expect.objectContaining({ t: sampleAt, temp: '19.5' }),
          expect.objectContaining({ t: sampleAt + 300, temp: '19.8' }),
        ],
      });
    const history = async () => (await f.accounts())[0]?.devs[0]?.history;
    await expect.poll(async () => (await history())?.state, { timeout: WAIT_MS }).toBe('done');
    const done = await history();
    expect(Date.parse(done?.done_until ?? '')).toBeGreaterThan(sampleAt * 1000);

    // Kept current: a sample the cloud records after the link reaches Hearth on the beat.
    const later = Math.floor(Date.now() / 1000) + 1;
    await f.gateway?.client.publishAsync(
      `hearth/gw/${f.upstreamDevId}/samples`,
      JSON.stringify({
        samples: [{ type: 'htr', addr: 2, t: later, counter: 1100, temp: '20.4' }],
      }),
      { qos: 1 },
    );
    const recent = `${b.url}/api/v2/devs/${devId}/htr/2/samples?start=${later - 60}&end=${later + 600}`;
    await expect
      .poll(async () => (await getJson(recent, owner)).body, { timeout: WAIT_MS })
      .toMatchObject({ samples: [expect.objectContaining({ t: later, temp: '20.4' })] });
    await fetch(`${b.url}/api/v2/cloud_links/devs/${devId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${owner}` },
    });
    await bridges.sync();
    expect(bridges.running()).toEqual([]);
    // Unlinked, the device keeps its records; brought in again, it runs where it stayed.
    expect((await getJson(samples, owner)).body).toMatchObject({
      samples: [
        expect.objectContaining({ t: sampleAt }),
        expect.objectContaining({ t: sampleAt + 300 }),
      ],
    });
    const again = await f.bringDevice(accountId);
    expect(again).toMatchObject({ status: 201, body: { devs: [{ dev_id: devId }] } });
    await bridges.sync();
    expect(bridges.running()).toEqual([devId]);
  });
});
