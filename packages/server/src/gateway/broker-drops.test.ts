import { Writable } from 'node:stream';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import { mosquittoService, type OwnService } from '../cluster/fault-services';
import { createDropWatch } from './broker-drops';
import { createMqttTransport } from './mqtt-transport';

/** A pino logger whose lines the test reads. */
function capturedLog() {
  const lines: { level: number; msg: string; dropped?: number; total?: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  return { log: pino({ level: 'warn' }, stream), lines };
}
const WARN = 40;
const count = (n: number) => Buffer.from(String(n));

describe("the broker's dropped-message count", () => {
  test('a first figure above zero and every rise after it are warnings', () => {
    const { log, lines } = capturedLog();
    const watch = createDropWatch(log);
    watch(count(0));
    watch(count(0));
    expect(lines).toEqual([]);
    watch(count(25));
    watch(count(25));
    watch(count(40));
    expect(lines.map((l) => [l.level, l.dropped, l.total])).toEqual([
      [WARN, 25, 25],
      [WARN, 15, 40],
    ]);
  });

  test('what it dropped before the process subscribed is said once, apart', () => {
    const { log, lines } = capturedLog();
    const watch = createDropWatch(log);
    watch(count(7));
    watch(count(7));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ total: 7, msg: expect.stringContaining('since it started') });
  });

  test('a restarted broker counts again from zero; nonsense is ignored', () => {
    const { log, lines } = capturedLog();
    const watch = createDropWatch(log);
    watch(count(100));
    watch(count(0));
    watch(Buffer.from('not a number'));
    watch(count(-3));
    watch(count(4));
    expect(lines.slice(1).map((l) => [l.dropped, l.total])).toEqual([[4, 4]]);
  });
});

describe.runIf(process.env.TEST_MQTT_URL)('with a real Mosquitto', () => {
  let broker: OwnService | undefined;
  afterEach(async () => {
    await broker?.dispose();
    broker = undefined;
  });

  test('the server warns when the broker drops messages for a full queue', async () => {
    broker = await mosquittoService(['max_queued_messages 10', 'sys_interval 1']);
    await broker.start();
    const { log, lines } = capturedLog();
    const transport = createMqttTransport({
      url: broker.url,
      username: undefined,
      password: undefined,
      log,
    });
    await transport.start(() => undefined);
    // A subscriber that stops reading: the broker queues 10 messages for it, then drops.
    const stuck = await mqtt.connectAsync(broker.url, { clean: true });
    await stuck.subscribeAsync('hearth/gw/+/up/#', { qos: 1 });
    stuck.stream.pause();
    const gateway = await mqtt.connectAsync(broker.url);
    for (let i = 0; i < 200; i++)
      await gateway.publishAsync('hearth/gw/0123456789abcdef01/up/htr/2/status', '{}', { qos: 1 });
    const deadline = Date.now() + 8_000;
    while (!lines.some((l) => (l.dropped ?? 0) > 0) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const warning = lines.find((l) => (l.dropped ?? 0) > 0);
    expect(warning?.level).toBe(WARN);
    expect(warning?.msg).toContain('max_queued_messages');
    await gateway.endAsync();
    stuck.end(true);
    await transport.close();
  });
});
