import pg from 'pg';
import type { Logger } from '../logger';

/**
 * Only one process of a deployment runs the linked devices' bridges: two would each sign in
 * to every account, answer every command twice and double the cloud's request rate. The one
 * that holds a PostgreSQL advisory lock runs them; the others wait and try again. The lock is
 * held by a connection of its own, so a process that dies or loses its database gives it up
 * at once, and another takes over on its next try.
 */
export const BRIDGE_LOCK_KEY = 27_0001;

/** A connection that may hold the lock. */
export interface LockSession {
  /** True when this connection now holds the lock (or already did). */
  tryLock(): Promise<boolean>;
  /** Called once if the connection is lost (with it, the lock). */
  onLost(listener: () => void): void;
  close(): Promise<void>;
}

/** A session on the deployment's PostgreSQL for the bridges' lock. */
export async function openPgLockSession(url: string): Promise<LockSession> {
  const client = new pg.Client({ connectionString: url });
  let lost: (() => void) | undefined;
  let ended = false;
  const gone = () => {
    if (ended) return;
    ended = true;
    lost?.();
  };
  client.on('error', gone);
  client.on('end', gone);
  await client.connect();
  return {
    async tryLock() {
      const res = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
        BRIDGE_LOCK_KEY,
      ]);
      return res.rows[0]?.ok === true;
    },
    onLost(listener) {
      lost = listener;
    },
    async close() {
      ended = true;
      await client.end().catch(() => undefined);
    },
  };
}

/**
 * Contends for the lock every `retryMs` until it holds it, then calls `lead`; when the lock's
 * connection is lost, calls `follow` and contends again. `stop()` ends it (and gives the lock up).
 */
export function holdBridgeLease(deps: {
  open: () => Promise<LockSession>;
  retryMs: number;
  lead: () => Promise<void>;
  follow: () => Promise<void>;
  log: Logger;
}): { stop(): Promise<void>; leading(): boolean } {
  let session: LockSession | undefined;
  let leading = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waitingSaid = false;

  const later = () => {
    if (stopped) return;
    timer = setTimeout(() => void attempt(), deps.retryMs);
    timer.unref();
  };

  async function lost(): Promise<void> {
    session = undefined;
    if (leading) {
      leading = false;
      deps.log.warn('cloud link: the bridges’ lock was lost with its connection; bridges stop');
      await deps.follow().catch((err: unknown) => deps.log.warn({ err }, 'cloud link: stop'));
    }
    later();
  }

  async function attempt(): Promise<void> {
    if (stopped) return;
    try {
      if (!session) {
        const opened = await deps.open();
        if (stopped) return void (await opened.close());
        opened.onLost(() => {
          if (session === opened) void lost();
        });
        session = opened;
      }
      if (await session.tryLock()) {
        if (stopped) return;
        leading = true;
        waitingSaid = false;
        deps.log.info('cloud link: this process runs the bridges');
        await deps.lead();
        return;
      }
      if (!waitingSaid) {
        waitingSaid = true;
        deps.log.info('cloud link: another process runs the bridges; this one stands by');
      }
    } catch (err) {
      deps.log.warn({ err }, 'cloud link: the bridges’ lock could not be asked for');
      const broken = session;
      session = undefined;
      await broken?.close();
    }
    later();
  }

  void attempt();
  return {
    leading: () => leading,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      leading = false;
      const open = session;
      session = undefined;
      await open?.close();
    },
  };
}
