import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devs, groups } from '../db/schema';
import type { Repositories } from '../repositories';
import { getJson, login, postJson } from '../test-support/http';
import { createHomeWithDevice, createUser, randomDevId } from '../test-support/test-hearth';

const SERVER_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DAY = 24 * 3600;

/** Runs an operator command (src/ops/<name>-cli.ts) as an operator would, in its own process. */
export function runOpsCommand(
  name: 'backup' | 'restore' | 'diagnostics',
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/ops/${name}-cli.ts`, ...args], {
      cwd: SERVER_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * A home with two gateways, named heaters, a weekly schedule written through the API (stored
 * and waiting for the gateway), the heaters' reported state, and three days of samples.
 */
export async function populateForBackup(repos: Repositories, url: string) {
  const owner = await createUser(repos, 'backup.owner@example.test', 'backup-owner-pw-1');
  const { homeId, devId } = await createHomeWithDevice(repos, owner.id, randomDevId(), 'Farmhouse');
  const otherDev = randomDevId();
  await repos.devices.claim(otherDev, homeId, {
    name: 'Barn',
    productId: '0002',
    serialId: '01.01',
  });
  const token = (await login(url, owner.email, owner.password)).access_token;
  const end = Math.floor(Date.now() / 1000 / 600) * 600;
  const start = end - 3 * DAY;
  for (const [dev, addrs] of [
    [devId, [1, 2]],
    [otherDev, [1]],
  ] as const) {
    await repos.nodes.replaceList(
      dev,
      addrs.map((addr) => ({
        name: `Heater ${addr}`,
        addr,
        type: 'htr',
        installed: true,
        lost: false,
      })),
    );
    for (const addr of addrs) {
      await repos.nodes.setPart(dev, 'htr', addr, 'status', {
        mode: 'auto',
        stemp: `${19 + addr}.0`,
        mtemp: '19.5',
        units: 'C',
      });
      const samples = [];
      for (let t = start; t <= end; t += 1800)
        samples.push({
          type: 'htr' as const,
          addr,
          t,
          temp: (18 + ((t / 1800) % 7) / 2).toFixed(1),
          counter: (t - start) / 36 + addr,
        });
      await repos.samples.insertBatch([{ devId: dev, list: samples }]);
    }
  }
  const week = Object.fromEntries(
    ['0', '1', '2', '3', '4', '5', '6'].map((d) => [
      d,
      Array.from({ length: 24 }, (_, h) => (h >= 7 && h < 22 ? 2 : Number(d) % 2)),
    ]),
  );
  const prog = await postJson(`${url}/api/v2/devs/${devId}/htr/1/prog`, { prog: week }, token);
  if (prog.status !== 201 && prog.status !== 200) throw new Error(`prog: ${prog.status}`);
  await repos.nodes.setPart(otherDev, 'htr', 1, 'prog', { prog: week });
  return { owner, homeId, devIds: [devId, otherDev], start, end };
}

/** Everything the owner reads of the home through the API, for comparing two servers. */
export async function readThroughApi(
  url: string,
  owner: { email: string; password: string },
  fixture: { homeId: string; devIds: string[]; start: number; end: number },
) {
  const token = (await login(url, owner.email, owner.password)).access_token;
  const read = async (path: string) => {
    const res = await getJson(`${url}${path}`, token);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return res.body;
  };
  const grouped = await read('/api/v2/grouped_devs');
  const geo = await read(`/api/v2/groups/${fixture.homeId}/geo_data`);
  const devices: Record<string, unknown> = {};
  for (const dev of fixture.devIds) {
    const nodes = (await read(`/api/v2/devs/${dev}/mgr/nodes`)) as { nodes: { addr: number }[] };
    const perNode: Record<string, unknown> = {};
    for (const node of nodes.nodes) {
      const base = `/api/v2/devs/${dev}/htr/${node.addr}`;
      perNode[node.addr] = {
        node: await read(`${base}/`),
        schedule: await read(`${base}/prog`),
        samples: await read(`${base}/samples?start=${fixture.start}&end=${fixture.end}`),
      };
    }
    devices[dev] = { nodes, perNode, devData: await read(`/api/v2/devs/${dev}/dev_data`) };
  }
  return { grouped, geo, devices };
}

/**
 * Writes while a backup is taken: each transaction adds a home and its gateway, so a copy
 * holding one without the other caught a transaction half done.
 */
export function writeWhileBackingUp(db: Db, ownerId: string) {
  let running = true;
  let committed = 0;
  const loop = (async () => {
    while (running) {
      const n = committed;
      await db.transaction(async (tx) => {
        const [home] = await tx
          .insert(groups)
          .values({ ownerId, name: `load-${n}` })
          .returning({ id: groups.id });
        if (!home) throw new Error('no home inserted');
        // Open across a turn of the event loop, so that the copy may be taken right here.
        await new Promise((r) => setImmediate(r));
        await tx
          .insert(devs)
          .values({ devId: `load${n}x${randomDevId()}`, groupId: home.id, name: `load-${n}` });
      });
      committed += 1;
      // PGlite answers without touching the event loop: yield, or no timer or socket runs.
      await new Promise((r) => setImmediate(r));
    }
  })();
  // A failed write ends the loop: whoever waits on it hears why instead of waiting forever.
  const failed = loop.then(
    () => new Promise<never>(() => undefined),
    (err: unknown) => Promise.reject(err instanceof Error ? err : new Error(String(err))),
  );
  return {
    /** Resolves once `n` transactions are committed, with how many are. */
    async atLeast(n: number): Promise<number> {
      const reached = (async () => {
        while (committed < n) await new Promise((r) => setTimeout(r, 10));
        return committed;
      })();
      return Promise.race([reached, failed]);
    },
    async stop() {
      running = false;
      await loop;
      return committed;
    },
  };
}

/** Homes and gateways the load wrote: equal when no transaction was cut in two. */
export async function loadRows(db: Db): Promise<{ homes: number; gateways: number }> {
  const result = (await db.execute(sql`select
      (select count(*) from groups where name like 'load-%')::int as homes,
      (select count(*) from devs where name like 'load-%')::int as gateways`)) as unknown as {
    rows: Array<{ homes: number; gateways: number }>;
  };
  return result.rows[0]!;
}
