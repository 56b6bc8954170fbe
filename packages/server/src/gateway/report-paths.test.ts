import { io } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import { gatewayTopics, SOCKET_NAMESPACE, type UpdateEvent } from '@hearth/protocol';
import { getJson, login, postJson } from '../test-support/http';
import { connectGateway, type TestGateway } from '../test-support/test-gateway';
import {
  createHomeWithDevice,
  createUser,
  randomDevId,
  useTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';

// docs/device-protocol.md "Topics": every object a gateway publishes is read in its path's
// shape, not only a node's status and setup. Unknown keys were kept (and pushed to the apps)
// at /mgr/discovery, /geo_data, /pmo_system, a node's version and prog and the node list; a
// partial setup replaced a whole extra_options; and the gateway's own firmware never reached
// the device lists.
let t: TestHearth;
useTestHearth((started) => (t = started));

const junk = 'x'.repeat(5_000);
const week = Object.fromEntries('0123456'.split('').map((d) => [d, Array(24).fill(1)]));
const lounge = { name: 'Lounge', addr: 2, type: 'htr', installed: true, lost: false };
const meter = { name: 'Meter', addr: 5, type: 'pmo', installed: true, lost: false };
const version = { hw_version: '1', fw_version: '1.13', uid: 'u-2', pid: '0041' };
const away = { enabled: true, away: false, forced: false };
const geo = { tz_code: 'Europe/Madrid', country: 'ES', position: { latitude: 40, longitude: -3 } };
const pmoSystem = {
  main_circuit_pmos: [5],
  max_power_config: { profiles: [3000], slots: [{ m: 0, i: 0 }] },
};
const extraOptions = { boost_time: 60, boost_temp: '25.0', setback_temp: '17.0' };

/** A gateway of an owned home, connected over MQTT, with the app's realtime socket open. */
async function ownedGateway() {
  const owner = await createUser(t.repos, `owner-${randomDevId()}@example.com`);
  const { devId } = await createHomeWithDevice(t.repos, owner.id, randomDevId());
  const token = (await login(t.url, owner.email, owner.password)).access_token;
  const gw = await connectGateway(t.hearth.gatewayMqttUrl(), devId, t.hearth.gatewaySecret(devId));
  const updates: UpdateEvent[] = [];
  const socket = io(`${t.url}${SOCKET_NAMESPACE}`, {
    path: '/socket.io/',
    query: { token, dev_id: devId },
    transports: ['websocket'],
    forceNew: true,
  });
  socket.on('update', (u: UpdateEvent) => updates.push(u));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const base = `${t.url}/api/v2/devs/${devId}`;
  return {
    devId,
    token,
    gw,
    updates,
    base,
    /** Everything published so far has been taken in (or dropped). */
    settled: () => gw.barrier(() => t.repos.devices.getState(devId, '/mgr/rtc/time')),
    devData: async () => (await getJson(`${base}/dev_data`, token)).body,
    async close() {
      socket.disconnect();
      await gw.end();
    },
  };
}

async function dropped(): Promise<number> {
  const ready = (await (await fetch(`${t.url}/ready`)).json()) as {
    counters: { gateway_messages_dropped: number };
  };
  return ready.counters.gateway_messages_dropped;
}

async function publishAll(gw: TestGateway, reports: Array<[string, unknown]>) {
  for (const [path, body] of reports) await gw.publishUp(path, body);
}

describe('every report path a gateway publishes on', () => {
  it('keeps only the known keys, at any depth: nothing else is stored, read or pushed', async () => {
    const g = await ownedGateway();
    try {
      await publishAll(g.gw, [
        ['/mgr/nodes', { nodes: [{ ...lounge, junk }, meter], junk }],
        ['/htr/2/version', { ...version, junk }],
        ['/htr/2/prog', { prog: week, junk }],
        ['/mgr/discovery', { discovery: 'on', type: 'htr', addr: 3, junk }],
        ['/mgr/away_status', { ...away, junk }],
        ['/geo_data', { ...geo, position: { ...geo.position, junk }, junk }],
        [
          '/pmo_system',
          {
            main_circuit_pmos: [5],
            max_power_config: { profiles: [3000], slots: [{ m: 0, i: 0, junk }], junk },
            junk,
          },
        ],
        ['/pmo/5/power', { power: '1234.0', junk }],
        ['/htr_system/power_limit', { power_limit: '2000', junk }],
      ]);
      await g.settled();
      const node = await t.repos.nodes.find(g.devId, 'htr', 2);
      expect(node?.version).toEqual(version);
      expect(node?.prog).toEqual({ prog: week });
      const state = (path: string) => t.repos.devices.getState(g.devId, path);
      expect(await state('/mgr/discovery')).toEqual({ discovery: 'on', type: 'htr', addr: 3 });
      expect(await state('/mgr/away_status')).toEqual(away);
      expect(await state('/geo_data')).toEqual(geo);
      expect(await state('/pmo_system')).toEqual(pmoSystem);
      expect(await state('/pmo/5/power')).toEqual({ power: '1234.0' });
      expect(await state('/htr_system/power_limit')).toEqual({ power_limit: '2000' });
      const snapshot = await g.devData();
      expect(snapshot).toMatchObject({ geo_data: geo, pmo_system: pmoSystem });
      expect(JSON.stringify(snapshot)).not.toContain('junk');
      expect((await getJson(`${g.base}/htr/2/version`, g.token)).body).toEqual(version);
      await vi.waitFor(() => expect(g.updates.map((u) => u.path)).toContain('/pmo/5/power'));
      expect(g.updates.map((u) => u.path)).toEqual(
        expect.arrayContaining(['/mgr/nodes', '/htr/2/version', '/htr/2/prog', '/geo_data']),
      );
      expect(JSON.stringify(g.updates)).not.toContain('junk');
    } finally {
      await g.close();
    }
  });

  it('drops and counts a report with nothing known, a wrong type or an overlong text, keeping what was stored', async () => {
    const g = await ownedGateway();
    try {
      await publishAll(g.gw, [
        ['/mgr/nodes', { nodes: [lounge] }],
        ['/htr/2/version', version],
        ['/htr/2/prog', { prog: week }],
        ['/geo_data', geo],
        ['/mgr/discovery', { discovery: 'off' }],
      ]);
      await g.settled();
      const before = await dropped();
      const updates = g.updates.length;
      const bad: Array<[string, unknown]> = [
        ['/htr/2/version', {}],
        ['/htr/2/version', { junk: 1 }],
        ['/htr/2/version', { ...version, fw_version: 2 }],
        ['/htr/2/version', { ...version, uid: junk }],
        ['/htr/2/prog', { prog: 'weekly' }],
        ['/htr/2/prog', { junk: week }],
        ['/mgr/nodes', { nodes: [{ ...lounge, name: junk }] }],
        ['/geo_data', { junk: 1 }],
        ['/geo_data', { ...geo, tz_code: 1 }],
        ['/mgr/discovery', { discovery: 'on', type: junk }],
      ];
      await publishAll(g.gw, bad);
      await g.gw.client.publishAsync(
        gatewayTopics.connected(g.devId),
        JSON.stringify({ connected: true, fw_version: 7 }),
        { qos: 1 },
      );
      await g.settled();
      expect(await dropped()).toBe(before + bad.length + 1);
      const node = await t.repos.nodes.find(g.devId, 'htr', 2);
      expect(node).toMatchObject({ name: 'Lounge', version, prog: { prog: week } });
      expect(await t.repos.devices.getState(g.devId, '/geo_data')).toEqual(geo);
      expect(await t.repos.devices.getState(g.devId, '/mgr/discovery')).toEqual({
        discovery: 'off',
      });
      expect((await t.repos.devices.find(g.devId))?.fwVersion).toBe('');
      // Only the clock the barrier publishes was pushed since.
      expect(g.updates.slice(updates).every((u) => u.path === '/mgr/rtc/time')).toBe(true);
    } finally {
      await g.close();
    }
  });

  it('merges a partial setup or version into the stored one at every depth', async () => {
    const g = await ownedGateway();
    try {
      const setup = { units: 'C', away_offset: '2.0', extra_options: extraOptions };
      await publishAll(g.gw, [
        ['/mgr/nodes', { nodes: [lounge] }],
        ['/htr/2/setup', setup],
        ['/htr/2/version', version],
        ['/htr/2/setup', { extra_options: { boost_time: 30 } }],
        ['/htr/2/version', { fw_version: '1.14' }],
      ]);
      await g.settled();
      const merged = { ...setup, extra_options: { ...extraOptions, boost_time: 30 } };
      const node = await t.repos.nodes.find(g.devId, 'htr', 2);
      expect(node?.setup).toEqual(merged);
      expect(node?.version).toEqual({ ...version, fw_version: '1.14' });
      await vi.waitFor(() =>
        expect(g.updates.filter((u) => u.path === '/htr/2/setup').at(-1)?.body).toEqual(merged),
      );
      expect((await g.devData()) as { nodes: unknown[] }).toMatchObject({
        nodes: [{ setup: merged, version: { ...version, fw_version: '1.14' } }],
      });
    } finally {
      await g.close();
    }
  });

  it('merges a partial setup write and the report that answers it at every depth', async () => {
    const g = await ownedGateway();
    try {
      const setup = { units: 'C', away_offset: '2.0', extra_options: extraOptions };
      await publishAll(g.gw, [
        ['/mgr/nodes', { nodes: [lounge] }],
        ['/htr/2/setup', setup],
      ]);
      await g.settled();
      const write = { extra_options: { boost_time: 45 } };
      expect((await postJson(`${g.base}/htr/2/setup`, write, g.token)).status).toBe(200);
      const desired = { ...setup, extra_options: { ...extraOptions, boost_time: 45 } };
      // Shown as desired while the gateway has not answered: the other extra_options kept.
      const pending = { ...desired, sync_status: 'pending' };
      expect((await getJson(`${g.base}/htr/2/setup`, g.token)).body).toEqual(pending);
      await vi.waitFor(() =>
        expect(g.updates.filter((u) => u.path === '/htr/2/setup').at(-1)?.body).toEqual(pending),
      );
      await vi.waitFor(() => expect(g.gw.commands).toHaveLength(1));
      const command = g.gw.commands[0]!;
      // The gateway answers as docs/device-protocol.md says: the object it changed, then the ack.
      await g.gw.publishUp('/htr/2/setup', { extra_options: { boost_time: 45 } });
      await g.gw.ack(command.id);
      await g.settled();
      expect((await t.repos.nodes.find(g.devId, 'htr', 2))?.setup).toEqual({
        ...desired,
        sync_status: 'ok',
      });
    } finally {
      await g.close();
    }
  });
});

describe("the gateway's own firmware", () => {
  it('is the fw_version of the device lists once the gateway announces it, and stays after it goes', async () => {
    const g = await ownedGateway();
    try {
      await g.gw.client.publishAsync(
        gatewayTopics.connected(g.devId),
        JSON.stringify({ connected: true, fw_version: '2.4.1' }),
        { qos: 1, retain: true },
      );
      await g.settled();
      const devs = async () =>
        ((await getJson(`${t.url}/api/v2/devs`, g.token)).body as { devs: unknown[] }).devs;
      expect(await devs()).toEqual([expect.objectContaining({ fw_version: '2.4.1' })]);
      await g.gw.client.publishAsync(gatewayTopics.connected(g.devId), '{"connected":false}', {
        qos: 1,
        retain: true,
      });
      await vi.waitFor(async () =>
        expect((await t.repos.devices.find(g.devId))?.connected).toBe(false),
      );
      expect(await devs()).toEqual([expect.objectContaining({ fw_version: '2.4.1' })]);
    } finally {
      await g.close();
    }
  });
});
