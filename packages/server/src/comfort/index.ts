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
import { createMembersRepository } from '../sharing/members.repository';
import { createComfortAutomation } from './comfort-automation';
import { createComfortRepository } from './comfort.repository';
import { comfortRoutes } from './comfort.routes';
import { createHolidaysRepository } from './holidays.repository';
import { holidaysRoutes } from './holidays.routes';
import { createOutdoorSource } from './outdoor';

export { createComfortRepository } from './comfort.repository';

/**
 * The comfort automation (docs/comfort.md "In the server"), writing through the same node
 * control service as the REST routes, and its routes.
 */
export function wireComfort(deps: {
  db: Db;
  repos: Repositories;
  commands: CommandsService;
  realtime: RealtimeEmitter;
  log: Logger;
  /** Open-Meteo compatible services for the homes' outdoor temperature (config). */
  weatherUrl?: string | undefined;
  geocoderUrl?: string | undefined;
}) {
  const comfort = createComfortRepository(deps.db);
  const holidays = createHolidaysRepository(deps.db);
  const members = createMembersRepository(deps.db);
  const control = createNodeControlService({ ...deps.repos, ...deps });
  const outdoor = createOutdoorSource({
    weatherUrl: deps.weatherUrl,
    geocoderUrl: deps.geocoderUrl,
    log: deps.log,
  });
  const automation = createComfortAutomation({
    comfort,
    holidays,
    nodes: deps.repos.nodes,
    control,
    outdoor,
    log: deps.log,
    onWrite: (k, send) =>
      recordAutomationWrite(
        deps.db,
        {
          automation: send.automation,
          devId: k.devId,
          node: { type: k.type, addr: k.addr },
          change: send.write,
          reason: send.reason,
          detail: send.detail,
        },
        deps.log,
      ),
  });
  return {
    automation,
    outdoor,
    /** Registers the routes, each behind a Bearer token as the app's other secured routes. */
    async register(app: FastifyInstance, access: AccessService, signer: TokenSigner) {
      await app.withTypeProvider<ZodTypeProvider>().register(async (secured) => {
        secured.addHook('onRequest', bearerAuth(signer));
        await secured.register(comfortRoutes({ access, comfort, automation }));
        await secured.register(holidaysRoutes({ holidays, members, automation }));
      });
    },
  };
}
