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
import {
  CREDENTIAL_THROTTLE,
  type CredentialThrottlePolicy,
  type ErrorBody,
} from '@hearth/protocol';
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
const uidParam: AccountOf = (request) => (request.params as { uid?: unknown } | undefined)?.uid;
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
  { method: 'POST', url: '/api/v2/users/:uid/password', policy: 'signIn', account: uidParam },
  { method: 'POST', url: '/api/v2/users/:uid/email', policy: 'signIn', account: uidParam },
  { method: 'DELETE', url: '/api/v2/users/:uid', policy: 'signIn', account: uidParam },
  { method: 'POST', url: '/api/v2/users/verify', policy: 'code', account: field('user') },
  { method: 'POST', url: '/api/v2/users/password/reset', policy: 'code', account: field('user') },
  { method: 'POST', url: '/api/v2/users/email/confirm', policy: 'code', account: field('user') },
  {
    method: 'POST',
    url: '/api/v2/users/:uid/invite_confirmation',
    policy: 'code',
    account: uidParam,
  },
  { method: 'POST', url: '/api/v2/users', policy: 'mail', account: field('email') },
  { method: 'POST', url: '/api/v2/users/password/forgot', policy: 'mail', account: field('email') },
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
}

export function tooManyAttemptsBody(): ErrorBody {
  return {
    message: 'Too many attempts; try again later',
    statusCode: 429,
    error: 'too_many_attempts',
  };
}

function asList<T>(hook: T | T[] | undefined): T[] {
  return hook === undefined ? [] : Array.isArray(hook) ? hook : [hook];
}

/**
 * Login throttling: counts attempts per account and per client address on the guarded
 * routes and answers 429 `too_many_attempts` with a Retry-After past the limits of
 * CREDENTIAL_THROTTLE. An attempt is counted before the request is looked at, so parallel
 * guesses cannot slip past the limit; a success gives it back (sign-in and codes), and a
 * proven password or code clears the account's count.
 */
export function createCredentialThrottle(
  store: AttemptStore,
  limits: Limits = CREDENTIAL_THROTTLE,
) {
  const reserved = new WeakMap<FastifyRequest, Reserved>();

  async function refuse(reply: FastifyReply, resetInMs: number): Promise<FastifyReply> {
    return reply
      .code(429)
      .header('retry-after', String(Math.max(1, Math.ceil(resetInMs / 1000))))
      .send(tooManyAttemptsBody());
  }

  function guard(
    policy: CredentialThrottlePolicy,
    accountOf: AccountOf,
  ): preValidationHookHandler & preHandlerHookHandler {
    const limit = limits[policy];
    return async function throttle(request, reply) {
      const addressKey = `${policy}:addr:${request.ip}`;
      const byAddress = await store.hit(addressKey, limit.windowMs);
      if (byAddress.count > limit.perAddress) return refuse(reply, byAddress.resetInMs);
      const account = accountKey(accountOf(request));
      const key = account === undefined ? undefined : `${policy}:acct:${account}`;
      if (key !== undefined) {
        const byAccount = await store.hit(key, limit.windowMs);
        if (byAccount.count > limit.perAccount) return refuse(reply, byAccount.resetInMs);
      }
      reserved.set(request, { policy, addressKey, accountKey: key });
    };
  }

  const settle: onSendHookHandler = async (request, reply, payload) => {
    const held = reserved.get(request);
    reserved.delete(request);
    if (!held || reply.statusCode >= 300 || held.policy === 'mail') return payload;
    await store.refund(held.addressKey);
    if (held.accountKey !== undefined) await store.clear(held.accountKey);
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
