import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../http/authenticate';
import type { AccessService } from './access.service';
import type { DevicesService } from './devices.service';

const devSchema = z.object({
  dev_id: z.string(),
  name: z.string(),
  product_id: z.string(),
  fw_version: z.string(),
  serial_id: z.string(),
});
const devParams = z.object({ dev: z.string().max(64) });
const mgrNode = z.object({
  name: z.string(),
  addr: z.number(),
  type: z.string(),
  installed: z.boolean(),
  lost: z.boolean(),
});
const security = [{ bearer: [] }];

export function devicesRoutes(deps: {
  access: AccessService;
  devices: DevicesService;
}): FastifyPluginAsyncZod {
  const { access, devices } = deps;
  return async (app) => {
    app.get(
      '/api/v2/devs',
      {
        schema: {
          tags: ['devices'],
          security,
          summary: "The user's devices, and those of the homes the user is a guest of",
          response: { 200: z.object({ devs: z.array(devSchema), invited_to: z.array(devSchema) }) },
        },
      },
      async (request) => devices.listDevs(currentUser(request).userId),
    );
    app.get(
      '/api/v2/grouped_devs',
      {
        schema: {
          tags: ['devices'],
          security,
          summary: "The user's homes, each with its devices",
          response: {
            200: z.array(
              z.object({
                id: z.string(),
                name: z.string(),
                owner: z.boolean(),
                devs: z.array(devSchema),
              }),
            ),
          },
        },
      },
      async (request) => devices.groupedDevs(currentUser(request).userId),
    );
    app.get(
      '/api/v2/devs/:dev/dev_data',
      {
        schema: {
          tags: ['devices'],
          security,
          params: devParams,
          description: 'The realtime snapshot (docs/wire-contract.md §7)',
        },
      },
      async (request) => {
        const { dev } = await access.requireDev(currentUser(request).userId, request.params.dev);
        return devices.devData(dev);
      },
    );
    app.get(
      '/api/v2/devs/:dev/connected',
      {
        schema: {
          tags: ['devices'],
          security,
          params: devParams,
          summary: 'Whether the gateway is connected',
          description:
            'Whether the gateway is connected. 404 not_found for a device the user may not see.',
          response: { 200: z.object({ connected: z.boolean() }) },
        },
      },
      async (request) => {
        const { dev } = await access.requireDev(currentUser(request).userId, request.params.dev);
        return devices.connected(dev.devId);
      },
    );
    app.get(
      '/api/v2/devs/:dev/mgr/nodes',
      {
        schema: {
          tags: ['devices'],
          security,
          params: devParams,
          summary: "The gateway's nodes",
          description:
            "The gateway's nodes, installed or not. 404 not_found for a device the user may not see.",
          response: { 200: z.object({ nodes: z.array(mgrNode) }) },
        },
      },
      async (request) => {
        const { dev } = await access.requireDev(currentUser(request).userId, request.params.dev);
        return devices.mgrNodes(dev.devId);
      },
    );
  };
}
