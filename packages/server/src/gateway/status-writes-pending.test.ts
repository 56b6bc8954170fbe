import { describe, expect, it } from 'vitest';
import { gatewayTopics } from '@hearth/protocol';
import {
  createHomeWithDevice,
  createUser,
  randomDevId,
  useTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';
import { freshIngestProcess } from './ingest-test-process';

// docs/device-protocol.md: while commands are pending the node's objects carry
// sync_status "pending". The writes of /mode, /prog_temps, /boost and /lock record the node's
// status as their desired state (docs/wire-contract.md §5), so they hold its pending state as /status does.
let t: TestHearth;
useTestHearth((started) => (t = started));

const status = { mode: 'manual', stemp: '21.0', mtemp: '19.5', units: 'C', sync_status: 'ok' };
const ACTIONS = ['mode', 'prog_temps', 'boost', 'lock'] as const;

/** A heater with one write of `action` waiting for its gateway, as the REST write stores it. */
async function waitingWrite(action: string) {
  const owner = await createUser(t.repos, `owner-${randomDevId()}@example.com`);
  const { devId } = await createHomeWithDevice(t.repos, owner.id, randomDevId());
  await t.repos.nodes.replaceList(devId, [
    { name: 'Lounge', addr: 2, type: 'htr', installed: true, lost: false },
  ]);
  await t.repos.nodes.setPart(devId, 'htr', 2, 'status', status);
  const desired = { ...status, locked: true, sync_status: 'pending' };
  const row = await t.repos.commands.insertWithDesired(
    { devId, method: 'POST', path: `/htr/2/${action}`, body: { locked: true } },
    { type: 'htr', addr: 2, part: 'status', body: desired },
  );
  return { devId, id: row.id, desired };
}

describe('writes that record the status as their desired state', () => {
  for (const action of ACTIONS) {
    it(`/${action}: its ack alone ends the pending state, sent at the status path`, async () => {
      const { devId, id, desired } = await waitingWrite(action);
      const { send, updates } = freshIngestProcess(t);
      await send(gatewayTopics.ack(devId), { id, ok: true });
      const synced = { ...desired, sync_status: 'ok' };
      expect((await t.repos.nodes.find(devId, 'htr', 2))?.status).toEqual(synced);
      expect(updates.map(({ path, body }) => ({ path, body }))).toEqual([
        { path: '/htr/2/status', body: synced },
      ]);
    });

    it(`/${action}: a status report while it waits reads pending`, async () => {
      const { devId } = await waitingWrite(action);
      const { send, updates } = freshIngestProcess(t);
      await send(gatewayTopics.up(devId, '/htr/2/status'), { ...status, mtemp: '19.0' });
      // A report merges into what is stored: the desired `locked` it does not name stays.
      const pending = { ...status, locked: true, mtemp: '19.0', sync_status: 'pending' };
      expect((await t.repos.nodes.find(devId, 'htr', 2))?.status).toEqual(pending);
      expect(updates.map(({ path, body }) => ({ path, body }))).toEqual([
        { path: '/htr/2/status', body: pending },
      ]);
    });

    it(`/${action}: a status report and its ack together end the pending state`, async () => {
      const { devId, id } = await waitingWrite(action);
      const { sendAll, updates } = freshIngestProcess(t);
      const reported = { ...status, locked: true };
      await sendAll([
        [gatewayTopics.up(devId, '/htr/2/status'), reported],
        [gatewayTopics.ack(devId), { id, ok: true }],
      ]);
      expect((await t.repos.commands.find(id))?.status).toBe('acked');
      expect((await t.repos.nodes.find(devId, 'htr', 2))?.status).toEqual(reported);
      expect(updates.map(({ path, body }) => ({ path, body }))).toEqual([
        { path: '/htr/2/status', body: { ...reported, sync_status: 'pending' } },
        { path: '/htr/2/status', body: reported },
      ]);
    });
  }
});
