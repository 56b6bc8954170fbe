import {
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_RECONNECT_JITTER,
  SOCKET_RECONNECT_MAX_DELAY_MS,
} from '@hearth/protocol';

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  /** Share of each delay (0..1) that is taken off at random. */
  jitter: number;
  /** A number in [0, 1); Math.random in the app, fixed in tests. */
  random: () => number;
}

export const DEFAULT_BACKOFF: BackoffOptions = {
  baseMs: SOCKET_RECONNECT_DELAY_MS,
  maxMs: SOCKET_RECONNECT_MAX_DELAY_MS,
  jitter: SOCKET_RECONNECT_JITTER,
  random: Math.random,
};

/**
 * The wait before attempt number `failures` (0 after the first loss): base × 2^failures, capped,
 * minus a random share, so that every client of a restarted server does not come back at once.
 */
export function backoffDelay(failures: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const exponent = Math.max(0, Math.min(failures, 30));
  const full = Math.min(options.maxMs, options.baseMs * 2 ** exponent);
  return Math.round(full * (1 - options.jitter * options.random()));
}

export interface Reconnector {
  /** An attempt failed (or the connection was lost): the next one comes after the backoff. */
  failed: () => void;
  /** Connected: the backoff starts again from its base. */
  succeeded: () => void;
  /** Tries at once (coming online, focus, the app shown again, "Try now"), unless connected. */
  now: () => void;
  /** Failed attempts since the last success. */
  failures: () => number;
  stop: () => void;
}

export interface ReconnectorOptions {
  /** Starts one attempt; the caller reports its end with failed() or succeeded(). */
  attempt: () => void;
  backoff?: BackoffOptions;
  /** Whether the app is on screen: a hidden app waits to be shown (battery, data). */
  visible?: () => boolean;
}

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/**
 * The retry loop of one connection: after a loss it tries again after a growing delay, without
 * end, while the app is visible; a hidden app tries again as soon as it is shown (now()).
 */
export function createReconnector(options: ReconnectorOptions): Reconnector {
  const visible = options.visible ?? pageVisible;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting = false;
  let stopped = false;

  const fire = () => {
    timer = undefined;
    if (stopped) return;
    if (!visible()) return; // now() runs it when the app is shown again
    waiting = false;
    options.attempt();
  };

  return {
    failed: () => {
      if (stopped) return;
      clearTimeout(timer);
      waiting = true;
      timer = setTimeout(fire, backoffDelay(failures, options.backoff));
      failures += 1;
    },
    succeeded: () => {
      failures = 0;
      waiting = false;
      clearTimeout(timer);
      timer = undefined;
    },
    now: () => {
      if (stopped || !waiting) return;
      clearTimeout(timer);
      fire();
    },
    failures: () => failures,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
