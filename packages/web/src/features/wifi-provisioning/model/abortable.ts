/** Rejected when the user cancels or the flow leaves the screen. */
export class AbortedError extends Error {
  constructor() {
    super('aborted');
    this.name = 'AbortedError';
  }
}

/** Rejected when a method ran past its time limit (spec 2 §4: 60 s). */
export class ProvisioningTimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'ProvisioningTimeoutError';
  }
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortedError());
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new AbortedError());
      },
      { once: true },
    );
  });

/**
 * Runs `work` with its own signal that aborts after `ms` or when `outer` aborts; the result
 * rejects with ProvisioningTimeoutError at the limit even if `work` ignores its signal.
 */
export function withTimeout<T>(
  ms: number,
  outer: AbortSignal,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const stopOuter = () => controller.abort();
  outer.addEventListener('abort', stopOuter, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ProvisioningTimeoutError(ms));
    }, ms);
  });
  const aborted = new Promise<never>((_, reject) => {
    if (outer.aborted) reject(new AbortedError());
    outer.addEventListener('abort', () => reject(new AbortedError()), { once: true });
  });
  return Promise.race([work(controller.signal), limit, aborted]).finally(() => {
    clearTimeout(timer);
    outer.removeEventListener('abort', stopOuter);
  });
}

/** A signal that aborts after `ms` or with `outer` (AbortSignal.any is missing on older WebViews). */
export function timeoutSignal(
  outer: AbortSignal,
  ms: number,
): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const abort = () => controller.abort();
  if (outer.aborted) controller.abort();
  outer.addEventListener('abort', abort, { once: true });
  const timer = setTimeout(abort, ms);
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      outer.removeEventListener('abort', abort);
    },
  };
}
