import { parseArgs } from 'node:util';
import { startFleet, windowsOption } from './fleet';
import { gatewaySecret, simDevId } from './identity';
import { DEFAULT_SOFTAP_PORT, startSoftAp, type SoftAp } from './softap';
import type { GatewaySpec, NodeSpec } from './types';

const HELP = `Usage: npm run sim -- [options]
  --url <url>          broker: mqtt://127.0.0.1:1883 or ws://host:port/mqtt (default $MQTT_URL or mqtt://127.0.0.1:1883)
  --gateways <n>       number of gateways (default 1)
  --nodes <m>          nodes per gateway: m-1 heaters (every 4th a storage heater) and a power monitor;
                       without it each gateway is the "house" preset
  --preset <name>      house | flat (when --nodes is not given)
  --key <key>          gateway key of the server (default $GATEWAY_KEY)
  --first <i>          index of the first dev_id (default 0)
  --timezone <tz>      time zone of the homes (default the system's)
  --report-ms <ms>     report interval (default 30000)
  --aligned            every gateway reports on the same beat (default: each at its own point
                       in the interval, as a real fleet's gateways, powered up at different times)
  --seed <n>           RNG seed (default 1)
  --windows <w>        aired | shut: shut keeps every room's window shut for the whole run
                       (default aired: the simulated day airs a window now and then)
  --softap            also serve the SoftAP provisioning API of a wifi heater
  --softap-port <p>   its port (default ${DEFAULT_SOFTAP_PORT})
  --help`;

/** Nodes for --nodes m: heaters first, the power monitor last. */
function nodesFor(m: number): NodeSpec[] {
  const nodes: NodeSpec[] = [];
  const heaters = m >= 2 ? m - 1 : m;
  for (let i = 1; i <= heaters; i++) {
    nodes.push(
      i % 4 === 0
        ? { type: 'acm', name: `Storage heater ${i}` }
        : { type: 'htr', name: `Heater ${i}` },
    );
  }
  if (m >= 2) nodes.push({ type: 'pmo', name: 'Main meter' });
  return nodes;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      gateways: { type: 'string' },
      nodes: { type: 'string' },
      preset: { type: 'string' },
      key: { type: 'string' },
      first: { type: 'string' },
      timezone: { type: 'string' },
      'report-ms': { type: 'string' },
      aligned: { type: 'boolean', default: false },
      seed: { type: 'string' },
      windows: { type: 'string' },
      softap: { type: 'boolean' },
      'softap-port': { type: 'string' },
      help: { type: 'boolean' },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const key = values.key ?? process.env.GATEWAY_KEY;
  if (!key)
    throw new Error('a gateway key is needed: --key <GATEWAY_KEY> or the GATEWAY_KEY variable');
  const url = values.url ?? process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
  const count = int(values.gateways, 1, 'gateways');
  const first = int(values.first, 0, 'first');
  const nodeCount = values.nodes === undefined ? undefined : int(values.nodes, 0, 'nodes');
  const preset = values.preset === 'flat' ? 'flat' : 'house';
  const windows = windowsOption(values.windows, '--windows');
  const timezone = values.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  const specs: GatewaySpec[] = Array.from({ length: count }, (_, i) => {
    const devId = simDevId(first + i);
    const base = { devId, secret: gatewaySecret(key, devId), timezone };
    return nodeCount === undefined ? { ...base, preset } : { ...base, nodes: nodesFor(nodeCount) };
  });

  const fleet = await startFleet({
    mqttUrl: url,
    gateways: specs,
    reportIntervalMs: int(values['report-ms'], 30_000, 'report-ms'),
    reportPhase: values.aligned ? 'aligned' : 'spread',
    seed: int(values.seed, 1, 'seed'),
    windows,
    logger: { info: console.log, warn: console.warn, error: console.error },
  });
  console.log(`Simulating ${count} gateway(s) on ${url} in ${timezone}:`);
  for (const g of fleet.gateways) {
    const nodes = g.nodes.map((n) => `${n.type}/${n.addr} ${n.name}`).join(', ');
    console.log(`  ${g.devId} ${g.connected ? 'connected' : 'connecting…'}: ${nodes}`);
  }

  let softAp: SoftAp | undefined;
  if (values.softap) {
    const port = int(values['softap-port'], DEFAULT_SOFTAP_PORT, 'softap-port');
    softAp = await startSoftAp({ port, host: '0.0.0.0' });
    console.log(`SoftAP provisioning API on ${softAp.url} (GET /info, POST /mgr/wifi/network)`);
  }
  console.log('Ctrl-C stops.');

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping: gateways report connected false…');
    Promise.all([fleet.stop(), softAp?.close()])
      .then(() => process.exit(0))
      .catch((err: Error) => {
        console.error(err.message);
        process.exit(1);
      });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
