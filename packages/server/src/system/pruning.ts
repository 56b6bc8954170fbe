import type { Logger } from '../logger';
import type { Pruned } from '../repositories/expired.repository';

/** How often each process deletes what expired (the deletes are the same in every process). */
export const PRUNE_INTERVAL_MS = 60 * 60_000;

/**
 * Deletes expired and ended sign-ins, refresh tokens and codes every `intervalMs`
 * (expired.repository.ts says what goes) until stopped. A failed round is logged; the next
 * one tries again.
 */
export function startPruning(opts: {
  prune: () => Promise<Pruned>;
  log: Logger;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const round = async () => {
    try {
      const pruned = await opts.prune();
      opts.log.debug({ pruned }, 'expired sign-ins, tokens and codes deleted');
    } catch (err) {
      opts.log.warn({ err }, 'deleting expired sign-ins, tokens and codes failed');
    }
  };
  const timer = setInterval(() => {
    running ??= round().finally(() => (running = undefined));
  }, opts.intervalMs ?? PRUNE_INTERVAL_MS);
  // Never what keeps a process alive.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
