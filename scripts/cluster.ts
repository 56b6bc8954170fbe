// `npm run cluster -- --processes N`: N Hearth server processes sharing PostgreSQL, Redis
// and an MQTT broker, behind one address (docs/operations.md "Production mode").
import { parseArgs } from 'node:util';
import { startCluster } from './cluster-lib';

const HELP = `Usage: npm run cluster -- [options]
  --processes <n>   server processes (default 2)
  --port <p>        the one public address (default $PORT or 8080)
  --base-port <p>   first process port; the others follow (default port+1)
  --host <h>        interface for the proxy and the processes (default 127.0.0.1)
  --proxy <kind>    node (scripts/proxy.ts, in this process; the default) or nginx
                    (Debian's nginx, one process, configured by scripts/nginx-proxy.ts)
Environment: DATABASE_URL (postgres://…, required), REDIS_URL (required when n > 1),
MQTT_URL (required when n > 1), CLIENT_SECRET, JWT_SECRET, GATEWAY_KEY (same for all),
and anything else the server reads (packages/server/README.md).`;

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '2' },
    port: { type: 'string' },
    'base-port': { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    proxy: { type: 'string', default: 'node' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const processes = Number(values.processes);
const port = Number(values.port ?? process.env.PORT ?? 8080);
const basePort = Number(values['base-port'] ?? port + 1);
if (!Number.isInteger(processes) || processes < 1) throw new Error('--processes must be ≥ 1');
if (values.proxy !== 'node' && values.proxy !== 'nginx')
  throw new Error('--proxy is node or nginx');

const missing = ['DATABASE_URL', ...(processes > 1 ? ['REDIS_URL', 'MQTT_URL'] : [])].filter(
  (k) => !process.env[k],
);
if (missing.length > 0) {
  console.error(`${missing.join(', ')} must be set: several processes share one database, one`);
  console.error('Redis (socket.io adapter) and one MQTT broker. See docs/operations.md.');
  process.exit(1);
}
if (process.env.NODE_ENV === 'production') {
  const secrets = ['CLIENT_SECRET', 'JWT_SECRET', 'GATEWAY_KEY'].filter((k) => !process.env[k]);
  if (secrets.length > 0) {
    console.error(`${secrets.join(', ')} must be set and equal for every process`);
    process.exit(1);
  }
}

const cluster = await startCluster({
  processes,
  port,
  basePort,
  host: values.host,
  proxy: values.proxy === 'nginx' ? 'nginx' : 'in-process',
  env: { ...process.env },
  log: (line) => console.log(`[cluster] ${line}`),
});
console.log(`\nHearth (${processes} processes) is running at ${cluster.url}`);
for (const p of cluster.processes) console.log(`  process ${p.index}  ${p.url}`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the processes…`);
  cluster.stop().then(
    () => process.exit(0),
    (err: Error) => {
      console.error(err.message);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
