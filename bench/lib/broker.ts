// A Mosquitto of the bench's own on a spare loopback port, configured as docs/operations.md
// recommends (set_tcp_nodelay, max_queued_messages), so runs neither depend on nor disturb the shared broker.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { portOpen, waitForListener } from '../../scripts/ports';

export interface Broker {
  url: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startMosquitto(port: number): Promise<Broker> {
  if (await portOpen(port)) throw new Error(`port ${port} is taken; pass another --broker-port`);
  const dir = mkdtempSync(join(tmpdir(), 'hearth-mosquitto-'));
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'set_tcp_nodelay true',
      'persistence false',
      // As docs/operations.md recommends: with fewer, a fleet connecting at once loses messages.
      'max_queued_messages 100000',
      '',
    ].join('\n'),
  );
  const child = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  await waitForListener(
    child,
    port,
    'mosquitto did not start (is it installed? scripts/services.sh)',
  );
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
