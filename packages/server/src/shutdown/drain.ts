import type { Server } from 'node:http';
import type { Logger } from '../logger';
import type { InFlight } from './in-flight';

/**
 * The drain's steps before closing (SIGTERM): no new connection (a proxy sends them to another
 * process; idle keep-alives close), app sockets sent to reconnect elsewhere, and the requests in
 * flight given `timeoutMs` to finish before their connections are cut. The caller closes after,
 * so the broker stays up until then: a set-point write in flight still publishes its command.
 */
export async function drainConnections(o: {
  server: Server;
  inFlight: InFlight;
  reconnectSockets: () => void;
  timeoutMs: number;
  log: Logger;
}): Promise<void> {
  o.log.info({ requests: o.inFlight.count(), timeoutMs: o.timeoutMs }, 'draining');
  o.server.close();
  o.inFlight.closeAfterAnswers();
  o.reconnectSockets();
  if (!(await o.inFlight.settled(o.timeoutMs))) {
    o.log.warn({ requests: o.inFlight.count() }, 'drain timeout: closing unfinished requests');
    o.server.closeAllConnections();
  }
}
