import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { AccessTokenClaims } from '@hearth/protocol';
import type { OAuthClients } from '../auth/oauth-clients';
import { isAppSession } from '../auth/scopes';
import type { Db } from '../db/client';
import { activityLog, devs } from '../db/schema';
import type { Logger } from '../logger';
import type { ActivityRepository } from './activity.repository';
import { memberOfRequest } from './member-gate';
import type { MembersRepository } from './members.repository';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Guest invitations name their home in the body (`groupid`), not in the path. */
const INVITE_ROUTE = '/api/v2/users/:uid/invite';
/** The invitee accepts with the mailed link, without a token: the invitation names the home. */
const INVITE_CONFIRM_ROUTE = '/api/v2/users/:uid/invite_confirmation';
/** Adding a device names it in the body (`dev_id`); it is in its home once added. */
const ADD_DEVICE_ROUTE = '/api/v2/devs';
/** Detail fields never logged: secrets and codes. */
const SECRET = /pass|secret|key|token|code|ssid|wifi/i;
const DETAIL_MAX_FIELDS = 12;
const DETAIL_MAX_TEXT = 64;

/**
 * The action name of a route: its path below the device, node or home, without the API's
 * prefix (`post status`, `delete device`, `put home/members`, `post comfort/window/override`).
 */
export function actionOf(method: string, url: string): string {
  const tail = url
    .replace(/^\/api\/(v2|hearth\/v1|notifications\/v1)\//, '')
    .replace(/^users\/:uid\//, 'home/')
    .replace(/^(groups|homes)\/:gid\/?/, 'home/')
    .replace(/^:gid\/?/, 'home/')
    .replace(/(^|\/)devs\/:dev\/?/, '$1')
    .replace(/:type\/:addr\/?/, '')
    .replace(/\/$/, '');
  const whole = url.includes('/devs/:dev') ? 'device' : 'home';
  return `${method.toLowerCase()} ${tail || whole}`;
}

/**
 * A web address as the log may show it: scheme, host and path. A price source's address may
 * carry an API key in its query or a user and password, and residents read the log.
 */
function withoutUrlSecrets(text: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return text;
  try {
    const url = new URL(text);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return text.replace(/[?#].*$/s, '');
  }
}

/** A small, secret-free copy of a write's body: plain values and short texts only. */
export function detailOf(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body).slice(0, DETAIL_MAX_FIELDS)) {
    if (SECRET.test(k)) continue;
    if (typeof v === 'number' || typeof v === 'boolean') out[k] = v;
    else if (typeof v === 'string') out[k] = withoutUrlSecrets(v).slice(0, DETAIL_MAX_TEXT);
    else if (v !== null && typeof v === 'object') out[k] = '…';
  }
  return out;
}

/** `via` of a write from the app's own sign-in. */
export const APP_VIA = 'app';
/** `via` of a linked assistant whose client was registered without a name. */
export const UNNAMED_ASSISTANT_VIA = 'linked assistant';
const SID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Where a person's write came from, in words (docs/sharing.md "Activity log"): the app, or
 * the linked assistant by the name its OAuth client was registered with; never a client id.
 */
export async function sourceOf(
  user: Pick<AccessTokenClaims, 'scope' | 'sid'>,
  deps: { activity: Pick<ActivityRepository, 'clientOfSession'>; clients?: OAuthClients },
): Promise<{ source: 'app' | 'assistant'; via: string }> {
  if (isAppSession(user.scope)) return { source: 'app', via: APP_VIA };
  const clientId = SID.test(user.sid) ? await deps.activity.clientOfSession(user.sid) : null;
  const name = clientId ? deps.clients?.find(clientId)?.name : undefined;
  return { source: 'assistant', via: (name ?? UNNAMED_ASSISTANT_VIA).slice(0, 200) };
}

/**
 * Records every accepted write to a device, node or home (any 2xx answer of a write route
 * that names one) in the home's activity log, with who, from which app or linked assistant.
 * A refused write answers 4xx and is not recorded; a failed recording is logged, never fatal.
 */
export function applyActivityRecorder(
  app: FastifyInstance,
  deps: {
    members: MembersRepository;
    activity: ActivityRepository;
    log: Logger;
    /** The registered OAuth clients, whose names say which assistant wrote. */
    clients?: OAuthClients;
  },
): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => WRITE_METHODS.has(m))) return;
    const byDev = route.url.includes('/devs/:dev');
    const byHome = route.url.includes(':gid');
    const added = route.url === ADD_DEVICE_ROUTE;
    if (route.url === INVITE_CONFIRM_ROUTE) {
      addOnResponse(route, acceptance(deps));
      return;
    }
    if (!byDev && !byHome && !added && route.url !== INVITE_ROUTE) return;
    const record = async (request: FastifyRequest, reply: FastifyReply) => {
      const user = request.user;
      if (!user || reply.statusCode < 200 || reply.statusCode >= 300) return;
      const params = (request.params ?? {}) as Record<string, unknown>;
      const body = request.body as Record<string, unknown> | undefined;
      try {
        const devId =
          byDev && typeof params.dev === 'string'
            ? params.dev
            : added && typeof body?.dev_id === 'string'
              ? body.dev_id
              : undefined;
        // The gate's answer, from before the route ran (a deleted device is still in its home).
        const member = devId
          ? await memberOfRequest(request, deps.members, 'dev', devId)
          : await memberOfRequest(
              request,
              deps.members,
              'home',
              String(byHome ? params.gid : (body?.groupid ?? '')),
            );
        if (!member) return;
        const addr = Number(params.addr);
        await deps.activity.add({
          groupId: member.groupId,
          userId: user.userId,
          actor: user.email,
          ...(await sourceOf(user, deps)),
          devId: devId ?? null,
          nodeType: typeof params.type === 'string' ? params.type : null,
          nodeAddr: Number.isInteger(addr) ? addr : null,
          action: actionOf(request.method, route.url),
          detail: detailOf(body),
        });
      } catch (err) {
        deps.log.warn({ err, url: route.url }, 'activity log: write not recorded');
      }
    };
    addOnResponse(route, record);
  });
}

