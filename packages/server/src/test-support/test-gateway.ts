import mqtt from 'mqtt';
import { gatewayTopics, type GatewayCommand } from '@hearth/protocol';

/** A gateway as docs/device-protocol.md describes it, driven by the test. */
export interface TestGateway {
  client: mqtt.MqttClient;
  commands: GatewayCommand[];
  publishUp(path: string, body: unknown): Promise<void>;
  ack(id: string, ok?: boolean): Promise<void>;
  /** Publishes the retained disconnected state a will would, so a shared broker keeps no stale "true". */
  end(): Promise<void>;
}

export async function connectGateway(mqttUrl: string, devId: string, secret: string, opts: { subscribe?: boolean } = {}): Promise<TestGateway> {
  const client = await mqtt.connectAsync(mqttUrl, {
    clientId: devId,
    username: devId,
    password: secret,
    clean: false,
    reconnectPeriod: 0,
    will: { topic: gatewayTopics.connected(devId), payload: Buffer.from('{"connected":false}'), qos: 1, retain: true },
  });
  const commands: GatewayCommand[] = [];
  client.on('message', (topic, payload) => {
    if (topic === gatewayTopics.cmd(devId)) commands.push(JSON.parse(payload.toString()) as GatewayCommand);
  });
  if (opts.subscribe !== false) await client.subscribeAsync(gatewayTopics.cmd(devId), { qos: 1 });
  await client.publishAsync(gatewayTopics.connected(devId), '{"connected":true}', { qos: 1, retain: true });
  return {
    client,
    commands,
    async publishUp(path, body) {
      await client.publishAsync(gatewayTopics.up(devId, path), JSON.stringify(body), { qos: 1 });
    },
    async ack(id, ok = true) {
      await client.publishAsync(gatewayTopics.ack(devId), JSON.stringify({ id, ok }), { qos: 1 });
    },
    async end() {
      await client.publishAsync(gatewayTopics.connected(devId), '{"connected":false}', { qos: 1, retain: true });
      await client.endAsync();
    },
  };
}
