import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../http/authenticate';
import type { AccessService } from './access.service';
import { nodeStatusWriteSchema } from './node-writes';
import type { NodesService } from './nodes.service';

const nodeParams = z.object({
  dev: z.string(),
  type: z.string(),
  addr: z.coerce.number().int().min(0),
});
const looseObject = z.record(z.string(), z.unknown());
const security = [{ bearer: [] }];

export function nodesRoutes(deps: {
  access: AccessService;
  nodes: NodesService;
}): FastifyPluginAsyncZod {
  const { access, nodes } = deps;
  return async (app) => {
    app.get(
      '/api/v2/devs/:dev/:type/:addr/',
      {
        schema: {
          tags: ['nodes'],
          security,
          params: nodeParams,
          response: {
            200: z.object({
              status: looseObject,
              setup: looseObject,
              prog: looseObject,
              version: looseObject,
            }),
          },
        },
      },
      async (request) => {
        const { dev, type, addr } = request.params;
        await access.requireDev(currentUser(request).userId, dev);
        return nodes.getNode(dev, type, addr);
      },
    );
    app.get(
      '/api/v2/devs/:dev/:type/:addr/status',
      { schema: { tags: ['nodes'], security, params: nodeParams, response: { 200: looseObject } } },
      async (request) => {
        const { dev, type, addr } = request.params;
        await access.requireDev(currentUser(request).userId, dev);
        return nodes.getStatus(dev, type, addr);
      },
    );
    app.post(
      '/api/v2/devs/:dev/:type/:addr/status',
      {
        schema: {
          tags: ['nodes'],
          security,
          params: nodeParams,
          body: nodeStatusWriteSchema,
          description:
            'Partial status write; stored as desired state and forwarded to the gateway at once',
          response: { 200: looseObject },
        },
      },
      async (request) => {
        const { dev, type, addr } = request.params;
        // Guests may control heating (API.md §6), so any visible device may take a status write.
        await access.requireDev(currentUser(request).userId, dev);
        return nodes.postStatus(dev, type, addr, request.body);
      },
    );
  };
}
