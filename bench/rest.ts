// npm run bench:rest -- [--homes 20] [--concurrency 32] [--seconds 10] [--processes 2]
// REST throughput and latency of the common reads (grouped_devs, dev_data, samples) under
// concurrent load, through the production address (proxy → N processes → PostgreSQL).
import './lib/no-delay';
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { gatewaySecret, simDevId, startFleet } from '@hearth/simulator';
import { startBenchCluster } from './lib/bench-cluster';
import { startMosquitto } from './lib/broker';
import { freshDatabase } from './lib/services';
import { mintToken, seedOwners } from './lib/seed';
import { ms, report, summary, type Row } from './lib/stats';

const { values } = parseArgs({
  options: {
    homes: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '10' },
    processes: { type: 'string', default: '2' },
    port: { type: 'string', default: '18380' },
    'broker-port': { type: 'string', default: '18832' },
  },
});
const homes = Number(values.homes);
const concurrency = Number(values.concurrency);
const seconds = Number(values.seconds);
const processes = Number(values.processes);
const port = Number(values.port);
const DAY = 86_400;

const broker = await startMosquitto(Number(values['broker-port']));
const db = await freshDatabase('hearth_bench_rest');
const cleanup: (() => Promise<unknown>)[] = [() => db.drop(), () => broker.stop()];
try {
  const { cluster, secrets } = await startBenchCluster({
    processes,
    port,
    databaseUrl: db.url,
    mqttUrl: broker.url,
  });
  cleanup.unshift(() => cluster.stop());
  const first = randomInt(1_000_000, 2 ** 40);
  const owners = await seedOwners(db.pool, {
    owners: homes,
    gatewaysPerHome: 1,
    devIdOf: (i) => simDevId(first + i),
  });
  // Real announcements fill the nodes (house preset), so dev_data is the size users see.
  const fleet = await startFleet({
    mqttUrl: broker.url,
    gateways: owners.map((o) => ({
      devId: o.devIds[0]!,
      secret: gatewaySecret(secrets.GATEWAY_KEY!, o.devIds[0]!),
      timezone: 'Europe/Madrid',
    })),
    reportIntervalMs: 3_600_000,
  });
  cleanup.unshift(() => fleet.stop());
  const expected = fleet.gateways.reduce((n, g) => n + g.nodes.length, 0);
  for (let i = 0; ; i++) {
    const { rows } = await db.pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM nodes WHERE setup IS NOT NULL',
    );
    if (Number(rows[0]!.n) >= expected) break;
    if (i > 300) throw new Error('announcements were not stored in time');
    await new Promise((r) => setTimeout(r, 200));
  }
  // A week of quarter-hour samples per heater, as a gateway would have reported them.
  const now = Math.floor(Date.now() / 1000 / 900) * 900;
  await db.pool.query(
    `INSERT INTO samples (dev_id, type, addr, t, temp, counter)
     SELECT n.dev_id, n.type, n.addr, $1::bigint - g * 900, 19 + (g % 40) / 10.0, 100000 - g * 12
     FROM nodes n CROSS JOIN generate_series(0, 7 * 96 - 1) AS g WHERE n.type <> 'pmo'`,
    [now],
  );
  const tokens = await Promise.all(owners.map((o) => mintToken(secrets.JWT_SECRET!, o)));
  const heaters = fleet.gateways.map((g) => ({
    devId: g.devId,
    node: g.nodes.find((n) => n.type === 'htr')!,
  }));

  const endpoints: { name: string; url: (i: number) => string }[] = [
    { name: 'GET /api/v2/grouped_devs', url: () => '/api/v2/grouped_devs' },
    {
      name: 'GET /api/v2/devs/{dev}/dev_data',
      url: (i) => `/api/v2/devs/${heaters[i]!.devId}/dev_data`,
    },
    {
      name: 'GET …/htr/{addr}/samples (1 day)',
      url: (i) =>
        `/api/v2/devs/${heaters[i]!.devId}/htr/${heaters[i]!.node.addr}/samples?start=${now - DAY}&end=${now}`,
    },
  ];
  const rows: Row[] = [];
  for (const ep of endpoints) {
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          const i = randomInt(owners.length);
          const t0 = performance.now();
          const res = await fetch(`${cluster.url}${ep.url(i)}`, {
            headers: { authorization: `Bearer ${tokens[i]}` },
          });
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const s = summary(latencies);
    rows.push({
      endpoint: ep.name,
      requests: s.n,
      'req/s': (s.n / elapsed).toFixed(0),
      'p50 ms': ms(s.p50),
      'p99 ms': ms(s.p99),
      statuses: [...statuses].map(([k, v]) => `${k}×${v}`).join(' '),
    });
  }
  report(
    'rest',
    'REST reads under concurrent load',
    [
      {
        heading: 'Throughput and latency',
        rows,
        note: 'Through the proxy; each request picks a random home of the seeded owners. A status other than 200 means the route answered something else (e.g. 404 when this build does not serve it).',
      },
    ],
    { homes, concurrency, seconds, processes },
  );
} finally {
  for (const c of cleanup)
    await c().catch((err: Error) => console.error(`cleanup: ${err.message}`));
}
process.exit(0);
