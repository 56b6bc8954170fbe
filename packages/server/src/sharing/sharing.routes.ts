import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailSchema, guestScopeSchema, SCOPE_PROBLEMS, SHARE_ROLES } from '@hearth/protocol';
import { z } from 'zod';
import { currentUser } from '../http/authenticate';
import { ACTIVITY_PAGE_MAX } from './activity.repository';
import type { SharingService } from './sharing.service';

const security = [{ bearer: [] }];
const tags = ['sharing'];
const gidParams = z.object({ gid: z.string().min(1).max(64) });
const roleSchema = z.enum(SHARE_ROLES);
const scopeOut = guestScopeSchema;
const memberSchema = z.object({
  email: z.string(),
  pending: z.boolean(),
  role: roleSchema,
  scope: scopeOut,
});
const activitySchema = z.object({
  id: z.number(),
  at: z.string(),
  user_id: z.string().nullable(),
  actor: z.string(),
  source: z.string(),
  via: z.string(),
  dev_id: z.string().nullable(),
  node_type: z.string().nullable(),
  node_addr: z.number().nullable(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
});

/** Hearth extensions for sharing a home (docs/sharing.md); the smartbox routes stay as they are. */
export function sharingRoutes(deps: { sharing: SharingService }): FastifyPluginAsyncZod {
  const { sharing } = deps;
  return async (app) => {
    app.get(
      '/api/v2/groups/:gid/members',
      {
        schema: {
          tags,
          security,
          summary: "The home's members and invitations with their role and scope (owner only)",
          params: gidParams,
          response: { 200: z.object({ members: z.array(memberSchema) }) },
        },
      },
      async (request) => sharing.list(currentUser(request).userId, request.params.gid),
    );
    app.put(
      '/api/v2/groups/:gid/members',
      {
        schema: {
          tags,
          security,
          summary: "Change a member's or invitation's role and scope (owner only)",
          description:
            'A resident has no scope (sent scope is ignored); a guest without scope has every room, no bounds, at any time',
          params: gidParams,
          body: z.object({
            email: emailSchema,
            role: roleSchema,
            scope: guestScopeSchema.optional(),
          }),
          response: { 200: memberSchema },
        },
      },
      async (request) =>
        sharing.setRights(currentUser(request).userId, request.params.gid, request.body),
    );
    app.get(
      '/api/v2/groups/:gid/my_access',
      {
        schema: {
          tags,
          security,
          summary: "The caller's own role and scope on the home, and whether it holds now",
          params: gidParams,
          response: {
            200: z.object({
              role: z.enum(['owner', ...SHARE_ROLES]),
              scope: scopeOut,
              active: z.boolean(),
              problem: z.enum(SCOPE_PROBLEMS).nullable(),
              time_zone: z.string(),
            }),
          },
        },
      },
      async (request) => sharing.mine(currentUser(request).userId, request.params.gid),
    );
    app.get(
      '/api/v2/groups/:gid/activity',
      {
        schema: {
          tags,
          security,
          summary: 'Who changed what in the home, newest first (owner and residents)',
          description: 'Kept 90 days. Page on with before=next_before until next_before is null.',
          params: gidParams,
          querystring: z.object({
            limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).default(50),
            before: z.coerce.number().int().min(1).optional(),
          }),
          response: {
            200: z.object({
              entries: z.array(activitySchema),
              next_before: z.number().nullable(),
            }),
          },
        },
      },
      async (request) =>
        sharing.activityPage(
          currentUser(request).userId,
          request.params.gid,
          request.query.limit,
          request.query.before,
        ),
    );
    app.get(
      '/api/v2/groups/:gid/activity.csv',
      {
        schema: {
          tags,
          security,
          summary: 'The whole activity log as CSV (owner and residents)',
          params: gidParams,
        },
      },
      async (request, reply) => {
        const csv = await sharing.activityCsv(currentUser(request).userId, request.params.gid);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="activity.csv"')
          .send(csv);
      },
    );
  };
}
