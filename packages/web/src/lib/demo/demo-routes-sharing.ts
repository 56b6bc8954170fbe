import { z } from 'zod';
import {
  emailSchema,
  guestScopeSchema,
  SHARE_ROLES,
  type GuestScope,
  type ShareRole,
} from '@hearth/protocol';
import { findHome, type DemoContext } from './demo-context';
import { inviteBody, revokeBody } from './demo-home-schemas';
import type { DemoHome } from './demo-model';
import { DemoHttpFailure, route, type DemoRequest, type DemoRoute } from './demo-router';
import { parseBody } from './demo-validate';

const GROUP = '/api/v2/groups/:gid';
const DAY_MS = 86_400_000;

interface DemoMember {
  email: string;
  pending: boolean;
  role: ShareRole;
  scope: GuestScope;
}

interface DemoActivity {
  id: number;
  at: string;
  actor: string;
  source: string;
  via: string;
  dev_id: string | null;
  node_type: string | null;
  node_addr: number | null;
  action: string;
  detail: Record<string, unknown>;
}

const sharedInvite = inviteBody.extend({
  role: z.enum(SHARE_ROLES).optional(),
  scope: guestScopeSchema.optional(),
});
const rightsBody = z.object({
  email: emailSchema,
  role: z.enum(SHARE_ROLES),
  scope: guestScopeSchema.optional(),
});
const activityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().min(1).optional(),
});

const day = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * docs/sharing.md in demo mode: the visitor owns every home; each is shared with a resident and
 * a guest limited to one room, 18–22 °C, programme or manual, no boost, for a week; a few changes
 * fill the activity log. Invitations carry a role and scope; none is ever accepted (no mail
 * leaves).
 */
export function sharingRoutes(ctx: DemoContext): DemoRoute[] {
  const members = new Map<string, DemoMember[]>();
  const logs = new Map<string, DemoActivity[]>();
  const heatersOf = (h: DemoHome) =>
    h.devIds.flatMap((devId) =>
      (ctx.world.devices.get(devId)?.model.nodes ?? [])
        .filter((n) => n.type !== 'pmo')
        .map((n) => ({ devId, type: n.type, addr: n.addr, name: n.name })),
    );
  const seed = (h: DemoHome) => {
    const now = ctx.now();
    const [room, other] = heatersOf(h);
    members.set(h.id, [
      { email: 'sam@hearth.local', pending: false, role: 'resident', scope: {} },
      {
        email: 'guest@hearth.local',
        pending: false,
        role: 'guest',
        scope: {
          ...(room ? { nodes: [{ devId: room.devId, type: room.type, addr: room.addr }] } : {}),
          minC: 18,
          maxC: 22,
          modes: ['auto', 'manual'],
          boost: false,
          validFrom: day(now - DAY_MS),
          validTo: day(now + 6 * DAY_MS),
        },
      },
    ]);
    const entry = (
      id: number,
      ago: number,
      actor: string,
      node: typeof room,
      action: string,
      detail: Record<string, unknown>,
      source = 'app',
      via = '',
    ): DemoActivity => ({
      id,
      at: new Date(now - ago).toISOString(),
      actor,
      source,
      via,
      dev_id: node?.devId ?? null,
      node_type: node?.type ?? null,
      node_addr: node?.addr ?? null,
      action,
      detail,
    });
    logs.set(h.id, [
      entry(4, 20 * 60_000, 'guest@hearth.local', room, 'post status', {
        stemp: '21.5',
        units: 'C',
      }),
      entry(3, 3 * 3_600_000, 'sam@hearth.local', other ?? room, 'post status', { mode: 'manual' }),
      entry(
        2,
        26 * 3_600_000,
        'Hearth',
        other ?? room,
        'post status',
        { stemp: '20', units: 'C' },
        'automation',
        'automation:optimum-start',
      ),
      entry(1, 50 * 3_600_000, 'sam@hearth.local', room, 'post prog', { prog: '…' }),
    ]);
  };
  const of = (req: DemoRequest) => {
    const h = findHome(ctx, req.params[0] ?? '');
    if (!members.has(h.id)) seed(h);
    return { home: h, list: members.get(h.id) ?? [], log: logs.get(h.id) ?? [] };
  };
  const csvField = (v: unknown) => {
    const text = v === null || v === undefined ? '' : String(v);
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return `"${safe.replace(/"/g, '""')}"`;
  };
  return [
    route('GET', `${GROUP}/members`, (req) => ({ members: structuredClone(of(req).list) })),
    route('PUT', `${GROUP}/members`, (req) => {
      const { home, list } = of(req);
      const b = parseBody(rightsBody, req.body);
      const member = list.find((m) => m.email === b.email.toLowerCase());
      if (!member) throw new DemoHttpFailure(404, 'not_found', 'No such guest in this home');
      member.role = b.role;
      member.scope = b.role === 'guest' ? (b.scope ?? {}) : {};
      members.set(home.id, list);
      return structuredClone(member);
    }),
    route('GET', `${GROUP}/my_access`, (req) => ({
      role: 'owner',
      scope: {},
      active: true,
      problem: null,
      time_zone: String(of(req).home.geo.tz_code ?? 'UTC'),
    })),
    route('GET', `${GROUP}/activity`, (req) => {
      const { log } = of(req);
      const q = parseBody(activityQuery, Object.fromEntries(req.query));
      const page = log.filter((e) => q.before === undefined || e.id < q.before).slice(0, q.limit);
      const last = page.at(-1);
      return { entries: page, next_before: page.length === q.limit && last ? last.id : null };
    }),
    route('GET', `${GROUP}/activity.csv`, (req) => {
      const head = 'at,actor,source,via,dev_id,node_type,node_addr,action,detail';
      const lines = of(req).log.map((e) =>
        [
          e.at,
          e.actor,
          e.source,
          e.via,
          e.dev_id,
          e.node_type,
          e.node_addr,
          e.action,
          JSON.stringify(e.detail),
        ]
          .map(csvField)
          .join(','),
      );
      return [head, ...lines].join('\r\n') + '\r\n';
    }),
    route('GET', `${GROUP}/guest_users`, (req) => ({
      guest_users: of(req).list.map((m) => ({ email: m.email, pending: m.pending })),
    })),
    route(
      'POST',
      '/api/v2/users/:uid/invite',
      (req) => {
        const b = parseBody(sharedInvite, req.body);
        const { home, list } = of({ ...req, params: [b.groupid] });
        const email = b.email.toLowerCase();
        const role = b.role ?? 'resident';
        const scope = role === 'guest' ? (b.scope ?? {}) : {};
        const known = list.find((m) => m.email === email);
        if (known) Object.assign(known, { role, scope });
        else list.push({ email, pending: true, role, scope });
        members.set(home.id, list);
        return { email, pending: true };
      },
      201,
    ),
    route('DELETE', '/api/v2/users/:uid/invite', (req) => {
      const b = parseBody(revokeBody, req.body);
      const { home, list } = of({ ...req, params: [b.groupid] });
      const email = b.email.toLowerCase();
      if (!list.some((m) => m.email === email))
        throw new DemoHttpFailure(404, 'not_found', 'No such guest in this home');
      members.set(
        home.id,
        list.filter((m) => m.email !== email),
      );
    }),
  ];
}
