import type { Server, ServerResponse } from 'node:http';

export interface InFlight {
  /** HTTP requests received and not yet answered (or abandoned by the client). */
  count(): number;
  /**
   * Resolves once no request is in flight, or after `timeoutMs`: true when they all ended,
   * false when some were still running at the deadline.
   */
  settled(timeoutMs: number): Promise<boolean>;
  /** From now on each answer closes its connection, so no keep-alive outlives the drain. */
  closeAfterAnswers(): void;
}

/** Counts the requests a server is answering, so that a draining process can wait for them. */
export function trackInFlight(server: Server): InFlight {
  let running = 0;
  let closing = false;
  const answering = new Set<ServerResponse>();
  const waiting = new Set<() => void>();
  server.on('request', (_req, res) => {
    running += 1;
    if (closing) res.shouldKeepAlive = false;
    answering.add(res);
    res.once('close', () => {
      answering.delete(res);
      running -= 1;
      if (running === 0) for (const wake of [...waiting]) wake();
    });
  });
  return {
    count: () => running,
    closeAfterAnswers() {
      closing = true;
      for (const res of answering) if (!res.headersSent) res.shouldKeepAlive = false;
    },
    settled(timeoutMs) {
      if (running === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const done = (ended: boolean) => {
          clearTimeout(timer);
          waiting.delete(wake);
          resolve(ended);
        };
        const wake = () => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        waiting.add(wake);
      });
    },
  };
}
