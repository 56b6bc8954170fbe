import { createHash, randomUUID } from 'node:crypto';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { createMemoryAttemptStore, createRedisAttemptStore } from './attempt-store';
import type { CredentialThrottlePolicy } from '@hearth/protocol';
import { createCredentialThrottle, type CredentialThrottle } from './credential-throttle';

export {
  createCredentialThrottle,
  GUARDED_ROUTES,
  type CredentialThrottle,
} from './credential-throttle';
export {
  createMemoryAttemptStore,
  createRedisAttemptStore,
  type AttemptStore,
} from './attempt-store';
export { installCors } from './cors';
export {
  contentSecurityPolicy,
  installSecurityHeaders,
  tileSource,
  type SecurityHeadersOptions,
} from './security-headers';

/**
 * The processes that share one database share one set of counters: the Redis keys are
 * named after the database, so two installations (or test servers) on one Redis stay apart.
 */
export function redisPrefix(config: Config, kind = 'attempts'): string {
  const db = config.database;
  const identity = db.kind === 'postgres' ? db.url : (db.dataDir ?? `memory:${randomUUID()}`);
  return `hearth:${kind}:${createHash('sha256').update(identity).digest('hex').slice(0, 12)}:`;
}

/** The login throttle of this server: on Redis when REDIS_URL is set, else in this process. */
export function credentialThrottleFor(
  config: Config,
  log: Logger,
  onRefused?: (policy: CredentialThrottlePolicy) => void,
): CredentialThrottle {
  const store = config.redisUrl
    ? createRedisAttemptStore(config.redisUrl, redisPrefix(config), (err) =>
        log.debug({ err }, 'login throttle: Redis unavailable, counting in this process'),
      )
    : createMemoryAttemptStore();
  return createCredentialThrottle(store, undefined, onRefused);
}
