import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { gatewayTopics } from '@hearth/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simDevId } from './identity';
import { startObserver, startTestBroker, type Observer, type TestBroker } from './test-broker';

const KEY = 'cli-test-key';
const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

let broker: TestBroker;
let observer: Observer;

beforeAll(async () => {
  broker = await startTestBroker(KEY);
  observer = await startObserver(broker.url);
});

afterAll(async () => {
  await observer.close();
  await broker.close();
});

function runCli(args: string[]): { child: ChildProcessWithoutNullStreams; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { ...process.env, GATEWAY_KEY: '' },
  });
  let text = '';
  child.stdout.on('data', (d: Buffer) => (text += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (text += d.toString('utf8')));
  return { child, output: () => text };
}

const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

describe('npm run sim', () => {
  it('runs the asked gateways with the documented secrets and stops cleanly on Ctrl-C', async () => {
    const args = [
      '--url',
      broker.url,
      '--gateways',
      '2',
      '--nodes',
      '3',
      '--key',
      KEY,
      '--first',
      '40',
    ];
    const { child, output } = runCli(args);
    const devIds = [simDevId(40), simDevId(41)];
    for (const devId of devIds) {
      await observer.waitFor((m) => m.topic === gatewayTopics.up(devId, '/pmo_system'));
    }
    await new Promise<void>((resolve) => {
      const check = () => (output().includes('Ctrl-C stops.') ? resolve() : setTimeout(check, 20));
      check();
    });
    expect(output()).toContain(
      `${devIds[0]} connected: htr/1 Heater 1, htr/2 Heater 2, pmo/3 Main meter`,
    );
    const from = observer.messages.length;
    const exit = exited(child);
    child.kill('SIGINT');
    expect(await exit).toBe(0);
    for (const devId of devIds) {
      const last = await observer.waitFor((m) => m.topic === gatewayTopics.connected(devId), from);
      expect(last.body).toEqual({ connected: false });
    }
  }, 20_000);

  it('refuses to start without a gateway key', async () => {
    const { child, output } = runCli(['--url', broker.url]);
    expect(await exited(child)).toBe(1);
    expect(output()).toContain('a gateway key is needed');
  }, 20_000);
});
