import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectGateway, type TestGateway } from '../../server/src/test-support/test-gateway.ts';
import { startTestHearth, type TestHearth } from '../../server/src/test-support/test-hearth.ts';
import { gatewaySecret } from '../src/linked-identity.ts';
import { CLOUD_LINK_TIMING } from '../src/timing.ts';
import type { UpstreamObject } from '../src/upstream-client.ts';
import type { CloudUpstream } from '../src/upstream-config.ts';
import {
  UpstreamRealtime,
  type RealtimeTiming,
  type UpstreamUpdate,
} from '../src/upstream-realtime.ts';
import { UpstreamSession } from '../src/upstream-session.ts';
import {
  brokerUrl,
  cloudOwnerWithLounge,
  hearthAsCloud,
  TEST_GATEWAY_KEY,
} from './hearth-cloud.ts';

/* The realtime socket against a real Hearth playing the vendor cloud, a real gateway behind it. */

let t: TestHearth;
let upstream: CloudUpstream;
let devId: string;
let gateway: TestGateway;
let session: UpstreamSession;
const links: UpstreamRealtime[] = [];

beforeAll(async () => {
  t = await startTestHearth({ embeddedBroker: true });
  upstream = hearthAsCloud(t);
  ({ devId } = await cloudOwnerWithLounge(t, 'owner password'));
  gateway = await connectGateway(brokerUrl(t.url), devId, gatewaySecret(TEST_GATEWAY_KEY, devId));
  session = new UpstreamSession({
    upstream,
    username: 'owner@example.com',
    password: 'owner password',
    refreshAhead: false,
  });
});

afterAll(async () => {
  for (const link of links) link.stop();
  session.close();
  await gateway.client.endAsync();
  await t.stop();
});

function link(timing: RealtimeTiming = CLOUD_LINK_TIMING) {
  const snapshots: UpstreamObject[] = [];
  const updates: UpstreamUpdate[] = [];
  const realtime = new UpstreamRealtime({
    upstream,
    session,
    devId,
    timing,
    onSnapshot: (data) => snapshots.push(data),
    onUpdate: (update) => updates.push(update),
  });
  links.push(realtime);
  realtime.start();
  return { realtime, snapshots, updates };
}

describe('upstream realtime against a real Hearth', () => {
  it('asks for the snapshot on connect and then carries the updates', async () => {
    const { realtime, snapshots, updates } = link();
    await expect.poll(() => snapshots.length).toBe(1);
    expect(snapshots[0]?.nodes).toEqual([expect.objectContaining({ addr: 2, type: 'htr' })]);
    await gateway.publishUp('/htr/2/status', { mode: 'manual', stemp: '19.5', units: 'C' });
    await expect
      .poll(() => updates.find((u) => u.path === '/htr/2/status')?.body)
      .toMatchObject({ stemp: '19.5' });
    realtime.stop();
  });

  it('restarts a silent socket and reads the whole snapshot again', async () => {
    const { realtime, snapshots } = link({ ...CLOUD_LINK_TIMING, socketSilenceMs: 300 });
    await expect.poll(() => snapshots.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    realtime.stop();
  });
});
