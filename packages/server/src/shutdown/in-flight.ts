import type { Server } from 'node:http';

export interface InFlight {
  /** HTTP requests received and not yet answered (or abandoned by the client). */
  count(): number;
  /**
   * Resolves once no request is in flight, or after `timeoutMs`: true when they all ended,
   * false when some were still running at the deadline.
   */
  settled(timeoutMs: number): Promise<boolean>;
}

/** Counts the requests a server is answering, so that a draining process can wait for them. */
export function trackInFlight(server: Server): InFlight {
  let running = 0;
  const waiting = new Set<() => void>();
  server.on('request', (_req, res) => {
    running += 1;
    res.once('close', () => {
      running -= 1;
      if (running === 0) for (const wake of [...waiting]) wake();
    });
  });
  return {
    count: () => running,
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
