// npm run bench:fanout -- [--gateways 2000] [--nodes 5] [--sockets 2000] [--processes 2]
//                         [--seconds 60] [--report-ms 30000] [--waves 1] [--aligned] [--fleet-nice 0]
//                         [--proxy nginx|node] [--client light|socket.io]
// Fan-out: a simulated fleet (gateways × nodes) reporting through the broker to N server
// processes, and app sockets (one per gateway, spread over the processes by the proxy)
// receiving the updates. Measures updates delivered per second and the delay from the
// gateway's publication to the socket's `update`. Each simulated gateway reports at its own
// point of the interval, as the gateways of a real fleet do; `--aligned` makes every gateway
// report on the same beat (a stress case: the whole fleet's reports in one burst).
import './lib/no-delay';
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, setPriority } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { simDevId } from '@hearth/simulator';
import { defaultProxy, proxyKindOf, startBenchCluster } from './lib/bench-cluster';
import { startMosquitto } from './lib/broker';
import { pidsNamed, startCpuMeter } from './lib/cpu-time';
import { observeGateways } from './lib/observer';
import { freshDatabase } from './lib/services';
import { mintToken, seedOwners } from './lib/seed';
import { openLightSocket } from './lib/light-socket';
import { openAppSocket, openMany, type UpdateEvent } from './lib/sockets';
import { ms, report, summary } from './lib/stats';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    gateways: { type: 'string', default: '2000' },
    nodes: { type: 'string', default: '5' },
    sockets: { type: 'string', default: '2000' },
    processes: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '60' },
    'report-ms': { type: 'string', default: '30000' },
    waves: { type: 'string', default: '1' },
    aligned: { type: 'boolean', default: false },
    // A diagnostic: the fleet at a lower CPU priority (nice), as gateways that run elsewhere
    // would not take the servers' cores. Not the default: the default keeps every part equal.
    'fleet-nice': { type: 'string', default: '0' },
    // The address in front: nginx (Debian's, when installed: the default then) or the Node
    // proxy (scripts/proxy.ts) in a process of its own.
    proxy: { type: 'string', default: defaultProxy() },
    // The app sockets: `light` (bench/lib/light-socket.ts, the protocol over `ws`, so 2,000 of
    // them take less of the cores the servers need) or `socket.io` (socket.io-client).
    client: { type: 'string', default: 'light' },
    port: { type: 'string', default: '18280' },
    'broker-port': { type: 'string', default: '18831' },
  },
});
const gateways = Number(values.gateways);
const nodesPer = Number(values.nodes);
const sockets = Math.min(Number(values.sockets), gateways);
const processes = Number(values.processes);
const seconds = Number(values.seconds);
const reportMs = Number(values['report-ms']);
const waves = Math.max(1, Number(values.waves));
const aligned = values.aligned;
const fleetNice = Number(values['fleet-nice']);
const port = Number(values.port);
if (values.client !== 'light' && values.client !== 'socket.io')
  throw new Error('--client is light or socket.io');
