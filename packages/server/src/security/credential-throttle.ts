import { createHash } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import { CREDENTIAL_THROTTLE, type CredentialThrottlePolicy } from '@hearth/protocol';
import { errors } from '../errors';
import type { AttemptStore } from './attempt-store';

type Limits = Record<
  CredentialThrottlePolicy,
  { perAccount: number; perAddress: number; windowMs: number }
>;

/** Reads the account an attempt is aimed at from the raw (not yet validated) request. */
type AccountOf = (request: FastifyRequest) => unknown;

const field =
  (name: string): AccountOf =>
  (request) =>
    (request.body as Record<string, unknown> | null | undefined)?.[name];
/**
 * On the routes of a user id the attempt counts against the caller's own account (the token's),
 * never the id in the path: a stranger's refusals there must not lock its owner out.
 */
const caller: AccountOf = (request) => request.user?.userId;
/** Mailed codes are unguessable: only the address counts, so nobody can block a user's code. */
const nobody: AccountOf = () => undefined;
const passwordGrantUser: AccountOf = (request) => {
  const body = request.body as Record<string, unknown> | null | undefined;
  return body?.grant_type === 'password' ? body.username : undefined;
};

/**
 * Every route where a caller can guess a secret (a password or a mailed code) or make the
 * server send mail, with the policy it counts under and whose account it aims at.
 */
export const GUARDED_ROUTES: ReadonlyArray<{
  method: string;
  url: string;
  policy: CredentialThrottlePolicy;
  account: AccountOf;
}> = [
  { method: 'POST', url: '/client/token', policy: 'signIn', account: passwordGrantUser },
  { method: 'POST', url: '/api/v2/client/token', policy: 'signIn', account: passwordGrantUser },
  { method: 'POST', url: '/api/v2/users/:uid/password', policy: 'signIn', account: caller },
  { method: 'POST', url: '/api/v2/users/:uid/email', policy: 'signIn', account: caller },
  { method: 'DELETE', url: '/api/v2/users/:uid', policy: 'signIn', account: caller },
  // A vendor cloud's password tried on the caller's behalf: its failures count as the caller's.
  { method: 'POST', url: '/api/v2/cloud_links/accounts', policy: 'signIn', account: caller },
  { method: 'POST', url: '/api/v2/users/verify', policy: 'code', account: nobody },
  { method: 'POST', url: '/api/v2/users/password/reset', policy: 'code', account: nobody },
  { method: 'POST', url: '/api/v2/users/email/confirm', policy: 'code', account: nobody },
  {
    method: 'POST',
    url: '/api/v2/users/:uid/invite_confirmation',
    policy: 'code',
    account: nobody,
  },
  { method: 'POST', url: '/api/v2/users', policy: 'mail', account: field('email') },
  { method: 'POST', url: '/api/v2/users/password/forgot', policy: 'mail', account: field('email') },
  { method: 'POST', url: '/api/v2/users/verify/resend', policy: 'mail', account: field('email') },
];

/** Account names are hashed so that the counters (on Redis too) hold no e-mail address. */
function accountKey(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 32);
}

interface Reserved {
  policy: CredentialThrottlePolicy;
  addressKey: string;
  accountKey: string | undefined;
  /** The account's attempts under way, released when this one is answered. */
  pendingKey: string | undefined;
}

/** How long attempts under way are remembered if their answer never comes (a crash). */
const PENDING_TTL_MS = 60_000;
/** How long an attempt waits for the account's attempts under way before it is refused. */
const MAX_WAIT_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function asList<T>(hook: T | T[] | undefined): T[] {
  return hook === undefined ? [] : Array.isArray(hook) ? hook : [hook];
}

/**
 * Login throttling: counts attempts per client address and failures per account on the
 * guarded routes and answers 429 `too_many_attempts` with a Retry-After past the limits of
 * CREDENTIAL_THROTTLE. An address's attempt is counted before the request is looked at and
 * given back on success. An account counts only its failures; so that parallel guesses
 * cannot slip past its limit, attempts under way count too, and one that would go over waits
 * for them to be answered instead of being refused: correct sign-ins, however many at once,
 * are never refused as failures. A proven password clears the account's count.
 */