function addOnResponse(
  route: RouteOptions,
  hook: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
): void {
  const existing = route.onResponse;
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  route.onResponse = [...list, hook];
}

/** An invitation accepted through its mailed link: the invitee joined the home. */
function acceptance(deps: {
  members: Pick<MembersRepository, 'invitation'>;
  activity: Pick<ActivityRepository, 'add'>;
  log: Logger;
}) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300) return;
    const uid = (request.params as { uid?: unknown } | undefined)?.uid;
    if (typeof uid !== 'string' || !SID.test(uid)) return;
    try {
      const invitation = await deps.members.invitation(uid);
      if (!invitation || invitation.pending) return;
      await deps.activity.add({
        groupId: invitation.groupId,
        userId: invitation.userId,
        actor: invitation.email,
        source: 'app',
        via: APP_VIA,
        action: 'post home/invite_confirmation',
        detail: { email: invitation.email, role: invitation.role ?? 'resident' },
      });
    } catch (err) {
      deps.log.warn({ err }, 'activity log: accepted invitation not recorded');
    }
  };
}

/** The automations that write to heaters on a home's behalf, as the log names them. */
export const AUTOMATION_NAMES = [
  'optimum-start',
  'window',
  'holiday',
  'power-guard',
  'charge-plan',
] as const;
export type AutomationName = (typeof AUTOMATION_NAMES)[number];

/** Who an automation's entry names: Hearth itself, no person. */
export const AUTOMATION_ACTOR = 'Hearth';

/** How the log names an automation (`via`): `automation:window`, … */
export const automationVia = (name: AutomationName) => `automation:${name}`;

/** One write an automation made to a device or one of its nodes. */
export interface AutomationWrite {
  automation: AutomationName;
  devId: string;
  /** The node written to; absent for a write to the whole device. */
  node?: { type: string; addr: number };
  /** What changed: the write's body (`{stemp, units}`, `{mode}`, …). */
  change: Record<string, unknown>;
  /** Why, in words a person understands ("window open: held at anti-frost"). */
  reason: string;
  /** More about it (slope, price, limit, …): plain values, kept small as a user's detail. */
  detail?: Record<string, unknown>;
  /** The action as the same write by a person is named (`actionOf`); default `post status`. */
  action?: string;
  at?: Date;
}

/**
 * Records an automation's write in the activity log of the device's home (docs/sharing.md
 * "Activity log"): source `automation`, `via` `automation:<name>`, no user. Call it once the
 * write was accepted. Never throws: a failure is logged and answers false, as a write that
 * was made must not fail for its log entry; false too when the device has no home.
 */
export async function recordAutomationWrite(
  db: Db,
  write: AutomationWrite,
  log?: Pick<Logger, 'warn'>,
): Promise<boolean> {
  try {
    const [dev] = await db
      .select({ groupId: devs.groupId })
      .from(devs)
      .where(eq(devs.devId, write.devId));
    if (!dev?.groupId) return false;
    const action = write.action ?? 'post status';
    await db.insert(activityLog).values({
      groupId: dev.groupId,
      ...(write.at ? { at: write.at } : {}),
      userId: null,
      actor: AUTOMATION_ACTOR,
      source: 'automation',
      via: automationVia(write.automation),
      devId: write.devId,
      nodeType: write.node?.type ?? null,
      nodeAddr: write.node?.addr ?? null,
      action: action.slice(0, 200),
      detail: {
        ...detailOf(write.detail),
        ...detailOf(write.change),
        reason: write.reason.slice(0, 200),
      },
    });
    return true;
  } catch (err) {
    log?.warn(
      { err, devId: write.devId, automation: write.automation },
      'activity log: automation write not recorded',
    );
    return false;
  }
}
