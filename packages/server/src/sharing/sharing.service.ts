import { scopeWindowProblem, type GuestScope, type ShareRole } from '@hearth/protocol';
import { errors } from '../errors';
import type { HomeAccess } from '../homes/home-access';
import type { HomesAdminRepository } from '../homes/homes-admin.repository';
import type { RealtimeEmitter } from '../realtime/realtime.emitter';
import type { ActivityRepository, ActivityRow } from './activity.repository';
import type { MembersRepository } from './members.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An activity entry as the API answers it. */
export function activityJson(row: ActivityRow) {
  return {
    id: row.id,
    at: row.at.toISOString(),
    user_id: row.userId,
    actor: row.actor,
    source: row.source,
    via: row.via,
    dev_id: row.devId,
    node_type: row.nodeType,
    node_addr: row.nodeAddr,
    action: row.action,
    detail: row.detail,
  };
}

/** Members' rights and the activity log of a home (docs/sharing.md). */
export function createSharingService(deps: {
  members: MembersRepository;
  activity: ActivityRepository;
  access: HomeAccess;
  homes: Pick<HomesAdminRepository, 'devIdsOf'>;
  realtime: Pick<RealtimeEmitter, 'revalidate'>;
}) {
  const { members, activity, access, homes, realtime } = deps;
  /** Owners and residents read the log; a guest may not (403), a stranger sees no home (404). */
  async function requireReader(userId: string, groupId: string) {
    const member = UUID.test(groupId) ? await members.ofHome(userId, groupId) : undefined;
    await access.home(userId, groupId);
    if (!member || member.role === 'guest')
      throw errors.forbidden('Only the owner and residents may read the activity log');
  }
  return {
    async list(userId: string, groupId: string) {
      await access.home(userId, groupId, 'owner');
      const rows = await members.list(groupId);
      return {
        members: rows.map((r) => ({
          email: r.email,
          pending: r.pending,
          role: r.role ?? ('resident' as const),
          scope: r.scope ?? {},
        })),
      };
    },
    /** The caller's own rights on the home, also when a guest's window is closed. */
    async mine(userId: string, groupId: string, now = Date.now()) {
      const member = UUID.test(groupId) ? await members.ofHome(userId, groupId) : undefined;
      if (!member) throw errors.missing('home');
      const problem =
        member.role === 'guest' ? scopeWindowProblem(member.scope, now, member.timeZone) : null;
      return {
        role: member.role,
        scope: member.scope,
        active: problem === null,
        problem,
        time_zone: member.timeZone,
      };
    },
    async setRights(
      userId: string,
      groupId: string,
      body: { email: string; role: ShareRole; scope?: GuestScope | undefined },
    ) {
      await access.home(userId, groupId, 'owner');
      const email = body.email.toLowerCase();
      const row = (await members.list(groupId)).find((m) => m.email === email);
      if (!row) throw errors.notFound('No such guest in this home');
      const scope = body.role === 'guest' ? (body.scope ?? {}) : {};
      await members.setRights(row.guestId, body.role, scope);
      // Narrower rights take hold on open sockets at once.
      for (const devId of await homes.devIdsOf(groupId)) realtime.revalidate(devId);
      return { email, pending: row.pending, role: body.role, scope };
    },
    async activityPage(userId: string, groupId: string, limit: number, before?: number) {
      await requireReader(userId, groupId);
      const rows = await activity.page(groupId, limit, before);
      const last = rows.at(-1);
      return {
        entries: rows.map(activityJson),
        next_before: rows.length === limit && last ? last.id : null,
      };
    },
    async activityCsv(userId: string, groupId: string) {
      await requireReader(userId, groupId);
      const rows: ActivityRow[] = [];
      for (let before: number | undefined; ;) {
        const page = await activity.page(groupId, 1000, before);
        rows.push(...page);
        if (page.length < 1000) break;
        before = page.at(-1)?.id;
      }
      return activityCsv(rows);
    },
  };
}
export type SharingService = ReturnType<typeof createSharingService>;

const csvField = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  // Quoted always; a leading formula character is defused for spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** The log as CSV, newest first, one line per entry (docs/sharing.md). */
export function activityCsv(rows: readonly ActivityRow[]): string {
  const head = 'at,actor,source,via,dev_id,node_type,node_addr,action,detail';
  const lines = rows.map((r) =>
    [
      r.at.toISOString(),
      r.actor,
      r.source,
      r.via,
      r.devId,
      r.nodeType,
      r.nodeAddr,
      r.action,
      JSON.stringify(r.detail),
    ]
      .map(csvField)
      .join(','),
  );
  return [head, ...lines].join('\r\n') + '\r\n';
}
