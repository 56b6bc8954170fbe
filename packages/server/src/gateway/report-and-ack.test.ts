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

// A gateway answers a write with the object's new state and then its ack; arriving together,
// the two are stored and settled in one statement (ingest.service.ts `handlePair`). Every
// case here is played twice, on two devices in the same starting state: the messages one at
// a time, and together; what is stored and what the sockets are sent must be the same.
let t: TestHearth;
useTestHearth((started) => (t = started));

const status = { mode: 'manual', stemp: '21.0', mtemp: '19.5', units: 'C' };
type Path = '/htr/2/status' | '/htr/2/setup' | '/htr/2/prog';
type Ack = { id: string; ok: boolean; error?: string };

interface Case {
  /** Writes waiting for the gateway before its answer, by path. */
  writes: Path[];
  report: { path: '/htr/2/status' | '/htr/2/setup'; body: Record<string, unknown> };
  /** The ack: of the write at this index, or a literal ack. */
  ack: (ids: string[]) => Ack;
  /** Writes already acknowledged before (a duplicate ack names one of them). */
  settledFirst?: number[];
}

async function play(c: Case, together: boolean) {
  const owner = await createUser(t.repos, `owner-${randomDevId()}@example.com`);
  const { devId } = await createHomeWithDevice(t.repos, owner.id, randomDevId());
  await t.repos.nodes.replaceList(devId, [
    { name: 'Lounge', addr: 2, type: 'htr', installed: true, lost: false },
  ]);
  const ids: string[] = [];
  for (const path of c.writes) {
    const desired = { type: 'htr', addr: 2, part: 'status' as const, body: { stemp: '9.0' } };
    const row = path.endsWith('/status')
      ? await t.repos.commands.insertWithDesired(
          { devId, method: 'POST', path, body: { stemp: '9.0' } },
          { ...desired, body: { ...status, stemp: '9.0', sync_status: 'pending' } },
        )
      : await t.repos.commands.insert({ devId, method: 'POST', path, body: {} });
    ids.push(row.id);
  }
  for (const i of c.settledFirst ?? []) await t.repos.commands.settle(devId, ids[i]!, true);
  const { ingest, updates: sent } = freshIngestProcess(t);
  const report = {
    topic: gatewayTopics.up(devId, c.report.path),
    payload: Buffer.from(JSON.stringify(c.report.body)),
  };
  const ack = {
    topic: gatewayTopics.ack(devId),
    payload: Buffer.from(JSON.stringify(c.ack(ids))),
  };
  if (together) await ingest.handleAll([report, ack]);
  else {
    await ingest.handleAll([report]);
    await ingest.handleAll([ack]);
  }
  const node = await t.repos.nodes.find(devId, 'htr', 2);
  const commands = await Promise.all(
    ids.map(async (id) => {
      const row = await t.repos.commands.find(id);
      return { status: row?.status, error: row?.error, acked: row?.ackedAt !== null };
    }),
  );
  // Without the dev_id: the two plays of a case run on two devices.
  const updates = sent.map(({ path, body }) => ({ path, body }));
  return { status: node?.status, setup: node?.setup, commands, updates };
}

const cases: Record<string, Case> = {
  'the only write to the status, acknowledged': {
    writes: ['/htr/2/status'],
    report: { path: '/htr/2/status', body: { ...status, stemp: '22.0' } },
    ack: (ids) => ({ id: ids[0]!, ok: true }),
  },
  'the only write, refused by the device': {
    writes: ['/htr/2/status'],
    report: { path: '/htr/2/status', body: status },
    ack: (ids) => ({ id: ids[0]!, ok: false, error: 'busy' }),
  },
  'the first of two writes to the status': {
    writes: ['/htr/2/status', '/htr/2/status'],
    report: { path: '/htr/2/status', body: { ...status, stemp: '22.0' } },
    ack: (ids) => ({ id: ids[0]!, ok: true }),
  },
  'the last of two writes, the first acknowledged before': {
    writes: ['/htr/2/status', '/htr/2/status'],
    settledFirst: [0],
    report: { path: '/htr/2/status', body: { ...status, stemp: '22.0' } },
    ack: (ids) => ({ id: ids[1]!, ok: true }),
  },
  'a status report and the ack of a setup write': {
    writes: ['/htr/2/status', '/htr/2/setup'],
    report: { path: '/htr/2/status', body: status },
    ack: (ids) => ({ id: ids[1]!, ok: true }),
  },
  'a setup report and its ack': {
    writes: ['/htr/2/setup'],
    report: { path: '/htr/2/setup', body: { units: 'C', window_mode_enabled: true } },
    ack: (ids) => ({ id: ids[0]!, ok: true }),
  },
  'a status report and the ack of a programme write (never pending)': {
    writes: ['/htr/2/prog'],
    report: { path: '/htr/2/status', body: status },
    ack: (ids) => ({ id: ids[0]!, ok: true }),
  },
  'an ack repeated after the write was settled': {
    writes: ['/htr/2/status'],
    settledFirst: [0],
    report: { path: '/htr/2/status', body: status },
    ack: (ids) => ({ id: ids[0]!, ok: true }),
  },
  'an ack of an unknown write': {
    writes: ['/htr/2/status'],
    report: { path: '/htr/2/status', body: status },
    ack: () => ({ id: '00000000-0000-4000-8000-000000000000', ok: true }),
  },
  'an ack whose id is not a command id': {
    writes: ['/htr/2/status'],
    report: { path: '/htr/2/status', body: status },
    ack: () => ({ id: 'not-a-command', ok: true }),
  },
  'a report with no write waiting': {
    writes: [],
    report: { path: '/htr/2/status', body: status },
    ack: () => ({ id: '00000000-0000-4000-8000-000000000001', ok: true }),
  },
};

describe('a report followed by its ack', () => {
  for (const [name, c] of Object.entries(cases)) {
    it(`stores and sends the same together as one at a time: ${name}`, async () => {
      const apart = await play(c, false);
      const together = await play(c, true);
      expect(together).toEqual(apart);
    });
  }

  it('ends the pending state of the answered write and sends the object twice', async () => {
    const result = await play(cases['the only write to the status, acknowledged']!, true);
    const reported = { ...status, stemp: '22.0' };
    expect(result.status).toEqual({ ...reported, sync_status: 'ok' });
    expect(result.commands).toEqual([{ status: 'acked', error: null, acked: true }]);
    expect(result.updates).toEqual([
      { path: '/htr/2/status', body: { ...reported, sync_status: 'pending' } },
      { path: '/htr/2/status', body: { ...reported, sync_status: 'ok' } },
    ]);
  });

  it('keeps the object pending while another write to it waits', async () => {
    const result = await play(cases['the first of two writes to the status']!, true);
    expect(result.status).toEqual({ ...status, stemp: '22.0', sync_status: 'pending' });
    expect(result.commands.map((c) => c.status)).toEqual(['acked', 'pending']);
    expect(result.updates).toHaveLength(1);
  });

  it('records a refusal with its reason', async () => {
    const result = await play(cases['the only write, refused by the device']!, true);
    expect(result.commands).toEqual([{ status: 'failed', error: 'busy', acked: true }]);
    expect(result.status).toEqual({ ...status, sync_status: 'ok' });
  });
});
