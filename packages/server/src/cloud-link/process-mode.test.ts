import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewaySecret, linkedDevId } from '@hearth/cloud-link';
import { loadConfig } from '../config';
import { getJson, login, postJson } from '../test-support/http';
import { connectGateway, type TestGateway } from '../test-support/test-gateway';
import {
  createHomeWithDevice,
  createUser,
  startTestHearth,
  TEST_CLIENT,
  type TestHearth,
} from '../test-support/test-hearth';
import { createServerCloudBridges } from './server-bridges';

/*
 * CLOUD_LINK=process: the server runs no bridge; the cloud-link process (its bridges, here
 * over the same database and the server's gateway channel) follows the links the API stores.
 */
const GATEWAY_KEY = 'test-gateway-key-0123456789';
const WAIT_MS = 30_000;
let a: TestHearth;
let b: TestHearth;
let gateway: TestGateway;
let bridges: ReturnType<typeof createServerCloudBridges>;
let upstreamDevId: string;
let owner: string;
let homeId: string;
let sampleAt: number;

beforeAll(async () => {
  a = await startTestHearth({ embeddedBroker: true });
  const cloudOwner = await createUser(a.repos, 'owner@example.com', 'cloud_password');
  ({ devId: upstreamDevId } = await createHomeWithDevice(a.repos, cloudOwner.id));
  await a.repos.nodes.replaceList(upstreamDevId, [
    { name: 'Lounge', addr: 2, type: 'htr', installed: true, lost: false },
  ]);
  gateway = await connectGateway(
    `${a.url.replace(/^http/, 'ws')}/mqtt`,
    upstreamDevId,
    gatewaySecret(GATEWAY_KEY, upstreamDevId),
  );
  await gateway.publishUp('/htr/2/status', { mode: 'manual', stemp: '17.5', units: 'C' });
  // The cloud's history of the last hours, before the device is linked.
  const now = Math.floor(Date.now() / 1000);
  sampleAt = now - (now % 60) - 1800;
  await gateway.client.publishAsync(
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
  const upstreams = JSON.stringify([
    {
      name: 'hearth-a',
      apiBaseUrl: a.url,
      clientId: TEST_CLIENT.id,
      clientSecret: TEST_CLIENT.secret,
      serialId: '01.01',
      referer: 'https://app.example.com',
      clockMonthFrom: 1,
    },
  ]);
  b = await startTestHearth({
    embeddedBroker: true,
    env: { CLOUD_UPSTREAMS_JSON: upstreams, CLOUD_LINK: 'process' },
  });
  const me = await createUser(b.repos, 'me@example.com', 'local password');
  ({ homeId } = await createHomeWithDevice(b.repos, me.id));
  owner = (await login(b.url, me.email, me.password)).access_token;
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'hearth-cloud-link-')),
    GATEWAY_KEY,
    JWT_SECRET: 'test-jwt-secret-0123456789',
    CLOUD_UPSTREAMS_JSON: upstreams,
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
  });
});

afterAll(async () => {
  await bridges?.close();
  await gateway?.client.endAsync();
  await b?.stop();
  await a?.stop();
});

describe('the cloud link as its own process', () => {
  it('starts the bridges of the links the API stored, and stops those unlinked', async () => {
    const linked = await postJson(
      `${b.url}/api/v2/cloud_links/accounts`,
      { cloud: 'hearth-a', email: 'owner@example.com', password: 'cloud_password' },
      owner,
    );
    const accountId = (linked.body as { id: string }).id;
    const brought = await postJson(
      `${b.url}/api/v2/cloud_links/accounts/${accountId}/devs`,
      { group_id: homeId, devs: [upstreamDevId] },
      owner,
    );
    expect(brought.status).toBe(201);
    const devId = linkedDevId('hearth-a', upstreamDevId);
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
    const history = async () =>
      (
        (await getJson(`${b.url}/api/v2/cloud_links/accounts`, owner)).body as {
          accounts: Array<{ devs: Array<{ history: { state: string; done_until: string } }> }>;
        }
      ).accounts[0]?.devs[0]?.history;
    await expect.poll(async () => (await history())?.state, { timeout: WAIT_MS }).toBe('done');
    const done = await history();
    expect(Date.parse(done?.done_until ?? '')).toBeGreaterThan(sampleAt * 1000);
    await fetch(`${b.url}/api/v2/cloud_links/devs/${devId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${owner}` },
    });
    await bridges.sync();
    expect(bridges.running()).toEqual([]);
  });
});
