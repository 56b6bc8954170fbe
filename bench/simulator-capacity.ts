// npm run bench:sim -- [--gateways 1000] [--seconds 90] [--report-ms 30000]
// Simulator capacity: one process plays `gateways` house-preset gateways (5 nodes each, so
// 5,000 nodes by default) at the default report interval against a Mosquitto of its own,
// and a separate MQTT client counts what arrives. "Keeping up" means every gateway's samples
// arrive once per interval and the event loop is not delayed by the fleet's work.
import './lib/no-delay';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { GATEWAY_TOPIC_ROOT } from '@hearth/protocol';
import { gatewaySecret, simDevId, startFleet } from '@hearth/simulator';
import { startMosquitto } from './lib/broker';
import { report } from './lib/stats';

const { values } = parseArgs({
  options: {
    gateways: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '90' },
    'report-ms': { type: 'string', default: '30000' },
    'broker-port': { type: 'string', default: '18833' },
  },
});
const gateways = Number(values.gateways);
const seconds = Number(values.seconds);
const reportMs = Number(values['report-ms']);
const KEY = 'bench-simulator-capacity';

const broker = await startMosquitto(Number(values['broker-port']));
const counter = await mqtt.connectAsync(broker.url, { clientId: 'bench-counter' });
const samplesBy = new Map<string, number>();
let upMessages = 0;
counter.on('message', (topic) => {
  if (topic.endsWith('/samples')) {
    const devId = topic.split('/')[2] ?? '';
    samplesBy.set(devId, (samplesBy.get(devId) ?? 0) + 1);
  } else upMessages += 1;
});
await counter.subscribeAsync([`${GATEWAY_TOPIC_ROOT}/+/samples`, `${GATEWAY_TOPIC_ROOT}/+/up/#`]);

const specs = Array.from({ length: gateways }, (_, i) => {
  const devId = simDevId(i);
  return { devId, secret: gatewaySecret(KEY, devId), timezone: 'Europe/Madrid' };
});
const connectStart = performance.now();
const fleet = await startFleet({
  mqttUrl: broker.url,
  gateways: specs,
  reportIntervalMs: reportMs,
});
const connectS = (performance.now() - connectStart) / 1000;
const nodes = fleet.gateways.reduce((n, g) => n + g.nodes.length, 0);
console.log(`${gateways} gateways, ${nodes} nodes connected in ${connectS.toFixed(1)} s`);

const loop = monitorEventLoopDelay({ resolution: 10 });
samplesBy.clear();
upMessages = 0;
loop.enable();
const cpuBefore = process.cpuUsage();
await new Promise((r) => setTimeout(r, seconds * 1000));
const cpu = process.cpuUsage(cpuBefore);
loop.disable();

const intervals = (seconds * 1000) / reportMs;
const counts = specs.map((s) => samplesBy.get(s.devId) ?? 0);
const expected = Math.floor(intervals);
const behind = counts.filter((c) => c < expected).length;
const p = (q: number) => (loop.percentile(q) / 1e6).toFixed(1);
report(
  'simulator-capacity',
  'Simulator capacity (one process)',
  [
    {
      heading: 'Delivery and event loop',
      rows: [
        { measure: 'nodes', value: nodes },
        { measure: 'connect time (s)', value: connectS.toFixed(1) },
        { measure: 'samples messages received', value: counts.reduce((a, b) => a + b, 0) },
        { measure: `gateways with fewer than ${expected} samples messages`, value: behind },
        { measure: 'state updates received per second', value: (upMessages / seconds).toFixed(0) },
        { measure: 'event loop delay p50 (ms)', value: p(50) },
        { measure: 'event loop delay p99 (ms)', value: p(99) },
        { measure: 'event loop delay max (ms)', value: (loop.max / 1e6).toFixed(1) },
        {
          measure: 'CPU time per report interval, this process (ms)',
          value: ((cpu.user + cpu.system) / 1000 / intervals).toFixed(0),
        },
      ],
      note: `Verdict: ${behind === 0 ? 'kept up' : 'fell behind'}. Each gateway should send one samples message per interval (${intervals.toFixed(1)} intervals measured). Every gateway reports on the same beat. The CPU time is the fleet's and the counting client's (both in this process).`,
    },
  ],
  { gateways, seconds, reportMs },
);

await fleet.stop();
await counter.endAsync();
await broker.stop();
