import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, login, postJson } from '../../server/src/test-support/http.ts';
import { connectGateway, type TestGateway } from '../../server/src/test-support/test-gateway.ts';
import {
  createHomeWithDevice,
  createUser,
  startTestHearth,
  type TestHearth,
} from '../../server/src/test-support/test-hearth.ts';
import { CloudDeviceBridge } from '../src/bridge.ts';
import { gatewaySecret, linkedDevId } from '../src/linked-identity.ts';
import { UpstreamClient } from '../src/upstream-client.ts';
import { UpstreamSession } from '../src/upstream-session.ts';
import {
  brokerUrl,
  cloudOwnerWithLounge,
  hearthAsCloud,
  TEST_GATEWAY_KEY,
} from './hearth-cloud.ts';

/*
 * Hearth A plays the vendor cloud, with a gateway behind it; Hearth B is the owner's own.
 * The bridge signs in to A, mirrors A's device into B as a gateway, carries a write made on
 * B to A's gateway and the gateway's confirmation back to B.
 */

let a: TestHearth;
let b: TestHearth;
let upstreamDevId: string;
let gateway: TestGateway;
let session: UpstreamSession;
let bridge: CloudDeviceBridge;
let ownerB: string;
let ownerAId: string;
const grants: string[] = [];

/** How long a step may take on a busy machine: these wait for the system, they time nothing. */
const WAIT_MS = 30_000;

beforeAll(async () => {
  a = await startTestHearth({ embeddedBroker: true });
  b = await startTestHearth({ embeddedBroker: true });
  const upstream = hearthAsCloud(a);
  ({ ownerId: ownerAId, devId: upstreamDevId } = await cloudOwnerWithLounge(a, 'cloud_password'));
  const secret = gatewaySecret(TEST_GATEWAY_KEY, upstreamDevId);
  gateway = await connectGateway(brokerUrl(a.url), upstreamDevId, secret);
  await gateway.publishUp('/htr/2/status', { mode: 'manual', stemp: '18.0', units: 'C' });

  const owner = await createUser(b.repos, 'owner@example.com', 'local password');
  await createHomeWithDevice(b.repos, owner.id, linkedDevId('hearth-a', upstreamDevId));
  ownerB = (await login(b.url, owner.email, owner.password)).access_token;

  session = new UpstreamSession({
    upstream,
    username: 'owner@example.com',
    password: 'cloud_password',
    fetch: (input, init) => {
      grants.push(new URLSearchParams(String(init?.body)).get('grant_type') ?? '');
      return fetch(input, init);
    },
  });
  const client = new UpstreamClient({ upstream, session });
  bridge = new CloudDeviceBridge({
    upstream,
    session,
    client,
    upstreamDevId,
    mqttUrl: brokerUrl(b.url),
    gatewayKey: TEST_GATEWAY_KEY,
  });
  await bridge.start();
});

afterAll(async () => {
  await bridge.stop();
  session.close();
  await gateway.client.endAsync();
  await b.stop();
  await a.stop();
});

const statusB = async () =>
  (await getJson(`${b.url}/api/v2/devs/${bridge.devId}/htr/2/status`, ownerB)).body as Record<
    string,
    unknown
  >;

