import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { gatewayTopics } from '@hearth/protocol';
import { createLogger } from '../logger';
import { createClientAddress } from '../realtime/client-address';
import { randomDevId } from '../test-support/test-hearth';
import { createEmbeddedBroker, type EmbeddedBroker } from './broker';
import { gatewaySecret } from './gateway-secret';

// The embedded broker's topic rules, read off the wire: the QoS each SUBACK grants and what a
// refused PUBLISH does. An external broker enforces the same rules through its own ACL.
const KEY = 'acl-test-key-0123456789abcdef';
const SUBACK_FAILURE = 0x80;
let broker: EmbeddedBroker;
let url: string;
const open: mqtt.MqttClient[] = [];
beforeAll(async () => {
  broker = await createEmbeddedBroker({
    gatewayKey: KEY,
    log: createLogger('silent'),
    clientAddress: createClientAddress(false),
    onCommandSubscription: () => undefined,
  });
  url = `mqtt://127.0.0.1:${await broker.listenTcp(0, '127.0.0.1')}`;
});
afterAll(async () => {
  for (const c of open) await c.endAsync(true);
  await broker.close();
});

async function gateway(devId: string): Promise<mqtt.MqttClient> {
  const client = await mqtt.connectAsync(url, {
    clientId: devId,
    username: devId,
    password: gatewaySecret(KEY, devId),
    reconnectPeriod: 0,
  });
  open.push(client);
  return client;
}

/** The QoS the broker's SUBACK grants for one topic (mqtt.js reports the requested one). */
function grantedQos(client: mqtt.MqttClient, topic: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const onPacket = (packet: mqtt.Packet) => {
      if (packet.cmd !== 'suback') return;
      client.off('packetreceive', onPacket);
      const [granted] = packet.granted;
      resolve(typeof granted === 'number' ? granted : undefined);
    };
    client.on('packetreceive', onPacket);
    client.subscribe(topic, { qos: 1 }, () => undefined);
  });
}

describe('embedded broker topic rules', () => {
  it('grants a gateway its own cmd topic and answers SUBACK 0x80 for every other', async () => {
    const devId = randomDevId();
    const victim = randomDevId();
    const gw = await gateway(devId);
    expect(await grantedQos(gw, gatewayTopics.cmd(devId))).toBe(1);
    for (const topic of [
      gatewayTopics.cmd(victim),
      gatewayTopics.up(victim, '/mgr/nodes'),
      gatewayTopics.connected(victim),
      'hearth/gw/+/cmd',
      'hearth/gw/#',
      '#',
      `$share/g/${gatewayTopics.cmd(victim)}`,
      // Its own upstream topics are the server's to read, not the gateway's.
      `${gatewayTopics.root(devId)}/#`,
      gatewayTopics.up(devId, '/mgr/nodes'),
      gatewayTopics.connected(devId),
      gatewayTopics.ack(devId),
    ]) {
      expect(await grantedQos(gw, topic), topic).toBe(SUBACK_FAILURE);
    }
    // Still connected: a refused subscription does not end the session.
    expect(gw.connected).toBe(true);
  });

  it('drops a publish on its own cmd topic or on another gateway’s topics', async () => {
    for (const topicOf of [
      (own: string) => gatewayTopics.cmd(own),
      () => gatewayTopics.up(randomDevId(), '/mgr/nodes'),
      () => gatewayTopics.connected(randomDevId()),
    ]) {
      const devId = randomDevId();
      const gw = await gateway(devId);
      expect(await grantedQos(gw, gatewayTopics.cmd(devId))).toBe(1);
      // A forged command on its own cmd topic would come straight back to this subscription;
      // a refused one is dropped, and MQTT 3.1.1 has no answer but closing the connection.
      const outcome = new Promise<string>((resolve) => {
        gw.once('message', (topic) => resolve(`delivered on ${topic}`));
        gw.once('close', () => resolve('closed'));
      });
      gw.publish(topicOf(devId), '{"id":"x","method":"POST","path":"/mgr/away_status","body":{}}');
      expect(await outcome).toBe('closed');
    }
  });

  it('accepts a publish on the gateway’s own upstream topics', async () => {
    const devId = randomDevId();
    const gw = await gateway(devId);
    await gw.publishAsync(gatewayTopics.connected(devId), '{"connected":true}', { qos: 1 });
    await gw.publishAsync(gatewayTopics.up(devId, '/mgr/nodes'), '{"nodes":[]}', { qos: 1 });
    await gw.publishAsync(gatewayTopics.samples(devId), '{"samples":[]}', { qos: 1 });
    await gw.publishAsync(gatewayTopics.ack(devId), '{"id":"1","ok":true}', { qos: 1 });
    expect(gw.connected).toBe(true);
  });
});
