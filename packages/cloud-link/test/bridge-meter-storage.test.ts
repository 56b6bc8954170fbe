import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, login, postJson } from '../../server/src/test-support/http.ts';
import { connectGateway, type TestGateway } from '../../server/src/test-support/test-gateway.ts';
import {
  createHomeWithDevice,
  createUser,
  startTestHearth,
  type TestHearth,
} from '../../server/src/test-support/test-hearth.ts';
import { CloudDeviceBridge, normaliseMeterObject } from '../src/bridge.ts';
import { gatewaySecret, linkedDevId } from '../src/linked-identity.ts';
import { UpstreamClient } from '../src/upstream-client.ts';
import { UpstreamSession } from '../src/upstream-session.ts';
import { brokerUrl, hearthAsCloud, TEST_GATEWAY_KEY } from './hearth-cloud.ts';

/*
 * Issue 29: the power guard reads a power monitor's `/pmo/{addr}/power` and the charge plans
 * write a storage heater's `charging_conf`. Hearth A plays the cloud with a gateway holding a
 * power monitor (pmo 5) and a storage heater (acm 3); the bridge mirrors them into Hearth B.
 */

let a: TestHearth;
let b: TestHearth;
let upstreamDevId: string;
let gateway: TestGateway;
let session: UpstreamSession;
let bridge: CloudDeviceBridge;
let ownerB: string;

const WAIT_MS = 30_000;
const SLOTS = { slot_1: { start: 0, end: 420 }, slot_2: { start: 0, end: 0 } };
const ALL_DAYS = [true, true, true, true, true, true, true];

beforeAll(async () => {
  a = await startTestHearth({ embeddedBroker: true });
  b = await startTestHearth({ embeddedBroker: true });
  const upstream = hearthAsCloud(a);
  const ownerA = await createUser(a.repos, 'owner@example.com', 'cloud_password');
  ({ devId: upstreamDevId } = await createHomeWithDevice(a.repos, ownerA.id));
  await a.repos.nodes.replaceList(upstreamDevId, [
    { name: 'Hall', addr: 3, type: 'acm', installed: true, lost: false },
    { name: 'Meter', addr: 5, type: 'pmo', installed: true, lost: false },
  ]);
  gateway = await connectGateway(
    brokerUrl(a.url),
    upstreamDevId,
    gatewaySecret(TEST_GATEWAY_KEY, upstreamDevId),
  );
  await gateway.publishUp('/acm/3/setup', { charging_conf: SLOTS, charge_days: ALL_DAYS });
  await gateway.publishUp('/pmo/5/power', { power: '800.0' });
  await a.hearth.gatewayIdle();

  const owner = await createUser(b.repos, 'owner@example.com', 'local password');
  await createHomeWithDevice(b.repos, owner.id, linkedDevId('hearth-a', upstreamDevId));
  ownerB = (await login(b.url, owner.email, owner.password)).access_token;

  session = new UpstreamSession({
    upstream,
    username: 'owner@example.com',
    password: 'cloud_password',
  });
  bridge = new CloudDeviceBridge({
    upstream,
    session,
    client: new UpstreamClient({ upstream, session }),
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

const onB = async (path: string) =>
  (await getJson(`${b.url}/api/v2/devs/${bridge.devId}${path}`, ownerB)).body as Record<
    string,
    unknown
  >;

describe("a linked cloud's power monitor and storage heater", () => {
  it("carries the monitor's reading at the link's start and every later one", async () => {
    await expect.poll(() => onB('/pmo/5/power'), { timeout: WAIT_MS }).toEqual({ power: '800.0' });
    await gateway.publishUp('/pmo/5/power', { power: '2450.5' });
    await expect.poll(() => onB('/pmo/5/power'), { timeout: WAIT_MS }).toEqual({ power: '2450.5' });
  });

  it('writes a charging programme through the cloud and confirms it once the cloud shows it', async () => {
    await expect
      .poll(() => onB('/acm/3/setup'), { timeout: WAIT_MS })
      .toMatchObject({ charging_conf: SLOTS });
    const plan = { slot_1: { start: 60, end: 300 }, slot_2: { start: 840, end: 960 } };
    const write = await postJson(
      `${b.url}/api/v2/devs/${bridge.devId}/acm/3/setup`,
      { charging_conf: plan, charge_days: ALL_DAYS },
      ownerB,
    );
    expect(write.status).toBeLessThan(300);
    const sent = () => gateway.commands.find((c) => c.path === '/acm/3/setup');
    await expect
      .poll(() => sent()?.body, { timeout: WAIT_MS })
      .toMatchObject({ charging_conf: plan, charge_days: ALL_DAYS });
    // Not confirmed before the cloud's own device shows the programme.
    expect(await onB('/acm/3/setup')).toMatchObject({ sync_status: 'pending' });
    await gateway.publishUp('/acm/3/setup', { charging_conf: plan, charge_days: ALL_DAYS });
    await gateway.ack(sent()?.id ?? '');
    await expect
      .poll(() => onB('/acm/3/setup'), { timeout: WAIT_MS })
      .toMatchObject({ charging_conf: plan, sync_status: 'ok' });
  });
});

describe('normaliseMeterObject', () => {
  it("writes a monitor's numbers as a Hearth gateway reports them and drops what is not one", () => {
    expect(normaliseMeterObject('power', { power: 1234 })).toEqual({ power: '1234.0' });
    expect(normaliseMeterObject('power', { power: '75.25' })).toEqual({ power: '75.3' });
    expect(normaliseMeterObject('power_limit', { power_limit: 3000 })).toEqual({
      power_limit: '3000',
    });
    expect(normaliseMeterObject('power', { power: 'n/a' })).toBeUndefined();
    expect(normaliseMeterObject('power', { power: -5 })).toBeUndefined();
    expect(normaliseMeterObject('power', null)).toBeUndefined();
  });
});
