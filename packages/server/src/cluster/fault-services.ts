import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A broker or Redis of the test's own, on a spare loopback port, that the test may kill. */
export interface OwnService {
  url: string;
  port: number;
  start(): Promise<void>;
  /** kill -9, as a crash would. */
  stop(): Promise<void>;
  dispose(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

async function waitPort(port: number, open: boolean, child: ChildProcess): Promise<void> {
  for (let i = 0; (await portOpen(port)) !== open; i++) {
    if (i > 100) throw new Error(`port ${port} did not ${open ? 'open' : 'close'}`);
    if (open && child.exitCode !== null) throw new Error(`${child.spawnfile} exited early`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function ownService(
  scheme: string,
  port: number,
  command: string,
  args: string[],
  dir: string,
): OwnService {
  let child: ChildProcess | undefined;
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    port,
    async start() {
      const started = spawn(command, args, { stdio: 'ignore' });
      child = started;
      await waitPort(port, true, started);
    },
    async stop() {
      const running = child;
      child = undefined;
      if (running && running.exitCode === null) {
        const exited = new Promise((r) => running.once('exit', r));
        running.kill('SIGKILL');
        await exited;
      }
    },
    async dispose() {
      await this.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Mosquitto without persistence: a restart loses every session, the harshest case. `extra`
 * lines are added to its configuration.
 */
export async function mosquittoService(extra: string[] = []): Promise<OwnService> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'hearth-fault-mqtt-'));
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      'set_tcp_nodelay true',
      ...extra,
      '',
    ].join('\n'),
  );
  return ownService('mqtt', port, 'mosquitto', ['-c', conf], dir);
}

export async function redisService(): Promise<OwnService> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'hearth-fault-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  return ownService('redis', port, 'redis-server', [...args, '--dir', dir], dir);
}
