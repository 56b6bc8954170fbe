import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLOUD_ACCOUNT_STATES, HISTORY_IMPORT_STATES } from '../db/schema';
import { currentUser } from '../http/authenticate';
import type { CloudLinkService } from './cloud-link.service';

const security = [{ bearer: [] }];
const tags = ['cloud links'];
const EXT = 'Hearth extension (docs/cloud-link.md). ';
const accountParams = z.object({ account: z.string().max(64) });
const iso = z.string().nullable();

const linkedDev = z.object({
  dev_id: z.string(),
  upstream_dev_id: z.string(),
  name: z.string(),
  group_id: z.string().nullable(),
  last_update_at: iso,
  stale: z.boolean(),
  stale_reason: z.enum(['needs-password', 'unreachable', 'rate-limited', 'no-updates']).nullable(),
  history: z.object({ state: z.enum(HISTORY_IMPORT_STATES), from: iso, done_until: iso }),
});
const accountSchema = z.object({
  id: z.string(),
  cloud: z.string(),
  label: z.string(),
  email: z.string(),
  state: z.enum(CLOUD_ACCOUNT_STATES),
  state_at: z.string(),
  devs: z.array(linkedDev),
});

export const linkAccountBody = z.strictObject({
  cloud: z.string().min(1).max(32),
  email: z.string().trim().min(3).max(254),
  password: z.string().min(1).max(256),
});
export const bringDevicesBody = z.strictObject({
  group_id: z.string().min(1).max(64),
  devs: z.array(z.string().min(1).max(64)).min(1).max(50),
});

/** Linking vendor cloud accounts (docs/cloud-link.md): the caller's own accounts only. */
export function cloudLinkRoutes(deps: { cloudLink: CloudLinkService }): FastifyPluginAsyncZod {
  const { cloudLink } = deps;
  return async (app) => {
    app.get(
      '/api/v2/cloud_links/clouds',
      {
        schema: {
          tags,
          security,
          description: `${EXT}The clouds the operator offers for linking; empty when none`,
          response: {
            200: z.object({ clouds: z.array(z.object({ name: z.string(), label: z.string() })) }),
          },
        },
      },
      async () => ({ clouds: cloudLink.clouds() }),
    );
    app.get(
      '/api/v2/cloud_links/accounts',
      {
        schema: {
          tags,
          security,
          description: `${EXT}The caller's linked accounts with their state and linked devices (stale, history import); never a password`,
          response: { 200: z.object({ accounts: z.array(accountSchema) }) },
        },
      },
      async (request) => ({ accounts: await cloudLink.accounts(currentUser(request).userId) }),
    );
    app.post(
      '/api/v2/cloud_links/accounts',
      {
        schema: {
          tags,
          security,
          description: `${EXT}Signs in to the cloud first; 400 when it refuses the e-mail and password (nothing stored), 502 when it cannot be reached. Linking a known account again replaces its password. Throttled like sign-ins`,
          body: linkAccountBody,
          response: { 201: accountSchema },
        },
      },
      async (request, reply) => {
        const account = await cloudLink.linkAccount(currentUser(request).userId, request.body);
        return reply.status(201).send(account);
      },
    );
    app.delete(
      '/api/v2/cloud_links/accounts/:account',
      {
        schema: {
          tags,
          security,
          params: accountParams,
          description: `${EXT}Unlinks every device of the account (each stays in its home with its records, no longer updated), then removes the account and its password; nothing is sent to the cloud`,
        },
      },
      async (request) => {
        await cloudLink.unlinkAccount(currentUser(request).userId, request.params.account);
        return {};
      },
    );
    app.get(
      '/api/v2/cloud_links/accounts/:account/homes',
      {
        schema: {
          tags,
          security,
          params: accountParams,
          description: `${EXT}The account's homes and devices on the cloud (its grouped_devs), each with the Hearth dev id it gets and whether it is linked`,
          response: {
            200: z.object({
              homes: z.array(
                z.object({
                  id: z.string(),
                  name: z.string(),
                  devs: z.array(
                    z.object({
                      dev_id: z.string(),
                      name: z.string(),
                      product_id: z.string(),
                      hearth_dev_id: z.string(),
                      linked: z.boolean(),
                    }),
                  ),
                }),
              ),
            }),
          },
        },
      },
      async (request) => ({
        homes: await cloudLink.upstreamHomes(currentUser(request).userId, request.params.account),
      }),
    );
    app.post(
      '/api/v2/cloud_links/accounts/:account/devs',
      {
        schema: {
          tags,
          security,
          params: accountParams,
          body: bringDevicesBody,
          description: `${EXT}Brings the account's devices (cloud dev ids) into one of the caller's homes; owner only. A device unlinked before is linked again in the home it stayed in. 409 device_conflict: a device is in another home`,
          response: {
            201: z.object({
              group_id: z.string(),
              devs: z.array(
                z.object({ dev_id: z.string(), upstream_dev_id: z.string(), name: z.string() }),
              ),
            }),
          },
        },
      },
      async (request, reply) => {
        const added = await cloudLink.bringDevices(
          currentUser(request).userId,
          request.params.account,
          request.body,
        );
        return reply.status(201).send(added);
      },
    );
    app.delete(
      '/api/v2/cloud_links/devs/:dev',
      {
        schema: {
          tags,
          security,
          params: z.object({ dev: z.string().max(64) }),
          description: `${EXT}A linked device stops coming from the cloud: it stays in its home with its records, disconnected, until its owner deletes it; nothing is sent to the cloud`,
        },
      },
      async (request) => {
        await cloudLink.unlinkDevice(currentUser(request).userId, request.params.dev);
        return {};
      },
    );
  };
}
