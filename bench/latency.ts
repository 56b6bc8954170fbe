// npm run bench:latency -- [--count 500] [--processes 2] [--proxy nginx|node|in-process]
import './lib/no-delay';
// Command latency: a REST write (POST …/status) until the `update` confirmed by the gateway
// reaches an app socket, through the production mode (proxy, N processes, PostgreSQL, Redis,
// Mosquitto) and a simulated gateway that applies and acknowledges. Beside it, the floor
// of a bare HTTP → MQTT → gateway → MQTT → socket.io round trip measured in the same run.
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { gatewayTopics } from '@hearth/protocol';
import { gatewaySecret, simDevId, startFleet } from '@hearth/simulator';
import { defaultProxy, proxyKindOf, startBenchCluster } from './lib/bench-cluster';
import { measureFloor } from './lib/floor';
import { startMosquitto } from './lib/broker';
import { freshDatabase, SERVICES } from './lib/services';
import { login, seedOwners } from './lib/seed';
import { openAppSocket, type UpdateEvent } from './lib/sockets';
import { ms, report, summary } from './lib/stats';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '500' },
    warmup: { type: 'string', default: '20' },
    processes: { type: 'string', default: '2' },
    // The address in front (lib/bench-cluster.ts): nginx when installed, as in bench:fanout and
    // docs/operations.md; `in-process` was the only choice before nginx.
    proxy: { type: 'string', default: defaultProxy() },
    port: { type: 'string', default: '18180' },
    // 'own': a Mosquitto started for the run with set_tcp_nodelay; 'shared': $BENCH_MQTT_URL.
    broker: { type: 'string', default: 'own' },
    'broker-port': { type: 'string', default: '18830' },
  },
});
const count = Number(values.count);
const warmup = Number(values.warmup);
const processes = Number(values.processes);
const port = Number(values.port);
const proxy = proxyKindOf(values.proxy, ['nginx', 'node', 'in-process']);

const broker =
  values.broker === 'shared' ? undefined : await startMosquitto(Number(values['broker-port']));