export function createCredentialThrottle(
  store: AttemptStore,
  limits: Limits = CREDENTIAL_THROTTLE,
  /** Told of every refusal (the metric of login throttles). */
  onRefused: (policy: CredentialThrottlePolicy) => void = () => undefined,
) {
  const reserved = new WeakMap<FastifyRequest, Reserved>();

  async function refuse(
    reply: FastifyReply,
    policy: CredentialThrottlePolicy,
    resetInMs: number,
  ): Promise<FastifyReply> {
    onRefused(policy);
    const refusal = errors.tooManyAttempts();
    return reply
      .code(refusal.statusCode)
      .header('retry-after', String(Math.max(1, Math.ceil(resetInMs / 1000))))
      .send(refusal.toBody());
  }

  function guard(
    policy: CredentialThrottlePolicy,
    accountOf: AccountOf,
  ): preValidationHookHandler & preHandlerHookHandler {
    const limit = limits[policy];
    return async function throttle(request, reply) {
      const addressKey = `${policy}:addr:${request.ip}`;
      const byAddress = await store.hit(addressKey, limit.windowMs);
      if (byAddress.count > limit.perAddress) return refuse(reply, policy, byAddress.resetInMs);
      const account = accountKey(accountOf(request));
      const key = account === undefined ? undefined : `${policy}:acct:${account}`;
      let pendingKey: string | undefined;
      if (key !== undefined && policy === 'mail') {
        // Every mail counts, sent or not: the limit protects the inbox.
        const byAccount = await store.hit(key, limit.windowMs);
        if (byAccount.count > limit.perAccount) return refuse(reply, policy, byAccount.resetInMs);
      } else if (key !== undefined) {
        pendingKey = `${key}:pending`;
        const waitUntil = Date.now() + MAX_WAIT_MS;
        for (;;) {
          // Reserve first, then read the failures: an attempt answered meanwhile has counted
          // its failure before giving its reservation back, so none is missed.
          const pending = await store.hit(pendingKey, PENDING_TTL_MS);
          const failures = await store.peek(key);
          if (failures.count >= limit.perAccount) {
            await store.refund(pendingKey);
            return refuse(reply, policy, failures.resetInMs);
          }
          if (failures.count + pending.count <= limit.perAccount) break;
          await store.refund(pendingKey);
          if (Date.now() > waitUntil) return refuse(reply, policy, 1000);
          await sleep(10 + Math.random() * 40);
        }
      }
      reserved.set(request, { policy, addressKey, accountKey: key, pendingKey });
    };
  }

  const settle: onSendHookHandler = async (request, reply, payload) => {
    const held = reserved.get(request);
    reserved.delete(request);
    if (!held || held.policy === 'mail') return payload;
    const status = reply.statusCode;
    const release = async () => {
      if (held.pendingKey !== undefined) await store.refund(held.pendingKey);
    };
    if (status >= 400 && status < 500) {
      // A failure: a wrong password, someone else's user id (the caller's), a bad code. It
      // counts before the attempt stops being under way (see the guard).
      if (held.accountKey !== undefined) {
        await store.hit(held.accountKey, limits[held.policy].windowMs);
      }
      await release();
      return payload;
    }
    await release();
    // A success (or the server's own fault, which proves nothing) costs the address nothing.
    await store.refund(held.addressKey);
    if (status < 400 && held.accountKey !== undefined) await store.clear(held.accountKey);
    return payload;
  };

  return {
    /** Adds the throttle to the guarded routes registered after this call. */
    applyTo(app: FastifyInstance): void {
      app.addHook('onRoute', (route: RouteOptions) => {
        const methods = asList(route.method);
        const guarded = GUARDED_ROUTES.find(
          (g) => g.url === route.url && methods.includes(g.method),
        );
        if (!guarded) return;
        const hook = guard(guarded.policy, guarded.account);
        if (guarded.policy === 'mail') {
          // After validation: a malformed request sends no mail, so it costs nothing.
          route.preHandler = [hook, ...asList(route.preHandler)];
        } else {
          // First, so that even a wrong client secret on the token endpoint counts.
          route.preValidation = [hook, ...asList(route.preValidation)];
        }
        route.onSend = [...asList(route.onSend), settle];
      });
    },
    close: () => store.close(),
  };
}
export type CredentialThrottle = ReturnType<typeof createCredentialThrottle>;
