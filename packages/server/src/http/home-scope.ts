import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { mayWriteHome } from '../auth/scopes';
import { errors } from '../errors';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Guest invitations name their home in the body (`groupid`), not in the path. */
const INVITE_ROUTE = '/api/v2/users/:uid/invite';

function homeOf(request: FastifyRequest, url: string): string | undefined {
  if (url.includes(':gid')) return (request.params as { gid?: string }).gid;
  if (url === INVITE_ROUTE) return (request.body as { groupid?: string } | undefined)?.groupid;
  return undefined;
}

/**
 * Spec 1 "Device linking": a token linked to a voice assistant writes on the devices and on
 * the one home chosen when it was linked. Every write route that names a home refuses it for
 * any other home (403) before the route's own checks and before the change is counted.
 */
export function limitHomeWritesToScope(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => WRITE_METHODS.has(m))) return;
    if (!route.url.includes(':gid') && route.url !== INVITE_ROUTE) return;
    const check = async (request: FastifyRequest) => {
      const scope = request.user?.scope;
      const home = homeOf(request, route.url);
      if (scope === undefined || home === undefined) return;
      if (!mayWriteHome(scope, home)) throw errors.forbidden('This token may not change this home');
    };
    const existing = route.preHandler;
    const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
    route.preHandler = [check, ...list];
  });
}
