import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gatewayTopics, SOCKET_NAMESPACE, type UpdateEvent } from '@hearth/protocol';
import { getJson, login } from '../test-support/http';
import { connectGateway, type TestGateway } from '../test-support/test-gateway';
import {
  createHomeWithDevice,
  createUser,
  randomDevId,
  startTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';
import { isTakenIn, publicationArb, type FuzzPublication } from './gateway-fuzz.arbitraries';

/** Kept small: each run is a round trip through the broker, ingest, database and socket. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
/** Fixed, so that CI replays the same publications; FUZZ_SEED explores further. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

// docs/device-protocol.md: the server drops (and logs) what a gateway publishes outside the
// documented topics and shapes; the channel goes on. So a rejected publication stores nothing
// and pushes no `update` (docs/wire-contract.md §7), and the valid one right after it is stored and pushed.
let t: TestHearth;
let devId: string;
let token: string;
let gw: TestGateway;
let socket: Socket;
const updates: UpdateEvent[] = [];

beforeAll(async () => {
  t = await startTestHearth();
  const owner = await createUser(t.repos, `owner-${randomDevId()}@example.com`);
  ({ devId } = await createHomeWithDevice(t.repos, owner.id, randomDevId()));
  token = (await login(t.url, owner.email, owner.password)).access_token;
  socket = io(`${t.url}${SOCKET_NAMESPACE}`, {
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
  // Not subscribed to its commands: what it publishes at its own `cmd` is no command to it.
  gw = await connectGateway(t.hearth.gatewayMqttUrl(), devId, t.hearth.gatewaySecret(devId), {
    subscribe: false,
  });
  await vi.waitFor(() => expect(updates.map((u) => u.path)).toContain('/connected'));
});
afterAll(async () => {
  socket?.disconnect();
  await gw?.end();
  await t?.stop();
});

type Rows = Array<Record<string, unknown>>;
/** Everything stored for the gateway but `except` (the path of the valid publication). */
async function stored(except: string): Promise<string> {
  const rows = async (query: string) =>
    JSON.stringify(((await t.hearth.db.execute(sql.raw(query))) as unknown as { rows: Rows }).rows);
  const dev = `'${devId}'`;
  return [
    await rows(
      `SELECT path, body::text FROM dev_state WHERE dev_id = ${dev} AND path <> '${except}' ORDER BY path`,
    ),
    await rows(`SELECT row_to_json(n)::text AS r FROM nodes n WHERE dev_id = ${dev} ORDER BY 1`),
    await rows(`SELECT row_to_json(s)::text AS r FROM samples s WHERE dev_id = ${dev} ORDER BY 1`),
    await rows(
      `SELECT row_to_json(d)::text AS r FROM sample_days d WHERE dev_id = ${dev} ORDER BY 1`,
    ),
    await rows(`SELECT count(*)::int AS n FROM commands`),
    await rows(`SELECT dev_id, group_id, name, connected, fw_version FROM devs ORDER BY dev_id`),
  ].join('\n');
}

/**
 * What is stored once the ingest of earlier publications is over: samples a previous run took
 * in are written in batches, after their publication was acknowledged, and must not be taken
 * for something the next publication stored.
 */
async function settled(except: string): Promise<string> {
  // Batched sample writes wait for a quiet second: wait for them rather than for calm.
  await t.hearth.gatewayIdle();
  let last = await stored(except);
  for (let i = 0; i < 30; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await stored(except);
    if (now === last) return now;
    last = now;
  }
  return last;
}

/** The keys the fuzzing adds (`x_…`) found in a value, at any depth (also inside stored JSON text). */
function unknownKeys(value: unknown): string[] {
  if (typeof value === 'string' && /^[[{]/.test(value)) {
    try {
      return unknownKeys(JSON.parse(value));
    } catch {
      return [];
    }
  }
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(k.startsWith('x_') && !Array.isArray(value) ? [k] : []),
    ...unknownKeys(v),
  ]);
}

let run = 0;
/** A well-formed device object at a path other than the fuzzed one, new at every run. */
function validAfter(p: FuzzPublication): { path: string; body: unknown } {
  run += 1;
  if (p.suffix === 'up/mgr/away_status')
    return { path: '/mgr/rtc/time', body: { y: 2000 + run, n: 1, d: 1, h: 0, m: 0, s: 0, w: 6 } };
  return { path: '/mgr/away_status', body: { enabled: run % 2 === 0, away: true, forced: false } };
}

describe('a gateway publishing random and mutated messages under its own root', () => {
  it('never stores or pushes a rejected one, and the next valid one is stored and pushed', async () => {
    await fc.assert(
      fc.asyncProperty(publicationArb, async (p) => {
        const topic = `${gatewayTopics.root(devId)}/${p.suffix}`;
        const valid = validAfter(p);
        const before = await settled(valid.path);
        const seen = updates.length;
        await gw.client.publishAsync(topic, p.payload, { qos: 1 });
        await gw.publishUp(valid.path, valid.body);
        await vi.waitFor(
          () => expect(updates.slice(seen).at(-1)).toEqual({ path: valid.path, body: valid.body }),
          { timeout: 5_000, interval: 10 },
        );
        expect(await t.repos.devices.getState(devId, valid.path)).toEqual(valid.body);
        if (!isTakenIn(topic, p.payload)) {
          expect(updates.slice(seen), topic).toEqual([{ path: valid.path, body: valid.body }]);
          expect(await stored(valid.path), topic).toBe(before);
        } else if (p.suffix.startsWith('up/')) {
          // Taken in, its unknown keys are not, at any depth: neither pushed nor stored.
          const pushed = updates.slice(seen).map((u) => u.body);
          expect(unknownKeys(pushed), topic).toEqual([]);
          expect(
            unknownKeys(JSON.parse(`[${await stored('')}]`.replace(/\n/g, ','))),
            topic,
          ).toEqual([]);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // The server still answers; a fuzzed `connected` may have said false, so say true again.
    await gw.client.publishAsync(gatewayTopics.connected(devId), '{"connected":true}', { qos: 1 });
    await vi.waitFor(() => expect(updates.at(-1)?.path).toBe('/connected'));
    const connected = await getJson(`${t.url}/api/v2/devs/${devId}/connected`, token);
    expect(connected).toEqual({ status: 200, body: { connected: true } });
  }, 120_000);
});
