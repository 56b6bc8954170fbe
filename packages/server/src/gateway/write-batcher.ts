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
}): WriteBatcher<T, R> {
  const maxBatch = opts.maxBatch ?? 500;
  const maxInFlight = opts.maxInFlight ?? 2;
  let queue: Waiting<T, R>[] = [];
  let inFlight = 0;
  let scheduled = false;

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
    while (queue.length > 0 && inFlight < maxInFlight) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      inFlight++;
      void storeBatch(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return {
    add(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!scheduled && inFlight < maxInFlight) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
  };
}
