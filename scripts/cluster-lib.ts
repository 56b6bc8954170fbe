// Several Hearth server processes behind one address (docs/operations.md). Used by
// `npm run cluster` and by the benches and fault scripts under bench/.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNginxProxy } from './nginx-proxy';
import { startProxy, startProxyProcess, type Proxy } from './proxy';

export type ProxyKind = 'in-process' | 'process' | 'nginx';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = join(ROOT, 'packages/server/src/main.ts');

export interface ClusterOptions {
  processes: number;
  /** Port of the proxy (0 picks one); the processes listen on basePort, basePort+1, … */
  port: number;
  basePort: number;
  host?: string;
  /** Environment shared by every process: DATABASE_URL, REDIS_URL, MQTT_URL, secrets, … */
  env: Record<string, string | undefined>;
  /** Restart a process that exits without being asked to (default true). */
  restart?: boolean;
  /** Where process output goes: 'inherit' (the terminal) or 'ignore'. */
  stdio?: 'inherit' | 'ignore';
  /**
   * The proxy in front: 'in-process' (scripts/proxy.ts in this process, the default),
   * 'process' (the same in a process of its own) or 'nginx' (scripts/nginx-proxy.ts).
   */
  proxy?: ProxyKind;
  log?: (line: string) => void;
}

export interface ServerProcess {
  index: number;
  port: number;
  url: string;
  child: ChildProcess | undefined;
}

export interface Cluster {
  url: string;
  proxy: Proxy;
  processes: ServerProcess[];
  /** kill -9 one process (a crash); with restart on, the supervisor brings it back. */
  crash(index: number): void;
  /**
   * Stops one process as an upgrade does (SIGTERM: it drains) and starts it again; resolves
   * once the new one answers its health check.
   */
  restart(index: number): Promise<void>;
  /** Resolves when the process answers its health check again. */
  waitHealthy(index: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

async function healthy(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${url}/health_check`);
      if (res.ok) return;
    } catch (err) {
      if (!(err instanceof Error)) throw err;
    }
    if (Date.now() > deadline) throw new Error(`${url} did not become healthy`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Secrets and settings for a throwaway cluster (benches); production passes its own. */
export function benchSecrets(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    CLIENT_ID: 'hearth-app',
    CLIENT_SECRET: randomBytes(16).toString('hex'),
    JWT_SECRET: randomBytes(24).toString('hex'),
    GATEWAY_KEY: randomBytes(24).toString('hex'),
    // Benches write far more than a person would; the per-user cap is not what they measure.
    CHANGES_PER_HOUR: '1000000',
  };
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? (() => undefined);
  const restart = opts.restart ?? true;
  let stopping = false;
  const processes: ServerProcess[] = Array.from({ length: opts.processes }, (_, index) => {
    const port = opts.basePort + index;
    return { index, port, url: `http://${host}:${port}`, child: undefined };
  });

  function spawnOne(p: ServerProcess): void {
    const dataDir = join(opts.env.DATA_DIR ?? join(tmpdir(), 'hearth-cluster'), `p${p.index}`);
    mkdirSync(dataDir, { recursive: true });
    // node --import tsx (not the tsx CLI, which forks again) so kill -9 reaches the server itself.
    // CLUSTER_NODE_ARGS adds flags Node refuses in NODE_OPTIONS, e.g. `--cpu-prof` to profile.
    const extra = (process.env.CLUSTER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
    const child = spawn(process.execPath, [...extra, '--import', 'tsx', MAIN], {
      cwd: ROOT,
      stdio: ['ignore', opts.stdio ?? 'inherit', opts.stdio ?? 'inherit'],
      env: {
        ...process.env,
        ...opts.env,
        PORT: String(p.port),
        HOST: host,
        DATA_DIR: dataDir,
        // Only the first process seeds the demo account, so seeds never race.
        DEMO: p.index === 0 ? (opts.env.DEMO ?? 'false') : 'false',
        // One share group per deployment: each gateway message is ingested by one process.
        MQTT_SHARE_GROUP: opts.env.MQTT_SHARE_GROUP ?? 'hearth',
        // The proxy in front is on loopback: believe its X-Forwarded-For, so the login
        // throttle counts each client's address and not the proxy's.
        TRUST_PROXY: opts.env.TRUST_PROXY ?? 'loopback',
        // Mailed links open on the proxy's address, not on this process's own port.
        PUBLIC_URL: opts.env.PUBLIC_URL ?? `http://${host}:${opts.port}`,
        // Each process serves its own metrics: METRICS_PORT is the first process's port,
        // the others take the next ones (docs/operations.md, Monitoring).
        ...(opts.env.METRICS_PORT
          ? { METRICS_PORT: String(Number(opts.env.METRICS_PORT) + p.index) }
          : {}),
      },
    });
    p.child = child;
    child.on('exit', (code, signal) => {
      if (p.child !== child) return;
      p.child = undefined;
      if (stopping) return;
      log(`process ${p.index} (port ${p.port}) exited (${signal ?? code})`);
      if (restart) {
        setTimeout(() => {
          if (stopping) return;
          log(`restarting process ${p.index}`);
          spawnOne(p);
        }, 500);
      }
    });
  }

  // The first process runs the migrations alone; the others start once it is up.
  const [first, ...rest] = processes;
  if (!first) throw new Error('--processes must be at least 1');
  spawnOne(first);
  await healthy(first.url, 60_000);
  for (const p of rest) spawnOne(p);
  await Promise.all(rest.map((p) => healthy(p.url, 60_000)));
  const start = { 'in-process': startProxy, process: startProxyProcess, nginx: startNginxProxy };
  const proxy = await start[opts.proxy ?? 'in-process']({
    backends: processes.map((p) => ({ host, port: p.port })),
    port: opts.port,
    host,
  });
  log(`${processes.length} process(es) on ports ${processes.map((p) => p.port).join(', ')}`);

  return {
    url: proxy.url,
    proxy,
    processes,
    crash(index) {
      processes[index]?.child?.kill('SIGKILL');
    },
    async restart(index) {
      const p = processes[index];
      if (!p) throw new Error(`no process ${index}`);
      const child = p.child;
      if (child && child.exitCode === null) {
        // Not a crash: the supervisor does not bring it back, this does.
        p.child = undefined;
        await new Promise<void>((done) => {
          child.once('exit', () => done());
          child.kill('SIGTERM');
        });
      }
      spawnOne(p);
      await healthy(p.url, 60_000);
    },
    waitHealthy: (index, timeoutMs = 60_000) => healthy(processes[index]?.url ?? '', timeoutMs),
    async stop() {
      stopping = true;
      await proxy.close();
      await Promise.all(
        processes.map(
          (p) =>
            new Promise<void>((done) => {
              const child = p.child;
              if (!child || child.exitCode !== null) return done();
              const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
              child.once('exit', () => {
                clearTimeout(timer);
                done();
              });
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
