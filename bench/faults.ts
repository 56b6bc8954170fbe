// npm run faults -- [--gateways 10] [--seconds 12] [--kill-at 4] [--processes 2]
// kill -9 a server process under write load: every acknowledged write must be stored,
// reach its gateway and be the state the home ends in; app sockets on the dead process
// must reconnect to the others. Prints what it checked; exits non-zero when a check fails.
import './lib/no-delay';
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Socket } from 'socket.io-client';
import { gatewaySecret, simDevId, startFleet } from '@hearth/simulator';
import { benchSecrets, startCluster } from '../scripts/cluster-lib';
import { startMosquitto } from './lib/broker';
import { freshDatabase, SERVICES } from './lib/services';
import { login, seedOwners } from './lib/seed';
import { openAppSocket } from './lib/sockets';
import { report, type Row } from './lib/stats';

const { values } = parseArgs({
  options: {
    gateways: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '12' },
    'kill-at': { type: 'string', default: '4' },
    processes: { type: 'string', default: '2' },
    port: { type: 'string', default: '18580' },
    'broker-port': { type: 'string', default: '18833' },
  },
});
const gateways = Number(values.gateways);
const seconds = Number(values.seconds);
const killAt = Number(values['kill-at']);
const processes = Number(values.processes);
const port = Number(values.port);
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const broker = await startMosquitto(Number(values['broker-port']));
const db = await freshDatabase('hearth_bench_faults');
const secrets = benchSecrets();
const cleanup: (() => Promise<unknown>)[] = [() => db.drop(), () => broker.stop()];
let failed = false;
try {
  const cluster = await startCluster({
    processes,
    port,
    basePort: port + 1,
    stdio: 'ignore',
    env: {
      ...secrets,
      DATABASE_URL: db.url,
      REDIS_URL: SERVICES.redis,
      MQTT_URL: broker.url,
      LOG_LEVEL: 'warn',
    },
    log,
  });
  cleanup.unshift(() => cluster.stop());
  const first = randomInt(1_000_000, 2 ** 40);
  const [owner] = await seedOwners(db.pool, {
    owners: 1,
    gatewaysPerHome: gateways,
    devIdOf: (i) => simDevId(first + i),
  });
  const devIds = owner!.devIds;
  const fleet = await startFleet({
    mqttUrl: broker.url,
    gateways: devIds.map((devId) => ({
      devId,
      secret: gatewaySecret(secrets.GATEWAY_KEY!, devId),
      timezone: 'Europe/Madrid',
      nodes: [{ type: 'htr' as const, name: 'Heater' }],
    })),
    reportIntervalMs: 3_600_000,
  });
  cleanup.unshift(() => fleet.stop());
  for (let i = 0; ; i++) {
    const { rows } = await db.pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM nodes WHERE status IS NOT NULL',
    );
    if (Number(rows[0]!.n) >= gateways) break;
    if (i > 300) throw new Error('announcements were not stored in time');
    await sleep(100);
  }
  const token = await login(
    cluster.url,
    { id: secrets.CLIENT_ID!, secret: secrets.CLIENT_SECRET! },
    owner!.email,
  );
  const sockets: Socket[] = [];
  for (const devId of devIds) sockets.push(await openAppSocket(cluster.url, token, devId));
  cleanup.unshift(async () => sockets.forEach((s) => s.close()));
  let dropped = 0;
  let reconnected = 0;
  for (const s of sockets) {
    s.on('disconnect', () => dropped++);
    s.io.on('reconnect', () => reconnected++);
  }

  const acknowledged = new Map<string, string[]>(devIds.map((d) => [d, []]));
  const refused = new Map<number | string, number>();
  let running = true;
  const writers = devIds.map(async (devId, w) => {
    for (let i = 0; running; i++) {
      const stemp = (10 + ((i * 7 + w) % 40) * 0.5).toFixed(1);
      try {
        const res = await fetch(`${cluster.url}/api/v2/devs/${devId}/htr/1/status`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ stemp, units: 'C' }),
        });
        await res.arrayBuffer();
        if (res.ok) acknowledged.get(devId)!.push(stemp);
        else refused.set(res.status, (refused.get(res.status) ?? 0) + 1);
      } catch (err) {
        const key = (err as Error).message;
        refused.set(key, (refused.get(key) ?? 0) + 1);
      }
    }
  });
  await sleep(killAt * 1000);
  const pid = cluster.processes[0]!.child?.pid;
  cluster.crash(0);
  log(`kill -9 process 0 (pid ${pid}) under load`);
  await sleep((seconds - killAt) * 1000);
  running = false;
  await Promise.all(writers);
  const acked = [...acknowledged.values()].reduce((n, l) => n + l.length, 0);
  log(`${acked} writes acknowledged; waiting for the gateways to confirm them`);

  let pending = -1;
  for (let i = 0; i < 60; i++) {
    const { rows } = await db.pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM commands WHERE status = 'pending'",
    );
    pending = Number(rows[0]!.n);
    if (pending === 0) break;
    await sleep(500);
  }
  const { rows: commandRows } = await db.pool.query<{
    dev_id: string;
    stemp: string;
    status: string;
  }>(
    "SELECT dev_id, body->>'stemp' AS stemp, status FROM commands WHERE path = '/htr/1/status' ORDER BY seq",
  );
  const { rows: nodeRows } = await db.pool.query<{
    dev_id: string;
    stemp: string;
    sync: string | null;
  }>(
    "SELECT dev_id, status->>'stemp' AS stemp, status->>'sync_status' AS sync FROM nodes WHERE type = 'htr'",
  );
  let missing = 0;
  let wrongFinal = 0;
  for (const devId of devIds) {
    const stored = commandRows.filter((r) => r.dev_id === devId).map((r) => r.stemp);
    // Acknowledged writes must appear in the stored commands in the order they were made.
    let k = 0;
    for (const stemp of acknowledged.get(devId)!) {
      while (k < stored.length && stored[k] !== stemp) k++;
      if (k === stored.length) missing++;
      else k++;
    }
    const last = acknowledged.get(devId)!.at(-1);
    const node = nodeRows.find((r) => r.dev_id === devId);
    if (last !== undefined && node?.stemp !== last) wrongFinal++;
  }
  const stored = commandRows.length;
  const checks: Row[] = [
    {
      check: 'acknowledged writes stored as commands, in order',
      result: `${acked - missing}/${acked}`,
      ok: missing === 0 ? 'yes' : 'NO',
    },
    {
      check: 'commands still pending after 30 s',
      result: pending,
      ok: pending === 0 ? 'yes' : 'NO',
    },
    {
      check: 'homes whose final set point is the last acknowledged write',
      result: `${gateways - wrongFinal}/${gateways}`,
      ok: wrongFinal === 0 ? 'yes' : 'NO',
    },
    {
      check: 'app sockets dropped by the kill / reconnected',
      result: `${dropped} / ${reconnected}`,
      ok: reconnected >= dropped ? 'yes' : 'NO',
    },
  ];
  failed = checks.some((c) => c.ok !== 'yes');
  report(
    'faults',
    'Fault: kill -9 a server process under write load',
    [
      { heading: 'Checks', rows: checks },
      {
        heading: 'Load',
        rows: [
          { measure: 'writes acknowledged (2xx)', value: acked },
          { measure: 'commands stored (acknowledged or not)', value: stored },
          {
            measure: 'writes not acknowledged',
            value: [...refused].map(([k, v]) => `${k}×${v}`).join(', ') || '0',
          },
          { measure: 'proxy routing per process', value: cluster.proxy.routed.join(' / ') },
        ],
        note: 'A write the proxy could not deliver, or that died with the process, is not acknowledged; the client would retry it. Only acknowledged writes are held to the guarantee.',
      },
    ],
    { gateways, seconds, killAt, processes },
  );
} finally {
  for (const c of cleanup)
    await c().catch((err: Error) => console.error(`cleanup: ${err.message}`));
}
process.exit(failed ? 1 : 0);
