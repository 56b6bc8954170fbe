// The floor under command latency: the same hops as a Hearth write (HTTP request → MQTT
// command → gateway → MQTT reply → socket.io event) with nothing in between — no auth,
// no database, no Redis. Hearth's latency is judged against this, measured in the same run.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import mqtt from 'mqtt';
import { Server } from 'socket.io';
import { io as ioClient } from 'socket.io-client';

export async function measureFloor(
  mqttUrl: string,
  count: number,
  warmup: number,
): Promise<number[]> {
  const prefix = `hearth-bench/floor/${process.pid}`;
  const server = http.createServer();
  const ioServer = new Server(server, { transports: ['websocket'] });
  const serverMqtt = await mqtt.connectAsync(mqttUrl, { clean: true });
  const gateway = await mqtt.connectAsync(mqttUrl, { clean: true });
  await gateway.subscribeAsync(`${prefix}/cmd`, { qos: 1 });
  gateway.on(
    'message',
    (_t, payload) => void gateway.publishAsync(`${prefix}/up`, payload, { qos: 1 }),
  );
  await serverMqtt.subscribeAsync(`${prefix}/up`, { qos: 1 });
  serverMqtt.on('message', (_t, payload) => ioServer.emit('update', payload.toString()));
  server.on('request', (req, res) => {
    const id = new URL(req.url ?? '/', 'http://x').searchParams.get('id') ?? '';
    req.resume();
    req.on('end', () => {
      serverMqtt.publishAsync(`${prefix}/cmd`, id, { qos: 1 }).then(
        () => res.end('{}'),
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = ioClient(url, { transports: ['websocket'] });
  await new Promise<void>((r) => client.once('connect', () => r()));
  const waiters = new Map<string, () => void>();
  client.on('update', (id: string) => waiters.get(id)?.());

  const samples: number[] = [];
  for (let i = 0; i < warmup + count; i++) {
    const id = String(i);
    const t0 = performance.now();
    const arrived = new Promise<void>((r) => waiters.set(id, r));
    await fetch(`${url}/cmd?id=${id}`, { method: 'POST', body: '{"stemp":"20.0"}' });
    await arrived;
    waiters.delete(id);
    if (i >= warmup) samples.push(performance.now() - t0);
  }
  client.close();
  await ioServer.close();
  await Promise.all([serverMqtt.endAsync(), gateway.endAsync()]);
  return samples;
}
