import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from '../logger';

/**
 * The operator's way into a server that runs on the embedded database: a Unix socket in
 * DATA_DIR, readable by the account that owns DATA_DIR and nobody else (mode 0600). Only that
 * process may open the database while it runs, so `npm run backup` and `npm run diagnostics`
 * ask it through this socket; when nothing answers on it, no server holds the data folder and
 * they open the database themselves.
 */
export const ADMIN_SOCKET_NAME = 'admin.sock';
/** sockaddr_un holds 108 bytes with its terminating NUL; some systems 104. */
const MAX_SOCKET_PATH = 103;

export function adminSocketPath(dataDir: string): string {
  return join(dataDir, ADMIN_SOCKET_NAME);
}

export interface AdminHandlers {
  /** A copy of the embedded database's folder as a tar archive, taken between two statements. */
  dumpDatabase(): Promise<Blob>;
  /** A home's diagnostics; undefined for an unknown home. */
  diagnostics(groupId: string): Promise<unknown>;
}

export interface AdminSocket {
  /** Answers with these from now on (503 before). */
  serve(handlers: AdminHandlers): void;
  close(): Promise<void>;
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/**
 * Asks the server holding `socketPath`; undefined when none answers (no socket, or one left
 * behind by a process that ended without removing it).
 */
export function askAdmin(socketPath: string, path: string): Promise<IncomingMessage | undefined> {
  if (!existsSync(socketPath)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path, method: 'GET' }, resolve);
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(undefined);
      else reject(err);
    });
    req.end();
  });
}

export async function readAll(res: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Takes the admin socket of `dataDir` before the database is opened: a second server started
 * on the same data folder stops here (DataDirInUseError) instead of opening the database that
 * the first one is writing. A socket nobody answers on is what a stopped process left: removed.
 * Undefined when the path is too long for a Unix socket (logged; backups then need the server
 * stopped).
 */
export async function openAdminSocket(
  dataDir: string,
  log: Logger,
): Promise<AdminSocket | undefined> {
  const path = adminSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    log.warn(
      { path },
      'DATA_DIR is too long a path for the admin socket; backups need the server stopped',
    );
    return undefined;
  }
  const answer = await askAdmin(path, '/ping');
  if (answer) {
    answer.resume();
    throw new DataDirInUseError(
      `Another Hearth process serves ${dataDir} (it answers on ${path}); stop it first`,
    );
  }
  if (existsSync(path)) unlinkSync(path);
  let handlers: AdminHandlers | undefined;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = req.url ?? '/';
      if (url === '/ping') return res.end('pong');
      if (!handlers) {
        res.statusCode = 503;
        return res.end('starting');
      }
      if (url === '/database') {
        const dump = await handlers.dumpDatabase();
        res.setHeader('content-type', 'application/x-tar');
        res.setHeader('content-length', String(dump.size));
        Readable.fromWeb(dump.stream() as Parameters<typeof Readable.fromWeb>[0]).pipe(res);
        return;
      }
      const home = /^\/diagnostics\/([^/?#]+)$/.exec(url);
      if (home?.[1]) {
        const found = await handlers.diagnostics(decodeURIComponent(home[1]));
        res.statusCode = found === undefined ? 404 : 200;
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify(found ?? { message: 'Home not found' }));
      }
      res.statusCode = 404;
      res.end('not found');
    })().catch((err: unknown) => {
      log.error({ err }, 'admin socket request failed');
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  log.info({ path }, 'admin socket listening (backups and diagnostics)');
  return {
    serve(h) {
      handlers = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The embedded database's client behind `db`; undefined on PostgreSQL. */
export function embeddedClientOf(db: object): PGlite | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : undefined;
}