const mqttUrl = broker?.url ?? SERVICES.mqtt;
const db = await freshDatabase('hearth_bench_latency');
const { cluster, secrets } = await startBenchCluster({
  processes,
  port,
  databaseUrl: db.url,
  mqttUrl,
  proxy,
});
const stopAll: (() => Promise<unknown>)[] = [
  () => cluster.stop(),
  () => db.drop(),
  async () => broker?.stop(),
];
try {
  // A random dev_id: the shared broker keeps retained messages from earlier runs.
  const base = randomInt(1_000_000, 2 ** 40);
  const [owner] = await seedOwners(db.pool, {
    owners: 1,
    gatewaysPerHome: 1,
    devIdOf: (i) => simDevId(base + i),
  });
  const devId = owner!.devIds[0]!;
  const fleet = await startFleet({
    mqttUrl,
    gateways: [
      {
        devId,
        secret: gatewaySecret(secrets.GATEWAY_KEY!, devId),
        timezone: 'Europe/Madrid',
        nodes: [{ type: 'htr', name: 'Bench heater' }],
      },
    ],
    reportIntervalMs: 3_600_000,
  });
  stopAll.unshift(() => fleet.stop());
  const token = await login(
    cluster.url,
    { id: secrets.CLIENT_ID!, secret: secrets.CLIENT_SECRET! },
    owner!.email,
  );
  const socket = await openAppSocket(cluster.url, token, devId);
  stopAll.unshift(async () => socket.close());
  const addr = fleet.gateways[0]!.nodes[0]!.addr;
  const path = `/htr/${addr}/status`;

  // Wait until the gateway's announcement is stored: the node exists and can be written.
  for (let i = 0; ; i++) {
    const res = await fetch(`${cluster.url}/api/v2/devs/${devId}/htr/${addr}/status`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.ok) break;
    if (i > 100) throw new Error(`node never appeared: ${res.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  // Where the time goes: an observer on the gateway's topics timestamps the command, the
  // gateway's status report and its ack as the broker hands them out; the socket's first
  // pending update of the new value is the desired state the REST path shows before it publishes.
  const watch = await mqtt.connectAsync(mqttUrl, { clean: true });
  stopAll.unshift(() => watch.endAsync());
  const marks: Partial<Record<'cmd' | 'status' | 'ack' | 'desired', number>> = {};
  watch.on('message', (topic, payload, packet) => {
    if (packet.retain) return;
    if (topic === gatewayTopics.cmd(devId)) marks.cmd ??= performance.now();
    else if (topic === gatewayTopics.up(devId, path)) marks.status ??= performance.now();
    else if (topic === gatewayTopics.ack(devId)) marks.ack ??= performance.now();
    void payload;
  });
  await watch.subscribeAsync(
    [gatewayTopics.cmd(devId), gatewayTopics.up(devId, path), gatewayTopics.ack(devId)],
    { qos: 0 },
  );
  const stages = {
    'REST → desired (pending) update on the socket': [] as number[],
    'REST → command at the broker': [] as number[],
    'command → gateway status report': [] as number[],
    'status report → gateway ack': [] as number[],
    'ack → confirmed update on the socket': [] as number[],
  };

  let waiter: ((u: UpdateEvent) => void) | undefined;
  socket.on('update', (u: UpdateEvent) => waiter?.(u));
  const hearth: number[] = [];
  const rest: number[] = [];
  let lost = 0;
  for (let i = 0; i < warmup + count; i++) {
    const stemp = (16 + (i % 20) * 0.5).toFixed(1);
    for (const k of Object.keys(marks)) delete marks[k as keyof typeof marks];
    const t0 = performance.now();
    const confirmed = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 5000);
      waiter = (u) => {
        if (u.path !== path || u.body.stemp !== stemp) return;
        if (u.body.sync_status === 'pending') {
          marks.desired ??= performance.now();
          return;
        }
        clearTimeout(timer);
        resolve(true);
      };
    });
    const res = await fetch(`${cluster.url}/api/v2/devs/${devId}/htr/${addr}/status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ stemp, units: 'C' }),
    });
    const tRest = performance.now() - t0;
    if (!res.ok) throw new Error(`write failed: ${res.status} ${await res.text()}`);
    const ok = await confirmed;
    if (i < warmup) continue;
    rest.push(tRest);
    if (!ok) {
      lost++;
      continue;
    }
    const tEnd = performance.now();
    hearth.push(tEnd - t0);
    const { cmd, status, ack, desired } = marks;
    if (desired !== undefined)
      stages['REST → desired (pending) update on the socket'].push(desired - t0);
    if (cmd !== undefined && status !== undefined && ack !== undefined) {
      stages['REST → command at the broker'].push(cmd - t0);
      stages['command → gateway status report'].push(status - cmd);
      stages['status report → gateway ack'].push(ack - status);
      stages['ack → confirmed update on the socket'].push(tEnd - ack);
    }
  }
  const floor = await measureFloor(mqttUrl, count, warmup);

  const row = (name: string, s: number[]) => {
    const x = summary(s);
    return {
      path: name,
      n: x.n,
      'p50 ms': ms(x.p50),
      'p95 ms': ms(x.p95),
      'p99 ms': ms(x.p99),
      'max ms': ms(x.max),
    };
  };
  const h = summary(hearth);
  const f = summary(floor);
  report(
    'latency',
    'Command latency (REST write → confirmed update on an app socket)',
    [
      {
        heading: 'Round trips',
        rows: [
          row('Hearth: POST status → gateway → update', hearth),
          row('  of which the REST answer', rest),
          row('Floor: bare HTTP → MQTT → echo → socket.io', floor),
        ],
      },
      {
        heading: 'Stages of the Hearth round trip',
        rows: Object.entries(stages).map(([name, samples]) => row(name, samples)),
        note: 'Times at the broker are when an observing client in this process received the message. The gateway publishes its status report before its ack; the server stores the report, then settles the command when the ack comes, and only then emits the confirmed update.',
      },
      {
        heading: 'Against the targets',
        rows: [
          {
            target: 'p99 < 50 ms on loopback',
            measured: `${ms(h.p99)} ms`,
            met: h.p99 < 50 ? 'yes' : 'no',
          },
          {
            target: 'p99 within 3× the floor p99',
            measured: `${(h.p99 / f.p99).toFixed(1)}×`,
            met: h.p99 <= 3 * f.p99 ? 'yes' : 'no',
          },
          {
            target: 'no write unconfirmed after 5 s',
            measured: `${lost} lost`,
            met: lost === 0 ? 'yes' : 'no',
          },
        ],
      },
    ],
    {
      count,
      warmup,
      processes,
      proxy: values.proxy,
      broker: broker ? `own mosquitto :${broker.port} (set_tcp_nodelay)` : mqttUrl,
    },
  );
} finally {
  for (const stop of stopAll)
    await stop().catch((err: Error) => console.error(`cleanup: ${err.message}`));
}
process.exit(0);
