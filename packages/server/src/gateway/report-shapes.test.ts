import { describe, expect, it } from 'vitest';
import { GATEWAY_MESSAGE_MAX_BYTES, gatewayTopics } from '@hearth/protocol';
import {
  createHomeWithDevice,
  createUser,
  randomDevId,
  useTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';
import { connectGateway } from '../test-support/test-gateway';
import { freshIngestProcess } from './ingest-test-process';

let t: TestHearth;
useTestHearth((started) => (t = started));

const status = { mode: 'manual', stemp: '21.0', mtemp: '19.5', units: 'C', sync_status: 'ok' };
const setup = { units: 'C', prog_resol: 0, away_offset: '2.0', extra_options: { boost_time: 60 } };

async function ownedDevice() {
  const owner = await createUser(t.repos, `owner-${randomDevId()}@example.com`);
  return (await createHomeWithDevice(t.repos, owner.id, randomDevId())).devId;
}

// Gateway reports are read against the node type's shape (protocol node-settings/): an
// empty or misshapen report replaced the stored status, and unknown keys (up to 1 MB) were
// stored and pushed to the apps.
describe('gateway reports', () => {
  it('merges a partial report into the stored object and pushes the whole object', async () => {
    const devId = await ownedDevice();
    const p = freshIngestProcess(t);
    await p.send(gatewayTopics.up(devId, '/htr/2/status'), status);
    await p.send(gatewayTopics.up(devId, '/htr/2/status'), { mtemp: '20.0' });
    await p.send(gatewayTopics.up(devId, '/htr/2/setup'), setup);
    await p.send(gatewayTopics.up(devId, '/htr/2/setup'), { away_offset: '1.5' });
    const node = await t.repos.nodes.find(devId, 'htr', 2);
    expect(node?.status).toEqual({ ...status, mtemp: '20.0' });
    expect(node?.setup).toEqual({ ...setup, away_offset: '1.5' });
    expect(p.updates.at(1)).toEqual({
      devId,
      path: '/htr/2/status',
      body: { ...status, mtemp: '20.0' },
    });
    expect(p.updates.at(-1)?.body).toEqual({ ...setup, away_offset: '1.5' });
  });

  it('drops unknown keys, at any depth, before storing and pushing', async () => {
    const devId = await ownedDevice();
    const p = freshIngestProcess(t);
    const junk = 'x'.repeat(10_000);
    await p.send(gatewayTopics.up(devId, '/htr/2/status'), { ...status, junk, other: [1, 2] });
    await p.send(gatewayTopics.up(devId, '/htr/2/setup'), {
      ...setup,
      extra_options: { boost_time: 60, junk },
      junk,
    });
    const node = await t.repos.nodes.find(devId, 'htr', 2);
    expect(node?.status).toEqual(status);
    expect(node?.setup).toEqual(setup);
    expect(JSON.stringify(p.updates)).not.toContain('junk');
  });

  it('drops and counts an empty, misshapen or oversized report, keeping what was stored', async () => {
    const devId = await ownedDevice();
    const p = freshIngestProcess(t);
    await p.send(gatewayTopics.up(devId, '/htr/2/status'), status);
    await p.send(gatewayTopics.up(devId, '/htr/2/setup'), setup);
    const updates = p.updates.length;
    const bad: Array<[string, unknown]> = [
      ['/htr/2/status', {}],
      ['/htr/2/status', { junk: 1 }],
      ['/htr/2/status', { ...status, stemp: 21 }],
      ['/htr/2/status', { ...status, locked: 'no' }],
      ['/htr/2/setup', { ...setup, extra_options: 'none' }],
      ['/htr/2/setup', []],
      ['/pmo/5/status', { mode: 'auto' }],
      ['/htr/2/status', { ...status, mtemp: '1.0', pad: 'x'.repeat(GATEWAY_MESSAGE_MAX_BYTES) }],
      ['/mgr/away_status', { away: false, pad: 'x'.repeat(GATEWAY_MESSAGE_MAX_BYTES) }],
    ];
    for (const [path, body] of bad) await p.send(gatewayTopics.up(devId, path), body);
    expect(p.ingest.dropped()).toBe(bad.length);
    const node = await t.repos.nodes.find(devId, 'htr', 2);
    expect(node?.status).toEqual(status);
    expect(node?.setup).toEqual(setup);
    expect(await t.repos.nodes.find(devId, 'pmo', 5)).toBeUndefined();
    expect(p.updates.length).toBe(updates);
  });

  it('drops and counts a report at a path no update carries, or not spelled as updates spell it', async () => {
    const devId = await ownedDevice();
    const p = freshIngestProcess(t);
    await p.send(gatewayTopics.up(devId, '/mgr/nodes'), { nodes: [] });
    await p.send(gatewayTopics.up(devId, '/htr/2/status'), status);
    const updates = p.updates.length;
    const bad: Array<[string, unknown]> = [
      ['/htr/02/status', { ...status, mtemp: '5.0' }],
      ['/heater/2/status', status],
      ['/htr/2/bogus', status],
      ['/htr/2/power', { power: '100.0' }],
      ['/mgr/away_status/x', { enabled: true, away: false, forced: false }],
      ['/connected', { connected: true }],
    ];
    for (const [path, body] of bad) await p.send(gatewayTopics.up(devId, path), body);
    expect(p.ingest.dropped()).toBe(bad.length);
    expect((await t.repos.nodes.find(devId, 'htr', 2))?.status).toEqual(status);
    expect(p.updates.length).toBe(updates);
  });

  it('shows the count of dropped gateway messages in the readiness report', async () => {
    const dropped = async () =>
      ((await (await fetch(`${t.url}/ready`)).json()) as { counters: Record<string, number> })
        .counters.gateway_messages_dropped;
    const devId = await ownedDevice();
    const gw = await connectGateway(
      t.hearth.gatewayMqttUrl(),
      devId,
      t.hearth.gatewaySecret(devId),
    );
    try {
      const before = await dropped();
      expect(before).toEqual(expect.any(Number));
      await gw.publishUp('/htr/2/status', {});
      await gw.barrier(() => t.repos.devices.getState(devId, '/mgr/rtc/time'));
      expect(await dropped()).toBe((before ?? 0) + 1);
    } finally {
      await gw.end();
    }
  });
});
