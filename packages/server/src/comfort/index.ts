import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TokenSigner } from '../auth/jwt';
import type { Db } from '../db/client';
import type { AccessService } from '../devices/access.service';
import { createNodeControlService } from '../devices/node-control.service';
import type { CommandsService } from '../gateway/commands.service';
import { bearerAuth } from '../http/authenticate';
import type { Logger } from '../logger';
import type { RealtimeEmitter } from '../realtime/realtime.emitter';
import type { Repositories } from '../repositories';
import { recordAutomationWrite } from '../sharing/activity-recorder';
import { createComfortAutomation } from './comfort-automation';
import { createComfortRepository } from './comfort.repository';
import { comfortRoutes } from './comfort.routes';

export { createComfortRepository } from './comfort.repository';

/**
 * The comfort automation (docs/comfort.md "In the server"), writing through the same node
 * control service as the REST routes, and its routes once the app exists.
 */
export function wireComfort(deps: {
  db: Db;
  repos: Repositories;
  commands: CommandsService;
  realtime: RealtimeEmitter;
  log: Logger;
}) {
  const comfort = createComfortRepository(deps.db);
  const control = createNodeControlService({ ...deps.repos, ...deps });
  const automation = createComfortAutomation({
    comfort,
    nodes: deps.repos.nodes,
    control,
    log: deps.log,
    recordWrite: ({ k, body, reason, detail }) =>
      recordAutomationWrite(
        deps.db,
        {
          automation: 'window',
          devId: k.devId,
          node: { type: k.type, addr: k.addr },
          change: body,
          reason,
          detail,
        },
        deps.log,
      ),
  });
  return {
    automation,
    /** Registers the routes, each behind a Bearer token as the app's other secured routes. */
    async register(app: FastifyInstance, access: AccessService, signer: TokenSigner) {
      await app.withTypeProvider<ZodTypeProvider>().register(async (secured) => {
        secured.addHook('onRequest', bearerAuth(signer));
        await secured.register(comfortRoutes({ access, comfort, automation }));
      });
    },
  };
}
