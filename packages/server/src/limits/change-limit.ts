import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { errors } from '../errors';
import type { ChangeCounter } from './change-counter';

export const DEFAULT_CHANGES_PER_HOUR = 600;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set to false on a write route that must not count as a change (e.g. a test notification);
     * 'in-handler' when the handler calls `ChangeLimit.admit` itself, before it stores anything,
     * so that the count can run beside the handler's own reads.
     */
    changeLimit?: boolean | 'in-handler';
  }
}

/**
 * The per-user cap on changes per hour (spec 1 §8 "maximum number of changes in one hour").
 * Runs as a preHandler, after authentication and body validation and before the handler,
 * so a refused change stores nothing and a malformed body does not use up the allowance.
 */
export function createChangeLimit(counter: ChangeCounter, perHour: number, now = Date.now) {
  async function preHandler(request: FastifyRequest): Promise<void> {
    const user = request.user;
    if (!user) return;
    const count = await counter.hit(user.userId, now());
    if (count > perHour) throw errors.tooManyChanges();
  }
  return {
    preHandler,
    /**
     * Counts the change and refuses it past the cap, as the preHandler does, for a route
     * marked `changeLimit: 'in-handler'`. With `alongside`, the reads the handler needs run at
     * the same time; their result is returned once the change is admitted, and a refusal wins
     * over their error, as it would have come first from the preHandler.
     */
    async admit<T>(request: FastifyRequest, alongside: Promise<T>): Promise<T> {
      const [count, result] = await Promise.allSettled([preHandler(request), alongside]);
      if (count.status === 'rejected') throw count.reason;
      if (result.status === 'rejected') throw result.reason;
      return result.value;
    },
    /**
     * Adds the cap to every write route registered after this call in `app` and its child
     * plugins, so routes of every feature are covered without each one opting in.
     */
    applyToWrites(app: FastifyInstance): void {
      app.addHook('onRoute', (route: RouteOptions) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        if (!methods.some((m) => WRITE_METHODS.has(m))) return;
        if (route.config?.changeLimit === false || route.config?.changeLimit === 'in-handler')
          return;
        const existing = route.preHandler;
        const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
        route.preHandler = [preHandler, ...list];
      });
    },
    close: () => counter.close(),
  };
}
export type ChangeLimit = ReturnType<typeof createChangeLimit>;