describe('a cloud device linked through the bridge', () => {
  it('mirrors the device, carries a write to the cloud gateway and its confirmation back', async () => {
    await expect
      .poll(statusB, { timeout: WAIT_MS })
      .toMatchObject({ stemp: '18.0', mode: 'manual' });

    const write = await postJson(
      `${b.url}/api/v2/devs/${bridge.devId}/htr/2/status`,
      { stemp: '21.3', units: 'C' },
      ownerB,
    );
    expect(write.status).toBeLessThan(300);
    expect(await statusB()).toMatchObject({ sync_status: 'pending' });

    // The write reached the cloud's own gateway, rounded to half a degree.
    await expect
      .poll(() => gateway.commands.find((c) => c.path === '/htr/2/status')?.body, {
        timeout: WAIT_MS,
      })
      .toEqual({ stemp: '21.5', units: 'C' });
    const command = gateway.commands.find((c) => c.path === '/htr/2/status');
    await gateway.publishUp('/htr/2/status', { mode: 'manual', stemp: '21.5', units: 'C' });
    await gateway.ack(command?.id ?? '');

    await expect
      .poll(statusB, { timeout: WAIT_MS })
      .toMatchObject({ stemp: '21.5', sync_status: 'ok' });
  });

  it('changes a set point in auto on a cloud that refuses modified_auto from a client', async () => {
    await gateway.publishUp('/htr/2/status', { mode: 'auto', stemp: '21.5', units: 'C' });
    await expect.poll(statusB, { timeout: WAIT_MS }).toMatchObject({ mode: 'auto' });
    const before = gateway.commands.length;
    await postJson(
      `${b.url}/api/v2/devs/${bridge.devId}/htr/2/status`,
      { stemp: '20.0', units: 'C' },
      ownerB,
    );
    // Hearth (the cloud here) takes the set point alone; its device moves to modified_auto.
    await expect
      .poll(() => gateway.commands.slice(before).find((c) => c.path === '/htr/2/status')?.body, {
        timeout: WAIT_MS,
      })
      .toEqual({ stemp: '20.0', units: 'C' });
    const command = gateway.commands.slice(before).find((c) => c.path === '/htr/2/status');
    await gateway.publishUp('/htr/2/status', { mode: 'modified_auto', stemp: '20.0', units: 'C' });
    await gateway.ack(command?.id ?? '');
    await expect
      .poll(statusB, { timeout: WAIT_MS })
      .toMatchObject({ stemp: '20.0', mode: 'modified_auto', sync_status: 'ok' });
    await gateway.publishUp('/htr/2/status', { mode: 'manual', stemp: '21.5', units: 'C' });
    await expect.poll(statusB, { timeout: WAIT_MS }).toMatchObject({ mode: 'manual' });
  });

  it('refuses what the cloud does not take, and the refusal reaches Hearth', async () => {
    const before = gateway.commands.length;
    const write = await postJson(
      `${b.url}/api/v2/devs/${bridge.devId}/htr/2/boost`,
      { active: true },
      ownerB,
    );
    expect(write.status).toBeLessThan(300);
    await expect
      .poll(statusB, { timeout: WAIT_MS })
      .toMatchObject({ sync_status: 'ok', stemp: '21.5' });
    expect(gateway.commands.slice(before).map((c) => c.path)).not.toContain('/htr/2/boost');
  });

  it('signs in again when the cloud ends its sign-ins, and carries the next write', async () => {
    const signIns = grants.filter((g) => g === 'password').length;
    // The owner, signed in elsewhere, sets the password again: every other sign-in ends,
    // the bridge's refresh token with it, while the password it holds still works.
    const elsewhere = (await login(a.url, 'owner@example.com', 'cloud_password')).access_token;
    const changed = await postJson(
      `${a.url}/api/v2/users/${ownerAId}/password`,
      { password: 'cloud_password', new_password: 'cloud_password' },
      elsewhere,
    );
    expect(changed.status).toBeLessThan(300);
    await postJson(
      `${b.url}/api/v2/devs/${bridge.devId}/htr/2/status`,
      { stemp: '19.0', units: 'C' },
      ownerB,
    );
    await expect
      .poll(
        () =>
          gateway.commands.find(
            (c) => c.path === '/htr/2/status' && (c.body as { stemp?: string }).stemp === '19.0',
          ),
        { timeout: WAIT_MS },
      )
      .toBeDefined();
    const command = gateway.commands.find((c) => (c.body as { stemp?: string }).stemp === '19.0');
    await gateway.publishUp('/htr/2/status', { mode: 'manual', stemp: '19.0', units: 'C' });
    await gateway.ack(command?.id ?? '');
    await expect
      .poll(statusB, { timeout: WAIT_MS })
      .toMatchObject({ stemp: '19.0', sync_status: 'ok' });
    expect(grants.filter((g) => g === 'password').length).toBe(signIns + 1);
  });

  it("forwards the cloud's samples as the gateway's", async () => {
    const now = Math.floor(Date.now() / 1000);
    const t = now - (now % 60) - 600;
    await gateway.client.publishAsync(
      `hearth/gw/${upstreamDevId}/samples`,
      JSON.stringify({
        samples: [
          { type: 'htr', addr: 2, t, counter: 1000, temp: '19.5' },
          { type: 'htr', addr: 2, t: t + 300, counter: 1050, temp: '19.8' },
        ],
      }),
      { qos: 1 },
    );
    const ownerA = (await login(a.url, 'owner@example.com', 'cloud_password')).access_token;
    const onCloud = `${a.url}/api/v2/devs/${upstreamDevId}/htr/2/samples?start=${t - 60}&end=${t + 600}`;
    await expect
      .poll(
        async () => ((await getJson(onCloud, ownerA)).body as { samples?: unknown[] }).samples,
        {
          timeout: WAIT_MS,
        },
      )
      .toHaveLength(2);
    expect(await bridge.forwardSamples(t - 60, t + 600)).toBe(2);
    await b.hearth.gatewayIdle();
    const read = async () =>
      (
        await getJson(
          `${b.url}/api/v2/devs/${bridge.devId}/htr/2/samples?start=${t - 60}&end=${t + 600}`,
          ownerB,
        )
      ).body;
    await expect.poll(read, { timeout: WAIT_MS }).toMatchObject({
      samples: [
        expect.objectContaining({ t, temp: '19.5' }),
        expect.objectContaining({ t: t + 300, temp: '19.8' }),
      ],
    });
  });
});
