import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailSchema, guestScopeSchema, SHARE_ROLES } from '@hearth/protocol';
import { z } from 'zod';
import { currentUser } from '../http/authenticate';
import type { GuestsService } from './guests.service';

const security = [{ bearer: [] }];
const tags = ['guests'];
const uidParams = z.object({ uid: z.string().max(64) });
const groupId = z.string().min(1).max(64);

/** docs/wire-contract.md §4 invite rows and §5 guest_users (owner only). */
export function guestsRoutes(deps: { guests: GuestsService }): FastifyPluginAsyncZod {
  const { guests } = deps;
  return async (app) => {
    app.get(
      '/api/v2/groups/:gid/guest_users',
      {
        schema: {
          tags,
          security,
          summary: "The home's guests and the invitations not yet accepted",
          params: z.object({ gid: groupId }),
          response: {
            200: z.object({
              guest_users: z.array(z.object({ email: z.string(), pending: z.boolean() })),
            }),
          },
        },
      },
      async (request) => guests.list(currentUser(request).userId, request.params.gid),
    );
    app.post(
      '/api/v2/users/:uid/invite',
      {
        schema: {
          tags,
          security,
          params: uidParams,
          body: z.object({
            email: emailSchema,
            groupid: groupId,
            confirmation_url: z
              .url({ protocol: /^https?$/ })
              .max(512)
              .optional(),
            // Hearth extensions (docs/sharing.md); absent, the invitee becomes a resident.
            role: z.enum(SHARE_ROLES).optional(),
            scope: guestScopeSchema.optional(),
          }),
          description:
            'Pending invitation; mails {base}/invite-confirm/{serialId}?userid=&code=, where base is confirmation_url when the brand allows it (PUBLIC_URL otherwise). Hearth: role (resident, the default, or guest) and a guest scope (docs/sharing.md)',
          response: { 201: z.object({ email: z.string(), pending: z.boolean() }) },
        },
      },
      async (request, reply) => {
        const claims = currentUser(request);
        const invited = await guests.invite(claims, request.params.uid, request.body);
        return reply.status(201).send(invited);
      },
    );
    app.delete(
      '/api/v2/users/:uid/invite',
      {
        schema: {
          tags,
          security,
          summary: "Revoke a guest's access to a home, or an invitation",
          params: uidParams,
          body: z.object({ groupid: groupId, email: emailSchema }),
        },
      },
      async (request) => {
        await guests.revoke(currentUser(request), request.params.uid, request.body);
        return {};
      },
    );
  };
}

/** No auth: the link in the invitation e-mail is the credential (docs/wire-contract.md §4). */
export function inviteConfirmationRoutes(deps: { guests: GuestsService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v2/users/:uid/invite_confirmation',
      {
        schema: {
          tags,
          params: uidParams,
          body: z.object({ pass: z.string().min(1).max(128), code: z.string().min(1).max(128) }),
          description:
            'uid is the invitation id of the link; creates the account when the e-mail has none',
          response: { 200: z.object({ email: z.string() }) },
        },
      },
      async (request) => deps.guests.confirm(request.params.uid, request.body),
    );
  };
}
