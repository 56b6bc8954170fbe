import type { Logger } from '../logger';
import type { IngestService } from './ingest.service';
import type { GatewayTransport } from './transport';

/**
 * Feeds broker messages to the ingest service in order per gateway, so a gateway's
 * `/mgr/nodes` is stored before the node objects it publishes right after. What arrived
 * for a gateway while its previous messages were being applied goes over in one call, which
 * lets ingest apply independent ones together (ingest.service.ts `handleAll`).
 */
export function createGatewayChannel(
  transport: GatewayTransport,
  ingest: IngestService,
  log: Logger,
) {
  const waiting = new Map<string, { topic: string; payload: Buffer }[]>();
  const running = new Map<string, Promise<void>>();
  const idle = async () => {
    await Promise.all([...running.values()]);
    await ingest.samplesStored();
  };

  async function drain(key: string) {
    // One turn of the event loop first, so that messages read together go over together.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      for (let next = waiting.get(key); next && next.length > 0; next = waiting.get(key)) {
        waiting.set(key, []);
        await ingest.handleAll(next);
      }
    } finally {
      waiting.delete(key);
      running.delete(key);
    }
  }

  function enqueue(topic: string, payload: Buffer) {
    const key = topic.split('/')[2] ?? '';
    const list = waiting.get(key);
    if (list) list.push({ topic, payload });
    else waiting.set(key, [{ topic, payload }]);
    if (!running.has(key)) running.set(key, drain(key));
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
