import { CONNECTION_WAIT_MS, REACHABILITY_INTERVAL_MS, REACHABILITY_TRIES } from '@hearth/protocol';
import { isConflictAnswer, refusalOfAnswer } from '../../../lib/http/refusal';

/** Spec 2 §4 "Device registration" states: registering 0, conflict 1, connection error 2. */
export type RegistrationOutcome =
  | { kind: 'registered' }
  | { kind: 'alreadyMine' }
  | { kind: 'conflict' }
  /** Spec 2 §8: 409 "Home already registered", the new home's id is someone else's home. */
  | { kind: 'homeRegistered' }
  | { kind: 'connectionError' }
  | { kind: 'invalid' };

export interface RegistrationDeps {
  /** Reachability check; resolves false (or rejects) when the backend cannot be reached. */
  reachable: () => Promise<boolean>;
  /** POST /api/v2/devs; resolves with the HTTP status (201, 400, 409, 5xx) and error code. */
  addDevice: () => Promise<{ status: number; error?: string }>;
  /** Whether the device is already among the user's devices. */
  isMine: () => Promise<boolean>;
  /** Whether the gateway reports connected now. */
  connected: () => Promise<boolean>;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** Poll interval while waiting for the gateway. */
  pollMs?: number;
  /** Connection wait budget (60 s, or 40 s when unspecified). */
  waitMs?: number;
}

async function safe(fn: () => Promise<boolean>): Promise<boolean> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Error) return false;
    throw err;
  }
}

async function checkReachable(deps: RegistrationDeps): Promise<boolean> {
  for (let attempt = 1; attempt <= REACHABILITY_TRIES; attempt++) {
    if (await safe(deps.reachable)) return true;
    if (attempt < REACHABILITY_TRIES) await deps.sleep(REACHABILITY_INTERVAL_MS);
  }
  return false;
}

/**
 * Spec 2 §4: reachability (7 tries 1 s apart), registration (409 tolerated when the device is
 * already the user's, device_conflict otherwise; other non-400 errors retry everything; 400
 * stops), then waiting for the gateway to report connected within what is left of 60 s. The
 * answer's error code tells a refusal (lib/http refusal.ts), its status only when it has none.
 */
export async function registerDevice(deps: RegistrationDeps): Promise<RegistrationOutcome> {
  const started = deps.now();
  const pollMs = deps.pollMs ?? 1_000;
  const waitMs = deps.waitMs ?? CONNECTION_WAIT_MS;
  for (;;) {
    if (!(await checkReachable(deps))) return { kind: 'connectionError' };
    let answer: { status: number; error?: string };
    try {
      answer = await deps.addDevice();
    } catch (err) {
      if (!(err instanceof Error)) throw err;
      answer = { status: 0 };
    }
    if (answer.status >= 200 && answer.status < 300) break;
    const refusal = refusalOfAnswer(answer);
    if (refusal.kind === 'own') {
      // Spec 2 §8: "Home already registered", the new home's id is someone else's home.
      if (refusal.code === 'already_registered') return { kind: 'homeRegistered' };
      if (!isConflictAnswer(answer)) return { kind: 'invalid' };
      if (await safe(deps.isMine)) return { kind: 'alreadyMine' };
      return { kind: 'conflict' };
    }
    // Anything else (5xx, network) retries the whole registration.
    await deps.sleep(REACHABILITY_INTERVAL_MS);
  }
  while (deps.now() - started < waitMs) {
    if (await safe(deps.connected)) return { kind: 'registered' };
    await deps.sleep(pollMs);
  }
  return { kind: 'connectionError' };
}
