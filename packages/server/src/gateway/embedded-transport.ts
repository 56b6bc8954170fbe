import type { Aedes } from 'aedes';
import { SERVER_SUBSCRIPTIONS } from '@hearth/protocol';
import type { GatewayTransport } from './transport';

/** The server talks to its own broker in-process: no socket and no credentials to manage. */
export function createEmbeddedTransport(aedes: Aedes): GatewayTransport {
  return {
    async start(onMessage) {
      await Promise.all(
        SERVER_SUBSCRIPTIONS.map(
          (topic) =>
            new Promise<void>((resolve) => {
              aedes.subscribe(
                topic,
                (packet, done) => {
                  onMessage(
                    packet.topic,
                    Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
                  );
                  done();
                },
                resolve,
              );
            }),
        ),
      );
    },
    publish(topic, payload, { qos, retain }) {
      return new Promise((resolve, reject) => {
        aedes.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos, retain, dup: false },
          (err) => (err ? reject(err) : resolve()),
        );
      });
    },
    async close() {
      // The broker itself is closed by its owner.
    },
    connected: () => true,
  };
}
