import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import {
  fahrenheitToCelsius,
  GUEST_NODE_WRITES,
  GUEST_WRITE_FIELDS,
  nodeWriteRoute,
  SCOPE_PROBLEM_TEXT,
  scopeProblem,
  scopeWindowProblem,
  type ScopeProblem,
  type ScopeWrite,
  WINDOW_PROBLEMS,
} from '@hearth/protocol';
import { errors } from '../errors';
import type { Member, MembersRepository } from './members.repository';

const READ_METHODS = new Set(['GET', 'HEAD']);
/** Reads that list the device's nodes: a guest whose scope names rooms gets those only. */
const NODE_LISTS = new Set(['/api/v2/devs/:dev/dev_data', '/api/v2/devs/:dev/mgr/nodes']);

/** A guest asks what they may do also when it is nothing now (sharing.routes.ts my_access). */
const UNGATED = new Set(['/api/v2/groups/:gid/my_access']);
const GUEST_WRITE_ROUTES = new Set<string>(GUEST_NODE_WRITES.map((a) => nodeWriteRoute(a)));
const GUEST_FIELDS = new Set<string>(GUEST_WRITE_FIELDS);

/** Members looked up for a request: by `dev:<id>` or `home:<id>`, once each. */
const lookups = new WeakMap<FastifyRequest, Map<string, Promise<Member | undefined>>>();

/**
 * The caller's rights on the device or home a request names, looked up in the database once
 * per request: the gate asks before the route runs, and the activity recorder reads the same
 * answer after it (so a device deleted by the request is still logged in its home).
 */
export function memberOfRequest(
  request: FastifyRequest,
  members: Pick<MembersRepository, 'ofDev' | 'ofHome'>,
  by: 'dev' | 'home',
  key: string,
): Promise<Member | undefined> {
  const userId = request.user?.userId;
  if (!userId) return Promise.resolve(undefined);
  let cache = lookups.get(request);
  if (!cache) lookups.set(request, (cache = new Map()));
  const id = `${by}:${key}`;
  let found = cache.get(id);
  if (!found) {
    found =
      by === 'dev'
        ? members.ofDev(userId, key)
        : /^[0-9a-f-]{36}$/i.test(key)
          ? members.ofHome(userId, key)
          : Promise.resolve(undefined);
    cache.set(id, found);
  }
  return found;
}

/** 403 `outside_scope`, the problem's code in the message after its wording. */
export function outsideScope(problem: ScopeProblem) {
  return errors.outsideScope(`${SCOPE_PROBLEM_TEXT[problem]} (${problem})`);
}

const celsius = (value: unknown, units: unknown): number | undefined => {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) return undefined;
  return units === 'F' ? fahrenheitToCelsius(n) : n;
};

/** A guest's status, mode or boost write read for the scope check; null when it holds more. */
export function guestWriteOf(url: string, body: unknown): ScopeWrite | null {
  const b = (body ?? {}) as Record<string, unknown>;
  if (Object.keys(b).some((k) => !GUEST_FIELDS.has(k))) return null;
  if (url.endsWith('/boost')) {
    return { boost: b.active === true, stempC: celsius(b.temperature, b.units) };
  }
  return {
    stempC: celsius(b.stemp, b.units),
    mode: typeof b.mode === 'string' ? b.mode : undefined,
    boost: b.boost === true ? true : undefined,
  };
}

/**
 * A guest's request, judged before the route's own checks and before anything is counted or
 * stored (docs/sharing.md): outside the validity window nothing; reads only of shared rooms;
 * writes only of set point, mode and boost of a shared room, within bounds and modes.
 */
export function guestRefusal(
  member: Member,
  req: { method: string; url: string; params: Record<string, unknown>; body: unknown },
  now = Date.now(),
): ScopeProblem | null {
  if (member.role !== 'guest') return null;
  // Outside the dates or hours nothing else is said: the home is as a stranger's.
  const window = scopeWindowProblem(member.scope, now, member.timeZone);
  if (window) return window;
  const { dev, type, addr } = req.params;
  const node =
    typeof dev === 'string' && typeof type === 'string' && addr !== undefined
      ? { devId: dev, type, addr: Number(addr) }
      : undefined;
  let write: ScopeWrite | undefined;
  if (!READ_METHODS.has(req.method)) {
    if (!GUEST_WRITE_ROUTES.has(req.url)) return 'write_not_allowed';
    const read = guestWriteOf(req.url, req.body);
    if (!read) return 'write_not_allowed';
    write = read;
  }
  return scopeProblem(member.scope, { now, timeZone: member.timeZone, node, write });
}

/**
 * Adds the guest check to every route that names a device (`:dev`) or a home (`:gid`), first
 * among its pre-handlers. Owners and residents pass here; their limits are the routes' own.
 */
export function applyMemberGate(app: FastifyInstance, members: MembersRepository): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const byDev = route.url.includes(':dev/') || route.url.endsWith(':dev');
    const byHome = route.url.includes(':gid');
    if ((!byDev && !byHome) || UNGATED.has(route.url)) return;
    const check = async (request: FastifyRequest) => {
      const userId = request.user?.userId;
      if (!userId) return;
      const params = (request.params ?? {}) as Record<string, unknown>;
      const key = byDev ? params.dev : params.gid;
      if (typeof key !== 'string' || key.length > 64) return;
      const member = await memberOfRequest(request, members, byDev ? 'dev' : 'home', key);
      if (!member) return;
      const problem = guestRefusal(member, {
        method: request.method,
        url: route.url,
        params,
        body: request.body,
      });
      // Outside the dates or weekly hours the home is as a stranger's (docs/sharing.md).
      if (problem && WINDOW_PROBLEMS.includes(problem))
        throw errors.missing(byDev ? 'dev' : 'home');
      if (problem) throw outsideScope(problem);
    };
    const existing = route.preHandler;
    const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
    route.preHandler = [check, ...list];
    if (NODE_LISTS.has(route.url) && methodsOf(route).includes('GET')) {
      const hooks = route.preSerialization;
      const after = hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
      route.preSerialization = [...after, sharedNodesOnly(members)];
    }
  });
}

const methodsOf = (route: RouteOptions) =>
  Array.isArray(route.method) ? route.method : [route.method];

/** The `nodes` of an answer cut to the rooms of a guest's scope (the gate's lookup, cached). */
function sharedNodesOnly(members: MembersRepository) {
  return async (request: FastifyRequest, _reply: unknown, payload: unknown) => {
    const dev = (request.params as { dev?: unknown } | undefined)?.dev;
    if (typeof dev !== 'string' || !payload || typeof payload !== 'object') return payload;
    const member = await memberOfRequest(request, members, 'dev', dev);
    const shared = member?.role === 'guest' ? member.scope.nodes : undefined;
    const nodes = (payload as { nodes?: unknown }).nodes;
    if (!shared || !Array.isArray(nodes)) return payload;
    const inScope = (n: { type?: unknown; addr?: unknown }) =>
      shared.some((s) => s.devId === dev && s.type === n.type && s.addr === n.addr);
    return { ...payload, nodes: nodes.filter(inScope) };
  };
}
