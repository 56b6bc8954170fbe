import type { Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Makes what is written to a connection in one turn of the event loop leave in one write:
 * the first write of a turn corks the connection and the end of the turn uncorks it.
 *
 * A WebSocket frame is otherwise one system call of its own. When a whole fleet reports at
 * once, a stored batch of reports (or a Redis read of the other process's updates) emits
 * several updates to the same socket in one turn, and on loopback each write also does the
 * receiving side's TCP work. Nothing waits longer than the turn it was written in.
 */
export function coalesceWrites(connection: Duplex): void {
  let corked = false;
  const uncork = () => {
    corked = false;
    connection.uncork();
  };
  const write = connection.write;
  connection.write = function (this: Duplex, ...args: Parameters<Duplex['write']>) {
    if (!corked && !connection.destroyed) {
      corked = true;
      connection.cork();
      process.nextTick(uncork);
    }
    return write.apply(this, args);
  } as Duplex['write'];
}

/** Coalesces the writes of every connection the server upgrades (WebSockets: the app's sockets). */
export function coalesceUpgradedWrites(server: HttpServer): void {
  // Before the upgrade handlers, so that their handshake answer is the first write coalesced.
  server.prependListener('upgrade', (_req: unknown, connection: Duplex) =>
    coalesceWrites(connection),
  );
}