const proxyKind = proxyKindOf(values.proxy, ['nginx', 'node']);
/** What the bench needs of an app socket, whichever client opened it. */
interface BenchSocket {
  on(event: 'update', listener: (u: UpdateEvent) => void): unknown;
  on(event: 'disconnect', listener: () => void): unknown;
  close(): unknown;
}
/** How long after the window the bench waits for the updates of its last publications. */
const DRAIN_MS = 10_000;
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const broker = await startMosquitto(Number(values['broker-port']));
const db = await freshDatabase('hearth_bench_fanout');
const cleanup: (() => Promise<unknown>)[] = [() => db.drop(), () => broker.stop()];
const run = async () => {
  const { cluster, secrets } = await startBenchCluster({
    processes,
    port,
    databaseUrl: db.url,
    mqttUrl: broker.url,
    // 2,000 sockets' frames pass through the proxy: in a process of its own, as a load
    // balancer would be, not in this one's event loop beside the clients that time them.
    proxy: proxyKind,
  });
  cleanup.unshift(() => cluster.stop());
  const first = randomInt(1_000_000, 2 ** 40);
  const owners = await seedOwners(db.pool, {
    owners: gateways,
    gatewaysPerHome: 1,
    devIdOf: (i) => simDevId(first + i),
  });
  log(`seeded ${owners.length} owners, homes and gateways`);

  // The fleet runs in its own processes (the simulator's CLI), as gateways would be elsewhere:
  // `--waves` of them, started a report interval / waves apart (with `--aligned`, each wave's
  // gateways report together; without it each gateway has its own phase anyway).
  const fleetPids: (number | undefined)[] = [];
  const startWave = (firstIndex: number, count: number) => {
    const fleet = spawn(
      process.execPath,
      [
        // FLEET_NODE_ARGS: flags for the fleet's Node, e.g. `--cpu-prof` (refused in NODE_OPTIONS).
        ...(process.env.FLEET_NODE_ARGS ?? '').split(/\s+/).filter(Boolean),
        '--import',
        'tsx',
        '--import',
        join(ROOT, 'bench/lib/no-delay.ts'),
        join(ROOT, 'packages/simulator/src/cli.ts'),
        '--url',
        broker.url,
        '--gateways',
        String(count),
        '--nodes',
        String(nodesPer),
        '--first',
        String(firstIndex),
        '--key',
        secrets.GATEWAY_KEY!,
        '--report-ms',
        String(reportMs),
        '--timezone',
        'Europe/Madrid',
        ...(aligned ? ['--aligned'] : []),
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    fleetPids.push(fleet.pid);
    if (fleetNice !== 0 && fleet.pid !== undefined) setPriority(fleet.pid, fleetNice);
    cleanup.unshift(
      () =>
        new Promise<void>((r) =>
          fleet.exitCode !== null ? r() : (fleet.once('exit', () => r()), fleet.kill('SIGTERM')),
        ),
    );
    return new Promise<void>((resolveStarted, reject) => {
      fleet.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Ctrl-C')) resolveStarted();
      });
      fleet.once('exit', (code) => reject(new Error(`simulator exited ${code}`)));
    });
  };
  for (let w = 0, done = 0; w < waves; w++) {
    const count = Math.round((gateways * (w + 1)) / waves) - done;
    const began = performance.now();
    await startWave(first + done, count);
    done += count;
    const rest = reportMs / waves - (performance.now() - began);
    if (w < waves - 1 && rest > 0) await new Promise((r) => setTimeout(r, rest));
  }
  log(
    `${gateways} gateways × ${nodesPer} nodes connected; waiting for their announcements to be stored`,
  );
  const expected = gateways * nodesPer;
  for (let last = -1; ;) {
    const { rows } = await db.pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM nodes WHERE setup IS NOT NULL',
    );
    const n = Number(rows[0]!.n);
    if (n >= expected) break;
    if (n === last) log(`  ${n}/${expected} nodes stored`);
    last = n;
    await new Promise((r) => setTimeout(r, 2000));
  }

  const t0 = performance.now();
  const socketsOpen = await openMany<(typeof owners)[number], BenchSocket>(
    owners.slice(0, sockets),
    40,
    async (o) => {
      const token = await mintToken(secrets.JWT_SECRET!, o);
      return values.client === 'light'
        ? openLightSocket(cluster.url, { token, dev_id: o.devIds[0]! })
        : openAppSocket(cluster.url, token, o.devIds[0]!);
    },
  );
  cleanup.unshift(async () => socketsOpen.forEach((s) => s.close()));
  await new Promise((r) => setTimeout(r, 500)); // the proxy process reports its counts every 250 ms
  log(
    `${socketsOpen.length} sockets open in ${((performance.now() - t0) / 1000).toFixed(1)} s` +
      (cluster.proxy.routed.length ? ` (routed ${cluster.proxy.routed.join(' / ')})` : ''),
  );

  const observer = await observeGateways(broker.url);
  cleanup.unshift(() => observer.stop());
  // The window: publications seen from `start` to `end` are measured, each from the moment
  // the observer saw it to its update, even when that update arrives after `end` (a drain
  // of up to DRAIN_MS), so that the slowest of a burst at the window's end are not left out.
  let start = Infinity;
  let end = Infinity;
  const delays: number[] = [];
  let earlyUpdates = 0;
  observer.onEarlyUpdate = (at) => {
    if (at < start || at > end) return;
    delays.push(0);
    earlyUpdates++;
  };
  socketsOpen.forEach((socket, i) => {
    const devId = owners[i]!.devIds[0]!;
    socket.on('update', (u: UpdateEvent) => {
      if (u.path === '/connected') return;
      const at = observer.take(devId, u.path);
      if (at !== undefined && at >= start && at <= end) delays.push(performance.now() - at);
    });
  });
  const disconnects = { n: 0 };
  socketsOpen.forEach((s) => s.on('disconnect', () => disconnects.n++));
  log(`measuring for ${seconds} s`);
  // This process (app sockets and observer) is part of the measurement: its own lag is in it.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const cpu = startCpuMeter({
    'server processes': () => cluster.processes.map((p) => p.child?.pid),
    'simulated fleet': () => fleetPids,
    'this bench (app sockets, observer)': () => [process.pid],
    proxy: () => [cluster.proxy.pid],
    Mosquitto: () => [broker.child.pid],
    'PostgreSQL (every backend)': () => pidsNamed('postgres'),
    Redis: () => pidsNamed('redis-server'),
  });
  start = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  end = performance.now();
  const elapsed = (end - start) / 1000;
  const published = observer.seenBetween(start, end);
  for (let waited = 0; delays.length < published && waited < DRAIN_MS; waited += 100)
    await new Promise((r) => setTimeout(r, 100));
  lag.disable();
  const cpuRows = cpu.stop(cpus().length);
  const unpaired = [...observer.unpaired(start, end)].map(([k, n]) => `${n} ${k}`).join(', ');

  const rss = cluster.processes.map((p) => {
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p.child?.pid}/status`, 'utf8'))?.[1];
      return `${Math.round(Number(kb) / 1024)} MB`;
    } catch {
      return '?';
    }
  });
  const d = summary(delays);
  report(
    'fanout',
    'Fan-out: simulated fleet → server processes → app sockets',
    [
      {
        heading: 'Delivery',
        rows: [
          { measure: 'gateway objects published in the window (all gateways)', value: published },
          { measure: 'their updates delivered to sockets', value: delays.length },
          {
            measure: `publications with no update ${DRAIN_MS / 1000} s after the window`,
            value: unpaired || 0,
          },
          {
            measure: 'updates per second delivered',
            value: (delays.length / elapsed).toFixed(0),
          },
          {
            measure: 'delay p50 / p95 / p99 / max (ms)',
            value: `${ms(d.p50)} / ${ms(d.p95)} / ${ms(d.p99)} / ${ms(d.max)}`,
          },
          {
            measure: 'of which reached the socket before the observer saw the publication',
            value: earlyUpdates,
          },
          { measure: 'socket disconnects while measuring', value: disconnects.n },
          { measure: 'server RSS at the end', value: rss.join(', ') },
          {
            measure: "this process's event-loop delay p99 / max (ms)",
            value: `${ms(lag.percentile(99) / 1e6)} / ${ms(lag.max / 1e6)}`,
          },
        ],
        note: `Delay: from the broker handing a gateway publication to an observing client in this process to the \`update\` reaching the app socket (both on this process clock), for every publication seen in the window, its update waited for up to ${DRAIN_MS / 1000} s after it. An update that reached its socket before the observer (in this busy process) read the publication counts as a delay of 0. \`/connected\` updates are left out (every process emits them).`,
      },
      {
        heading: 'CPU time while measuring',
        rows: cpuRows,
        note: 'Every part of the run shares the same cores; with `--aligned` nearly all of it falls in the burst.',
      },
      {
        heading: 'Against the targets',
        rows: [
          {
            target: '10,000 nodes and 2,000 sockets',
            measured: `${gateways * nodesPer} nodes, ${socketsOpen.length} sockets, ${processes} processes`,
            met:
              gateways * nodesPer >= 10_000 && socketsOpen.length >= 2000 ? 'yes' : 'smaller run',
          },
          {
            target: 'p99 delivery < 250 ms',
            measured: `${ms(d.p99)} ms`,
            met: d.p99 < 250 ? 'yes' : 'no',
          },
        ],
      },
    ],
    {
      gateways,
      nodes: nodesPer,
      sockets,
      processes,
      seconds,
      reportMs,
      waves,
      reports: aligned ? 'aligned (one beat)' : 'spread over the interval',
      fleetNice,
      proxy: values.proxy,
      client: values.client,
    },
  );
};
const interrupt = () =>
  void Promise.all(cleanup.map((c) => c().catch(() => undefined))).then(() => process.exit(130));
process.once('SIGINT', interrupt);
process.once('SIGTERM', interrupt);
try {
  await run();
} finally {
  for (const c of cleanup)
    await c().catch((err: Error) => console.error(`cleanup: ${err.message}`));
}
process.exit(0);
