import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  awayStatusSchema,
  nodeTypeSchema,
  pmoSystemSchema,
  powerLimitValue,
} from '@hearth/protocol';
import { errors } from '../errors';
import { currentUser } from '../http/authenticate';
import type { AccessService } from './access.service';
import type { DeviceManagerService } from './device-manager.service';
import { discoveryStateSchema } from './devices.presenter';

const devParams = z.object({ dev: z.string().max(64) });
const security = [{ bearer: [] }];
const forwarded =
  'Stored as the desired state and forwarded to the gateway at once; the device confirms through realtime updates';

const awayWrite = z.strictObject({ away: z.boolean(), enabled: z.boolean().optional() });
const discoveryWrite = z.strictObject({
  discovery: z.enum(['on', 'off']),
  type: nodeTypeSchema.optional(),
  addr: z.number().int().min(0).optional(),
});
const discoveryState = discoveryStateSchema;
const powerLimitWrite = z.strictObject({ power_limit: powerLimitValue });
/** The power system as written: main circuit monitors by address (docs/wire-contract.md §1 addr, int4 here). */
const pmoSystemWrite = pmoSystemSchema
  .extend({ main_circuit_pmos: z.array(z.number().int().min(0).max(2_147_483_647)) })
  .strict();
const powerLimitAnswer = z.object({ power_limit: z.string() });
const timeAnswer = z.object({
  y: z.number(),
  n: z.number(),
  d: z.number(),
  h: z.number(),
  m: z.number(),
  s: z.number(),
  w: z.number(),
});

/** Device manager objects (docs/wire-contract.md §5): away status, discovery, clock, power limits, power system. */
export function deviceManagerRoutes(deps: {
  access: AccessService;
  deviceManager: DeviceManagerService;
}): FastifyPluginAsyncZod {
  const { access, deviceManager: mgr } = deps;
  const devOf = async (request: FastifyRequest, ownerOnly?: string) => {
    const { dev } = devParams.parse(request.params);
    const found = await access.requireDev(currentUser(request).userId, dev);
    if (ownerOnly && found.role !== 'owner') throw errors.forbidden(ownerOnly);
    return found.dev;
  };
  const UNSEEN = '404 not_found for a device the user may not see.';
  const read = <R extends z.ZodType>(response: R, description?: string, summary?: string) => ({
    tags: ['devices'],
    security,
    params: devParams,
    ...(summary ? { summary } : {}),
    description,
    response: { 200: response },
  });
  /** A device object as the gateway last reported it (or as last written, until it reports). */
  const readObject = <R extends z.ZodType>(response: R, summary: string) =>
    read(response, `${summary}, as last reported or written. ${UNSEEN}`, summary);
  const write = <B extends z.ZodType, R extends z.ZodType>(
    body: B,
    response: R,
    description = forwarded,
  ) => ({
    ...read(response, description),
    body,
  });
  return async (app) => {
    const base = '/api/v2/devs/:dev';
    app.get(
      `${base}/mgr/away_status`,
      { schema: readObject(awayStatusSchema, "The home's away state") },
      async (request) => mgr.awayStatus((await devOf(request)).devId),
    );
    // Ruling D21: owners may set a home away, guests may not.
    app.post(
      `${base}/mgr/away_status`,
      { schema: write(awayWrite, awayStatusSchema, `Owner only. ${forwarded}`) },
      async (request) => {
        const dev = await devOf(request, 'Only the owner may set the home away');
        return mgr.setAwayStatus(dev.devId, request.body);
      },
    );
    app.get(
      `${base}/mgr/discovery`,
      { schema: readObject(discoveryState, 'Whether the gateway looks for new nodes') },
      async (request) => mgr.discovery((await devOf(request)).devId),
    );
    app.post(
      `${base}/mgr/discovery`,
      { schema: write(discoveryWrite, discoveryState, `Owner only. ${forwarded}`) },
      async (request) => {
        const dev = await devOf(request, 'Only the owner may look for new nodes');
        return mgr.setDiscovery(dev.devId, request.body);
      },
    );
    app.get(
      `${base}/mgr/rtc/time`,
      {
        schema: read(
          timeAnswer,
          "The device clock in the home's time zone: its last report moved on by the time since, else the home's zone",
        ),
      },
      async (request) => mgr.time(await devOf(request)),
    );
    app.get(
      `${base}/htr_system/power_limit`,
      { schema: readObject(powerLimitAnswer, "The gateway's power limit of its heaters") },
      async (request) => mgr.powerLimit((await devOf(request)).devId),
    );
    app.post(
      `${base}/htr_system/power_limit`,
      {
        schema: write(
          powerLimitWrite,
          powerLimitAnswer,
          `Owner only; "0" for none or 1000–60000 W. ${forwarded}`,
        ),
      },
      async (request) => {
        const dev = await devOf(request, 'Only the owner may change the power limit');
        return mgr.setPowerLimit(dev.devId, request.body.power_limit);
      },
    );
    app.get(
      `${base}/pmo_system`,
      {
        schema: readObject(
          pmoSystemSchema,
          "The power monitors' system: main circuit and power profiles",
        ),
      },
      async (request) => mgr.pmoSystem((await devOf(request)).devId),
    );
    app.post(
      `${base}/pmo_system`,
      { schema: write(pmoSystemWrite, pmoSystemSchema, `Owner only. ${forwarded}`) },
      async (request) => {
        const dev = await devOf(request, 'Only the owner may change the power system');
        return mgr.setPmoSystem(dev.devId, request.body);
      },
    );
  };
}
