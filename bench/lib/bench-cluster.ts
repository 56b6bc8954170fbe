// The production mode as every bench runs it: N quiet server processes behind the proxy,
// sharing one fresh database, Redis and a broker, with generated secrets.
import {
  benchSecrets,
  startCluster,
  type Cluster,
  type ProxyKind,
} from '../../scripts/cluster-lib';
import { findNginx } from '../../scripts/nginx-proxy';
import { SERVICES } from './services';

/**
 * The benches' `--proxy` names: nginx, the Node proxy in a process of its own (`node`), or the
 * Node proxy in the bench's own event loop (`in-process`).
 */
const PROXIES = {
  nginx: 'nginx',
  node: 'process',
  'in-process': 'in-process',
} as const satisfies Record<string, ProxyKind>;
export type ProxyName = keyof typeof PROXIES;

/** nginx when installed (the benches' npm scripts install it), else the Node proxy's process. */
export function defaultProxy(): ProxyName {
  return findNginx() ? 'nginx' : 'node';
}

/** The proxy a `--proxy` name stands for, among the ones a bench offers. */
export function proxyKindOf(name: string, offered: readonly ProxyName[]): ProxyKind {
  const known = offered.find((o) => o === name);
  if (!known) throw new Error(`--proxy is one of ${offered.join(', ')}`);
  return PROXIES[known];
}

export interface BenchCluster {
  cluster: Cluster;
  /** The secrets the processes run with (to mint tokens or derive gateway secrets). */
  secrets: ReturnType<typeof benchSecrets>;
}

export async function startBenchCluster(opts: {
  processes: number;
  port: number;
  databaseUrl: string;
  mqttUrl: string;
  /** Which proxy is in front (scripts/cluster-lib.ts; default: in this process). */
  proxy?: ProxyKind;
}): Promise<BenchCluster> {
  const secrets = benchSecrets();
  const cluster = await startCluster({
    processes: opts.processes,
    port: opts.port,
    basePort: opts.port + 1,
    // BENCH_SERVER_LOGS=1 shows the server processes' warnings and errors beside the bench's lines.
    stdio: process.env.BENCH_SERVER_LOGS ? 'inherit' : 'ignore',
    proxy: opts.proxy ?? 'in-process',
    env: {
      ...secrets,
      DATABASE_URL: opts.databaseUrl,
      REDIS_URL: SERVICES.redis,
      MQTT_URL: opts.mqttUrl,
      LOG_LEVEL: 'warn',
    },
  });
  return { cluster, secrets };
}
