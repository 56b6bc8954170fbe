import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { SERVER_SUBSCRIPTIONS } from '@hearth/protocol';
import type { Logger } from '../logger';
import type { GatewayTransport } from './transport';

/** The server as a client of an external broker (Mosquitto, EMQX, …). */
export function createMqttTransport(opts: {
  url: string;
  username: string | undefined;
  password: string | undefined;
  log: Logger;
}): GatewayTransport {
  let client: mqtt.MqttClient | undefined;
  return {
    async start(onMessage) {
      client = await mqtt.connectAsync(opts.url, {
        clientId: `hearth-server-${randomBytes(6).toString('hex')}`,
        username: opts.username,
        password: opts.password,
        clean: true,
        reconnectPeriod: 1000,
      });
      client.on('message', (topic, payload) => onMessage(topic, payload));
      client.on('error', (err) => opts.log.warn({ err: err.message }, 'mqtt client error'));
      client.on('reconnect', () => opts.log.info('reconnecting to the MQTT broker'));
      // Re-subscribed by mqtt.js after every reconnect (resubscribe defaults to true).
      await client.subscribeAsync([...SERVER_SUBSCRIPTIONS], { qos: 1 });
    },
    async publish(topic, payload, { qos, retain }) {
      if (!client) throw new Error('MQTT transport not started');
      await client.publishAsync(topic, payload, { qos, retain });
    },
    async close() {
      await client?.endAsync();
    },
  };
}
