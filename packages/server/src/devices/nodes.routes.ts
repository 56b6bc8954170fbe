import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessService } from './access.service';
import { looseObject, nodeOf, nodeParams, security } from './node-params';
import type { NodesService } from './nodes.service';

const PARTS = ['status', 'setup', 'prog', 'version'] as const;
const PART_NAMES: Record<(typeof PARTS)[number], string> = {
  status: 'status',
  setup: 'setup',
  prog: 'weekly programme',
  version: 'hardware and firmware version',
};
/** What a read of a node answers when the caller may not see it, or it is not there. */
const UNSEEN_NODE = '404 not_found for a device the user may not see or a node it does not have.';

/** Reads of one node; `htr_mod` in the path reads the `htr` node (docs/wire-contract.md §1). */
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
          summary: "A node's status, setup, programme and version",
          description: `A node's status, setup, programme and version. ${UNSEEN_NODE}`,
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
        const { node } = await nodeOf(request, access);
        return nodes.getNode(node);
      },
    );
    for (const part of PARTS) {
      app.get(
        `/api/v2/devs/:dev/:type/:addr/${part}`,
        {
          schema: {
            tags: ['nodes'],
            security,
            params: nodeParams,
            summary: `A node's ${PART_NAMES[part]}`,
            description: `A node's ${PART_NAMES[part]}, as last reported or written. ${UNSEEN_NODE}`,
            response: { 200: looseObject },
          },
        },
        async (request) => {
          const { node } = await nodeOf(request, access);
          return nodes.getPart(node, part);
        },
      );
    }
    app.get(
      '/api/v2/devs/:dev/:type/:addr/power',
      {
        schema: {
          tags: ['nodes'],
          security,
          params: nodeParams,
          description: 'Latest power in W reported by the gateway, e.g. {"power":"1234.0"}',
          response: { 200: z.object({ power: z.string() }) },
        },
      },
      async (request) => {
        const { node } = await nodeOf(request, access);
        return nodes.getPower(node);
      },
    );
  };
}
