import { createServer, type Server } from 'node:net';
import { Aedes, type Client } from 'aedes';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { BROKER_DROPPED_TOPIC } from './broker-drops';
import { createMqttTransport, serverSubscriptions } from './mqtt-transport';
import type { GatewayTransport } from './transport';

const DEV_ID = 'a1b2c3d4e5f60718';
let aedes: Aedes;
let server: Server;
let url: string;
let transport: GatewayTransport | undefined;
const acks: string[] = [];
const subscribed: { topic: string; qos: number }[] = [];

beforeEach(async () => {
  acks.length = 0;
  subscribed.length = 0;
  aedes = await Aedes.createBroker();
  aedes.on('ack', (_packet, client: Client) => acks.push(client.id));
  aedes.on('subscribe', (subs, client: Client) => {
    if (client.id.startsWith('hearth-server-'))
      subscribed.push(...subs.map((s) => ({ topic: s.topic, qos: s.qos })));
  });
  server = createServer(aedes.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  url = `mqtt://127.0.0.1:${port}`;
});

afterEach(async () => {
  await transport?.close();
  transport = undefined;
  await new Promise<void>((resolve) => aedes.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('the server takes gateway messages at QoS 0: every one arrives, none is acknowledged', async () => {
  const got: string[] = [];
  transport = createMqttTransport({
    url,
    username: undefined,
    password: undefined,
    log: pino({ level: 'silent' }),
  });
  await transport.start((topic, payload) => got.push(`${topic} ${payload.toString()}`));
  // Every topic the server reads is subscribed at QoS 0 (the broker's own count of dropped
  // messages too).
  expect(subscribed.map((s) => s.topic).sort()).toEqual(
    [...serverSubscriptions(undefined), BROKER_DROPPED_TOPIC].sort(),
  );
  expect(subscribed.every((s) => s.qos === 0)).toBe(true);

  // A gateway publishing at QoS 1, as docs/device-protocol.md says: the broker acknowledges
  // its publications, and hands them on to the server, in order, without waiting for the
  // server to acknowledge each.
  const gateway = await mqtt.connectAsync(url, { clientId: DEV_ID, clean: false });
  const sent = Array.from({ length: 50 }, (_, i) => `{"mode":"auto","stemp":"${i}.0"}`);
  for (const body of sent)
    await gateway.publishAsync(`hearth/gw/${DEV_ID}/up/htr/1/status`, body, { qos: 1 });
  await expect.poll(() => got.length).toBe(sent.length);
  expect(got).toEqual(sent.map((b) => `hearth/gw/${DEV_ID}/up/htr/1/status ${b}`));
  expect(acks.filter((id) => id.startsWith('hearth-server-'))).toEqual([]);
  await gateway.endAsync();
});
