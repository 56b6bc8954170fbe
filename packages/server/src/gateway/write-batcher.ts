/**
 * Gathers writes that arrive together and stores them with one statement. A flush starts on
 * the next turn of the event loop, so an idle server adds no delay; while flushes run, new
 * writes gather for the next one, so a busy server makes fewer, larger statements instead of
 * queueing one round trip per message. Each caller's promise settles once its own write is
 * stored (or failed), so what follows it — the realtime update, the gateway's next message —
 * still comes after the write, as without batching.
 */
export interface WriteBatcher<T, R> {
  add(item: T): Promise<R>;
  /** Stores what is held now, without waiting out `gather`; resolves once all of it is stored. */
  flush(): Promise<void>;
}

interface Waiting<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (err: unknown) => void;
}

export function createWriteBatcher<T, R>(opts: {
  /** Stores the items in one go; answers one result per item, in order. */
  store: (items: T[]) => Promise<R[]>;
  /** Largest batch (bounds the statement's size). */
  maxBatch?: number;
  /** Batches stored at once (at most this many database connections). */
  maxInFlight?: number;
  /**
   * For writes nobody waits on, so that they make few statements and keep out of the way of
   * the ones somebody does wait on: a flush starts once no write has come for `quietMs`, or
   * `maxWaitMs` after the first write it holds (default: on the next turn of the event loop).
   */
  gather?: { quietMs: number; maxWaitMs: number };
}): WriteBatcher<T, R> {
  const maxBatch = opts.maxBatch ?? 500;
  const maxInFlight = opts.maxInFlight ?? 2;
  const gather = opts.gather;
  let firstHeld = 0;
  let queue: Waiting<T, R>[] = [];
  let inFlight = 0;
  let scheduled = false;
  let gathering: NodeJS.Timeout | undefined;
  const stored = new Set<Promise<void>>();

  async function storeBatch(batch: Waiting<T, R>[]): Promise<void> {
    try {
      const results = await opts.store(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i] as R));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      // One bad write (say, of a device deleted meanwhile) must not fail the others: each
      // goes again on its own and only the bad one fails.
      for (const w of batch) {
        try {
          const [result] = await opts.store([w.item]);
          w.resolve(result as R);
        } catch (one) {
          w.reject(one);
        }
      }
    }
  }

  function pump(): void {
    scheduled = false;
    clearTimeout(gathering);
    while (queue.length > 0 && inFlight < maxInFlight) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      inFlight++;
      const done = storeBatch(batch).finally(() => {
        inFlight--;
        stored.delete(done);
        pump();
      });
      stored.add(done);
    }
  }

  return {
    add(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (inFlight >= maxInFlight) return;
        if (gather) {
          const now = performance.now();
          if (!scheduled) firstHeld = now;
          scheduled = true;
          clearTimeout(gathering);
          const wait = Math.min(gather.quietMs, firstHeld + gather.maxWaitMs - now);
          gathering = setTimeout(pump, Math.max(0, wait));
        } else if (!scheduled) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
    async flush() {
      while (queue.length > 0 || stored.size > 0) {
        pump();
        await Promise.all([...stored]);
      }
    },
  };
}
