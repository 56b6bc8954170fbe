import { gatewayTopics } from '@hearth/protocol';
import mqtt, { type MqttClient } from 'mqtt';

export const RECONNECT_PERIOD_MS = 1_000;
export const QOS = 1 as const;

/**
 * The gateway's MQTT session (docs/device-protocol.md "Life of a gateway"): client id and
 * username are the dev_id, the password its secret; the session survives short outages
 * (clean off) so the broker keeps queued commands; the last will marks it disconnected.
 */
export function connectGateway(url: string, devId: string, secret: string): MqttClient {
  return mqtt.connect(url, {
    clientId: devId,
    username: devId,
    password: secret,
    clean: false,
    protocolVersion: 4,
    reconnectPeriod: RECONNECT_PERIOD_MS,
    connectTimeout: 10_000,
    will: {
      topic: gatewayTopics.connected(devId),
      payload: Buffer.from(JSON.stringify({ connected: false })),
      qos: QOS,
      retain: true,
    },
  });
}

/** Publishes an object's JSON (made by the caller, which also compares it with the last one). */
export function publishJson(
  client: MqttClient,
  topic: string,
  json: string,
  retain = false,
): Promise<unknown> {
  return client.publishAsync(topic, json, { qos: QOS, retain });
}
