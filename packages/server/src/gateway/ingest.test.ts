import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gatewayTopics } from '@hearth/protocol';
import { devs } from '../db/schema';
import {
  createHomeWithDevice,
  createUser,
  randomDevId,
  useTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';
import { freshIngestProcess } from './ingest-test-process';

let t: TestHearth;
useTestHearth((started) => (t = started));

const status = { mode: 'manual', stemp: '21.0', mtemp: '19.5', units: 'C', sync_status: 'ok' };
const away = { enabled: false, away: false, forced: false };
/** A device clock (docs/device-protocol.md `/mgr/rtc/time`) on the minute `m`. */
const clock = (m: number) => ({ y: 2026, n: 11, d: 22, h: 10, m, s: 0, w: 0 });

const freshProcess = () => freshIngestProcess(t);

async function ownedDevice() {
  const owner = await createUser(t.repos, `owner-${randomDevId()}@example.com`);
  return (await createHomeWithDevice(t.repos, owner.id, randomDevId())).devId;
}

describe('ingest', () => {
  it("stores a known device's first message after a restart without recording it again", async () => {
    const devId = await ownedDevice();
    const before = await t.repos.devices.find(devId);
    const p = freshProcess();
    await p.send(gatewayTopics.up(devId, '/htr/2/status'), status);
    expect((await t.repos.nodes.find(devId, 'htr', 2))?.status).toEqual(status);
    expect(p.updates).toEqual([{ devId, path: '/htr/2/status', body: status }]);
    expect(await t.repos.devices.find(devId)).toEqual(before);
  });

  it('records a device again when it was deleted after this process had seen it', async () => {
    const devId = await ownedDevice();
    const p = freshProcess();
    await p.send(gatewayTopics.up(devId, '/htr/2/status'), status);
    // Deleted elsewhere (another process, an operator): the cached "known" is now wrong.
    await t.hearth.db.delete(devs).where(eq(devs.devId, devId));
    await p.send(gatewayTopics.up(devId, '/htr/2/status'), { ...status, mtemp: '20.0' });
    await p.send(gatewayTopics.up(devId, '/mgr/away_status'), away);
    expect(await t.repos.devices.find(devId)).toMatchObject({ devId, groupId: null });
    expect((await t.repos.nodes.find(devId, 'htr', 2))?.status).toMatchObject({ mtemp: '20.0' });
    expect(await t.repos.devices.getState(devId, '/mgr/away_status')).toEqual(away);
    expect(p.updates.map((u) => u.path)).toEqual([
      '/htr/2/status',
      '/htr/2/status',
      '/mgr/away_status',
    ]);
  });

  it('stores a burst from many gateways and emits every object whole, pending only where a write waits', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, () => ownedDevice()));
    const waiting = ids[3] ?? '';
    await t.repos.commands.insert({
      devId: waiting,
      method: 'POST',
      path: '/htr/2/status',
      body: { stemp: '23.0' },
    });
    const p = freshProcess();
    // Arriving together, as from a busy broker: stored in batches, not one by one.
    await Promise.all(
      ids.flatMap((devId, i) => [
        p.send(gatewayTopics.up(devId, '/htr/2/status'), { ...status, mtemp: `${i}.5` }),
        p.send(gatewayTopics.up(ids[(i + 1) % ids.length] ?? '', '/mgr/rtc/time'), clock(i)),
      ]),
    );
    for (const [i, devId] of ids.entries()) {
      const expected = {
        ...status,
        mtemp: `${i}.5`,
        sync_status: devId === waiting ? 'pending' : 'ok',
      };
      expect((await t.repos.nodes.find(devId, 'htr', 2))?.status).toEqual(expected);
      expect(p.updates).toContainEqual({ devId, path: '/htr/2/status', body: expected });
    }
    expect(p.updates).toHaveLength(ids.length * 2);
    expect(await t.repos.devices.getState(ids[1] ?? '', '/mgr/rtc/time')).toEqual(clock(0));
  });

  it('sends a pending write once on reconnection, and its ack ends the pending state once', async () => {
    const devId = await ownedDevice();
    await t.repos.nodes.replaceList(devId, [
      { name: 'Lounge', addr: 2, type: 'htr', installed: true, lost: false },
    ]);
    const command = await t.repos.commands.insert({
      devId,
      method: 'POST',
      path: '/htr/2/status',
      body: { stemp: '23.0' },
    });
    const p = freshProcess();
    await p.send(gatewayTopics.connected(devId), { connected: true });
    expect(p.published.map((c) => c.id)).toEqual([command.id]);

    await p.send(gatewayTopics.up(devId, '/htr/2/status'), { ...status, stemp: '23.0' });
    await p.send(gatewayTopics.ack(devId), { id: command.id, ok: true });
    await p.send(gatewayTopics.ack(devId), { id: command.id, ok: true });
    await p.send(gatewayTopics.connected(devId), { connected: true });

    expect(p.published.map((c) => c.id)).toEqual([command.id]);
    expect((await t.repos.commands.find(command.id))?.status).toBe('acked');
    const statuses = p.updates.filter((u) => u.path === '/htr/2/status').map((u) => u.body);
    expect(statuses).toEqual([
      { ...status, stemp: '23.0', sync_status: 'pending' },
      { ...status, stemp: '23.0', sync_status: 'ok' },
    ]);
    expect((await t.repos.nodes.find(devId, 'htr', 2))?.status).toEqual({
      ...status,
      stemp: '23.0',
    });
  });

  it('ends the pending state with the last ack for an object only, and only for status and setup', async () => {
    const devId = await ownedDevice();
    await t.repos.nodes.replaceList(devId, [
      { name: 'Lounge', addr: 2, type: 'htr', installed: true, lost: false },
    ]);
    const write = (path: string, body: unknown) =>
      t.repos.commands.insert({ devId, method: 'POST', path, body });
    const first = await write('/htr/2/status', { stemp: '21.0' });
    const second = await write('/htr/2/status', { stemp: '22.0' });
    const setup = await write('/htr/2/setup', { units: 'C' });
    const prog = await write('/htr/2/prog', { prog: {} });
    const p = freshProcess();
    await p.send(gatewayTopics.up(devId, '/htr/2/status'), { ...status, stemp: '22.0' });
    await p.send(gatewayTopics.up(devId, '/htr/2/setup'), { units: 'C' });
    await p.send(gatewayTopics.ack(devId), { id: first.id, ok: true });
    // Another write to the status is still unacknowledged: it stays pending.
    expect((await t.repos.nodes.find(devId, 'htr', 2))?.status?.sync_status).toBe('pending');
    await p.send(gatewayTopics.ack(devId), { id: prog.id, ok: true });
    await p.send(gatewayTopics.ack(devId), { id: second.id, ok: false, error: 'busy' });
    await p.send(gatewayTopics.ack(devId), { id: setup.id, ok: true });
    const stored = await t.repos.nodes.find(devId, 'htr', 2);
    expect(stored?.status).toEqual({ ...status, stemp: '22.0', sync_status: 'ok' });
    expect(stored?.setup).toEqual({ units: 'C', sync_status: 'ok' });
    expect(p.updates.map((u) => [u.path, u.body])).toEqual([
      ['/htr/2/status', { ...status, stemp: '22.0', sync_status: 'pending' }],
      ['/htr/2/setup', { units: 'C', sync_status: 'pending' }],
      ['/htr/2/status', { ...status, stemp: '22.0', sync_status: 'ok' }],
      ['/htr/2/setup', { units: 'C', sync_status: 'ok' }],
    ]);
    expect((await t.repos.commands.find(second.id))?.status).toBe('failed');
  });

  it("applies a gateway's queued messages in order, node objects of different nodes together", async () => {
    const devId = await ownedDevice();
    const p = freshProcess();
    const up = (path: string) => gatewayTopics.up(devId, path);
    const node = (addr: number) => ({
      name: `N${addr}`,
      addr,
      type: 'htr',
      installed: true,
      lost: false,
    });
    await p.sendAll([
      [up('/htr/4/status'), status],
      [up('/mgr/nodes'), { nodes: [node(2), node(3)] }],
      [up('/htr/2/status'), { ...status, mtemp: '18.0' }],
      [up('/htr/3/status'), { ...status, mtemp: '17.0' }],
      [gatewayTopics.samples(devId), { samples: [{ type: 'htr', addr: 2, t: 1000, counter: 5 }] }],
      [up('/htr/2/status'), { ...status, mtemp: '18.5' }],
    ]);
    // Node 4 was reported before the list that drops it: gone. The rest after it: stored.
    expect((await t.repos.nodes.list(devId)).map((n) => [n.addr, n.status?.mtemp])).toEqual([
      [2, '18.5'],
      [3, '17.0'],
    ]);
    await p.ingest.samplesStored();
    expect(await t.repos.samples.range(devId, 'htr', 2, 0, 2000)).toHaveLength(1);
    const paths = p.updates.map((u) => u.path);
    expect(paths.slice(0, 2)).toEqual(['/htr/4/status', '/mgr/nodes']);
    expect(paths.slice(2, 4).sort()).toEqual(['/htr/2/status', '/htr/3/status']);
    expect(p.updates.at(-1)).toEqual({
      devId,
      path: '/htr/2/status',
      body: { ...status, mtemp: '18.5' },
    });
  });

  it("keeps samples out of the way: a gateway's later messages do not wait for them, and they are stored once gathered", async () => {
    const devId = await ownedDevice();
    const p = freshProcess();
    const sample = { type: 'htr', addr: 2, t: 1000, counter: 5 };
    await p.sendAll([
      [gatewayTopics.samples(devId), { samples: [sample] }],
      [gatewayTopics.up(devId, '/htr/2/status'), status],
    ]);
    // The status after the samples is stored and pushed while the samples still gather.
    expect((await t.repos.nodes.find(devId, 'htr', 2))?.status).toEqual(status);
    expect(p.updates.map((u) => u.path)).toEqual(['/htr/2/status']);
    expect(await t.repos.samples.range(devId, 'htr', 2, 0, 2000)).toEqual([]);
    await p.send(gatewayTopics.samples(devId), { samples: [{ ...sample, t: 1900, counter: 9 }] });
    // Stored without being asked, once no samples message has come for a second.
    await expect
      .poll(async () => (await t.repos.samples.range(devId, 'htr', 2, 0, 2000)).map((r) => r.t), {
        timeout: 5000,
      })
      .toEqual([1000, 1900]);
    await p.ingest.samplesStored();
  });
});
