import { devicePathOf, type GatewayCommand } from '@hearth/protocol';
import type { RealtimeEmitter } from '../realtime/realtime.emitter';
import type { TestHearth } from '../test-support/test-hearth';
import { createCommandsService } from './commands.service';
import { createIngestService } from './ingest.service';
import type { GatewayTransport } from './transport';

/**
 * The ingest service of a freshly started process (nothing cached) over a test server's
 * database; what it emits and publishes is recorded where sockets and the broker would be.
 */
export function freshIngestProcess(t: TestHearth) {
  const updates: { devId: string; path: string; body: unknown }[] = [];
  const published: GatewayCommand[] = [];
  const realtime: RealtimeEmitter = {
    update: (devId, at, body) => updates.push({ devId, path: devicePathOf(at), body }),
    handshake: () => undefined,
    revalidate: () => undefined,
  };
  const transport: GatewayTransport = {
    start: async () => undefined,
    publish: async (_topic, payload) => {
      published.push(JSON.parse(payload) as GatewayCommand);
    },
    close: async () => undefined,
    connected: () => true,
  };
  const commands = createCommandsService({
    commands: t.repos.commands,
    transport,
    log: t.hearth.log,
  });
  const ingest = createIngestService({ ...t.repos, commands, realtime, log: t.hearth.log });
  const send = (topic: string, body: unknown) =>
    ingest.handle(topic, Buffer.from(JSON.stringify(body)));
  const sendAll = (messages: [string, unknown][]) =>
    ingest.handleAll(
      messages.map(([topic, body]) => ({ topic, payload: Buffer.from(JSON.stringify(body)) })),
    );
  return { ingest, updates, published, send, sendAll };
}
