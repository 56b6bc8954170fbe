import mqtt from 'mqtt';
import { expect, vi } from 'vitest';
import { gatewayTopics, type GatewayCommand } from '@hearth/protocol';

let barriers = 0;

/** A gateway as docs/device-protocol.md describes it, driven by the test. */
export interface TestGateway {
  client: mqtt.MqttClient;
  commands: GatewayCommand[];
  publishUp(path: string, body: unknown): Promise<void>;
  ack(id: string, ok?: boolean): Promise<void>;
  /** Publishes a marker after everything sent so far; once it is stored, so is all before it. */
  barrier(read: () => Promise<unknown>): Promise<void>;
  /** Publishes the retained disconnected state a will would, so a shared broker keeps no stale "true". */
  end(): Promise<void>;
}

export async function connectGateway(
  mqttUrl: string,
  devId: string,
  secret: string,
  /** headers: sent with a WebSocket connection's upgrade (X-Forwarded-For through a proxy). */
  opts: { subscribe?: boolean; headers?: Record<string, string> } = {},
): Promise<TestGateway> {
  const client = await mqtt.connectAsync(mqttUrl, {
    clientId: devId,
    username: devId,
    password: secret,
    clean: false,
    reconnectPeriod: 0,
    ...(opts.headers ? { wsOptions: { headers: opts.headers } } : {}),
    will: {
      topic: gatewayTopics.connected(devId),
      payload: Buffer.from('{"connected":false}'),
      qos: 1,
      retain: true,
    },
  });
  const commands: GatewayCommand[] = [];
  client.on('message', (topic, payload) => {
    if (topic === gatewayTopics.cmd(devId))
      commands.push(JSON.parse(payload.toString()) as GatewayCommand);
  });
  if (opts.subscribe !== false) await client.subscribeAsync(gatewayTopics.cmd(devId), { qos: 1 });
  await client.publishAsync(gatewayTopics.connected(devId), '{"connected":true}', {
    qos: 1,
    retain: true,
  });
  return {
    client,
    commands,
    async publishUp(path, body) {
      await client.publishAsync(gatewayTopics.up(devId, path), JSON.stringify(body), { qos: 1 });
    },
    async ack(id, ok = true) {
      await client.publishAsync(gatewayTopics.ack(devId), JSON.stringify({ id, ok }), { qos: 1 });
    },
    async barrier(read) {
      const marker = { y: 2000 + (++barriers % 1000), n: 0, d: 1, h: 0, m: 0, s: 0, w: 6 };
      await client.publishAsync(gatewayTopics.up(devId, '/mgr/rtc/time'), JSON.stringify(marker), {
        qos: 1,
      });
      await vi.waitFor(async () => expect(await read()).toEqual(marker));
    },
    async end() {
      if (!client.connected) return client.endAsync(true);
      await client.publishAsync(gatewayTopics.connected(devId), '{"connected":false}', {
        qos: 1,
        retain: true,
      });
      await client.endAsync();
    },
  };
}
