import type { Server } from 'socket.io';

/** An Engine.IO connection, as far as this module needs it. */
interface EngineConnection {
  readonly protocol: number;
  emit(event: string | symbol, ...args: unknown[]): boolean;
}

/**
 * A socket.io CONNECT packet (type 0) to a namespace whose name carries a query:
 * `0/nsp?a=1&b=2` and optionally `,{json payload}`.
 */
const CONNECT_WITH_QUERY = /^0(\/[^?,]*)\?([^,]*)(?:,(.*))?$/s;

/**
 * The packet read as a CONNECT to the bare namespace, with the query's parameters as the auth
 * payload (a payload the client sent wins over them); anything else is left as it is.
 */
export function namespaceQueryAsAuth(packet: string, namespace: string): string {
  const match = CONNECT_WITH_QUERY.exec(packet);
  if (!match || match[1] !== namespace) return packet;
  let sent: unknown = {};
  if (match[3]) {
    try {
      sent = JSON.parse(match[3]);
    } catch (err) {
      if (err instanceof SyntaxError) return packet;
      throw err;
    }
  }
  if (sent === null || typeof sent !== 'object' || Array.isArray(sent)) return packet;
  const auth = { ...Object.fromEntries(new URLSearchParams(match[2])), ...sent };
  return `0${namespace},${JSON.stringify(auth)}`;
}

/**
 * The Python smartbox client (python-socketio, Engine.IO v4) names the namespace with its
 * credentials as a query, `/api/v2/socket_io?token=…&dev_id=…`, as socket.io 2 clients did.
 * socket.io 4 reads such a query from Engine.IO v3 clients only and refuses the namespace of a
 * v4 one as unknown (python-socketio's own server drops the query). So a v4 client's CONNECT
 * to `namespace` with a query is read as one to the namespace, the query as its auth payload,
 * before socket.io decodes it; v3 clients are left to socket.io, which does the same for them.
 */
export function acceptNamespaceQuery(io: Server, namespace: string): void {
  io.engine.prependListener('connection', (conn: EngineConnection) => {
    if (conn.protocol === 3) return;
    const emit = conn.emit.bind(conn);
    conn.emit = (event, ...args) => {
      const [data] = args;
      if (event === 'data' && typeof data === 'string' && data.startsWith('0/')) {
        return emit(event, namespaceQueryAsAuth(data, namespace));
      }
      return emit(event, ...args);
    };
  });
}
