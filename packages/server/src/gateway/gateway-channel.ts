import type { Logger } from '../logger';
import type { IngestService } from './ingest.service';
import type { GatewayTransport } from './transport';

/**
 * Feeds broker messages to the ingest service one at a time per gateway, so a gateway's
 * `/mgr/nodes` is stored before the node objects it publishes right after.
 */
export function createGatewayChannel(
  transport: GatewayTransport,
  ingest: IngestService,
  log: Logger,
) {
  const queues = new Map<string, Promise<void>>();
  const idle = () => Promise.all([...queues.values()]).then(() => undefined);

  function enqueue(topic: string, payload: Buffer) {
    const key = topic.split('/')[2] ?? '';
    const previous = queues.get(key) ?? Promise.resolve();
    const next = previous.then(() => ingest.handle(topic, payload));
    queues.set(key, next);
    void next.finally(() => {
      if (queues.get(key) === next) queues.delete(key);
    });
  }

  return {
    async start() {
      await transport.start(enqueue);
      log.info('gateway channel subscribed');
    },
    /** Resolves when every message received so far has been applied. */
    idle,
    async close() {
      await transport.close();
      await idle();
    },
  };
}
export type GatewayChannel = ReturnType<typeof createGatewayChannel>;
