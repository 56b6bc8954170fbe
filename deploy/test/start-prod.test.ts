// `npm run start:prod`, the command of the container image (dockerfile.test.ts checks they are
// the same), started as the image starts it: production, its secrets from the environment,
// DATA_DIR and the built app where the image has them. It answers the routes the image's
// health check and the Kubernetes probes use, and stops cleanly on SIGTERM.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, yamlDocuments } from './repo-files';

const SECRETS = {
  CLIENT_SECRET: 'prod-test-client-secret-5f2c',
  JWT_SECRET: 'prod-test-jwt-secret-8d41a9c0',
  GATEWAY_KEY: 'prod-test-gateway-key-77b3e1',
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`start:prod exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url}/ready did not answer 200 in ${timeoutMs} ms`);
}

/** The image's HEALTHCHECK, run as the image runs it. */
function healthcheck(port: number): number | null {
  return spawnSync(process.execPath, ['deploy/healthcheck.mjs'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, PORT: String(port) },
    timeout: 10_000,
  }).status;
}

/** The paths of the Deployment's probes (deploy/kubernetes/deployment.yaml). */
function probePaths(): string[] {
  const deployment = yamlDocuments('deploy/kubernetes/deployment.yaml')[0] as {
    spec: { template: { spec: { containers: Record<string, { httpGet?: { path: string } }>[] } } };
  };
  const container = deployment.spec.template.spec.containers[0] ?? {};
  return ['startupProbe', 'livenessProbe', 'readinessProbe'].map(
    (probe) => container[probe]?.httpGet?.path ?? `missing ${probe}`,
  );
}

describe('npm run start:prod, the production entry point', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-prod-'));
  const dataDir = join(dir, 'data');
  const webDist = join(dir, 'web');
  let port = 0;
  let mqttPort = 0;
  let url = '';
  let child: ChildProcess;
  let output = '';
  let exited: Promise<void>;

  beforeAll(async () => {
    mkdirSync(dataDir);
    mkdirSync(webDist);
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>built app</title>');
    port = await freePort();
    mqttPort = await freePort();
    url = `http://127.0.0.1:${port}`;
    // Only what the image gives it: no DATABASE_URL, MQTT_URL or REDIS_URL from this shell.
    child = spawn('npm', ['run', '--silent', 'start:prod'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        MQTT_PORT: String(mqttPort),
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        HEARTH_COMMIT: 'c0ffee1',
        PUBLIC_URL: 'https://heat.example.com',
        LOG_LEVEL: 'info',
        ...SECRETS,
      },
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => child.once('close', () => resolve()));
    await waitReady(url, child, 90_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${output}`);
    });
  });

  afterAll(async () => {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('is ready on the embedded database and broker, with no Redis', async () => {
    const res = await fetch(`${url}/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'ok',
      checks: { database: 'ok', broker: 'ok', redis: 'off' },
    });
  });

  it("answers every path the Kubernetes probes ask, and the image's health check", async () => {
    for (const path of probePaths()) expect((await fetch(`${url}${path}`)).status, path).toBe(200);
    expect(healthcheck(port)).toBe(0);
  });

  it('serves the built app from WEB_DIST, reports its commit and opens the gateways’ TCP port', async () => {
    expect(await (await fetch(`${url}/`)).text()).toContain('built app');
    expect(JSON.stringify(await (await fetch(`${url}/version`)).json())).toContain('c0ffee1');
    await new Promise<void>((resolve, reject) => {
      const socket = connect(mqttPort, '127.0.0.1', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', reject);
    });
  });

  it('logs JSON lines without its secrets, and keeps no secret in DATA_DIR', () => {
    const lines = output.split('\n').filter((l) => l.startsWith('{'));
    expect(lines.map((l) => (JSON.parse(l) as { msg?: string }).msg)).toContain(
      `Hearth is listening on ${url}`,
    );
    for (const secret of Object.values(SECRETS)) expect(output).not.toContain(secret);
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(false);
  });

  it('stops cleanly on SIGTERM, and the health check then fails', async () => {
    // As a container runtime signals PID 1 (the image runs node itself; here npm and its
    // shell get the signal too, as one process group).
    process.kill(-(child.pid as number), 'SIGTERM');
    await exited;
    expect(output).toContain('"msg":"shutting down"');
    expect(output).not.toContain('shutdown failed');
    expect(healthcheck(port)).toBe(1);
  });
});
