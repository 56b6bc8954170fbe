import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { SERVER_SUBSCRIPTIONS } from '@hearth/protocol';
import type { Logger } from '../logger';
import { BROKER_DROPPED_TOPIC, createDropWatch } from './broker-drops';
import type { GatewayTransport } from './transport';

/**
 * With several server processes on one broker, each gateway message must be ingested once:
 * with a share group the busy topics go through an MQTT shared subscription, which the
 * broker hands to one member of the group. `connected` stays a plain subscription because
 * brokers never replay retained messages to shared subscribers, and a (re)connecting server
 * must learn which gateways are online (that replay is also what re-sends the commands held
 * while it was away); handling it in every process is idempotent (docs/operations.md).
 * Opt-in (MQTT_SHARE_GROUP), so that unrelated servers on one broker never split messages.
 */
export function serverSubscriptions(group: string | undefined): string[] {
  return SERVER_SUBSCRIPTIONS.map((topic) =>
    !group || topic.endsWith('/connected') ? topic : `$share/${group}/${topic}`,
  );
}

/**
 * The broker hands gateway messages to the server at QoS 0, whatever QoS the gateway
 * published at (it acknowledged the gateway's QoS 1 publication already). The server's
 * session is clean, so at QoS 1 a message in flight when the connection breaks would be lost
 * all the same; what QoS 1 added was an acknowledgement per message both ways and the
 * broker's in-flight window, which held a fleet's burst back behind a busy process's late
 * acknowledgements (bench/fanout.ts --aligned: p99 487–620 ms at QoS 0 against 695–1031 ms
 * at QoS 1, bench/README.md). Bounded all the same: Mosquitto counts what it queues for the
 * server against `max_queued_messages` (docs/operations.md).
 */
export const SERVER_SUBSCRIPTION_QOS = 0;

/** How long a closing server waits for the broker to confirm its unsubscription. */
export const UNSUBSCRIBE_WAIT_MS = 2_000;

/** The server as a client of an external broker (Mosquitto, EMQX, …). */
export function createMqttTransport(opts: {
  url: string;
  username: string | undefined;
  password: string | undefined;
  log: Logger;
  /** Every process of one deployment uses the same group (config MQTT_SHARE_GROUP). */
  shareGroup?: string | undefined;
}): GatewayTransport {
  const shareGroup = opts.shareGroup;
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
      // mqtt.js leaves Nagle on: a command published right after another would wait for the
      // broker's delayed ACK (~40 ms). Set again on every reconnect, which opens a new socket.
      const noDelay = () =>
        (client?.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
      noDelay();
      client.on('connect', noDelay);
      const dropWatch = createDropWatch(opts.log);
      client.on('message', (topic, payload) =>
        topic === BROKER_DROPPED_TOPIC ? dropWatch(payload) : onMessage(topic, payload),
      );
      client.on('error', (err) => opts.log.warn({ err: err.message }, 'mqtt client error'));
      client.on('reconnect', () => opts.log.info('reconnecting to the MQTT broker'));
      // Re-subscribed by mqtt.js after every reconnect (resubscribe defaults to true).
      await client.subscribeAsync(serverSubscriptions(shareGroup), {
        qos: SERVER_SUBSCRIPTION_QOS,
      });
      // Mosquitto's figure; a broker without it (or whose ACL refuses it) simply sends nothing.
      await client.subscribeAsync(BROKER_DROPPED_TOPIC, { qos: 0 }).catch((err: Error) => {
        opts.log.debug({ err: err.message }, 'broker drop count not available');
      });
    },
    async publish(topic, payload, { qos, retain }) {
      if (!client) throw new Error('MQTT transport not started');
      // While the broker is away mqtt.js would hold the publish (and the REST answer) until it
      // returns; failing now leaves the command pending, re-sent when the gateway reports in.
      if (!client.connected) throw new Error('not connected to the MQTT broker');
      await client.publishAsync(topic, payload, { qos, retain });
    },
    async close() {
      // Unsubscribed first: the broker stops handing this process gateway messages, and those
      // it already sent arrive before its answer, so they are taken in, not lost with the
      // connection (at QoS 0 a message in flight to a closing client is gone; in a share
      // group no other process would get it: an ack lost so leaves its write pending).
      if (client?.connected)
        await Promise.race([
          client.unsubscribeAsync(serverSubscriptions(shareGroup)).catch(() => undefined),
          new Promise((resolve) => setTimeout(resolve, UNSUBSCRIBE_WAIT_MS).unref()),
        ]);
      await client?.endAsync();
    },
    connected: () => client?.connected ?? false,
  };
}
