import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessService } from './access.service';
import type { NodeControlService } from './node-control.service';
import { looseObject, nodeOf, nodeParams, security } from './node-params';
import {
  boostWriteSchema,
  eraseSchema,
  lockWriteSchema,
  modeWriteSchema,
  nameWriteSchema,
  nodeStatusWriteSchema,
  powerLimitWriteSchema,
  progTempsWriteSchema,
  progWriteSchema,
  selectWriteSchema,
  setupWriteSchema,
} from './node-writes';
import type { NodesService } from './nodes.service';

const forwarded =
  'Stored as the desired state and forwarded to the gateway at once; the device confirms through realtime updates';

/** Writes to one node (API.md §5); guests may control heating, owners alone manage nodes (§6). */
export function nodeControlRoutes(deps: {
  access: AccessService;
  nodes: NodesService;
  nodeControl: NodeControlService;
}): FastifyPluginAsyncZod {
  const { access, nodes, nodeControl: control } = deps;
  const schema = <B extends z.ZodType>(body: B, description = forwarded) => ({
    tags: ['nodes'],
    security,
    params: nodeParams,
    body,
    description,
    response: { 200: looseObject },
  });
  return async (app) => {
    const path = (suffix: string) => `/api/v2/devs/:dev/:type/:addr/${suffix}`;
    app.post(path('status'), { schema: schema(nodeStatusWriteSchema) }, async (request) => {
      const { node, role } = await nodeOf(request, access, nodes);
      return control.status(node, role, request.body);
    });
    app.post(path('mode'), { schema: schema(modeWriteSchema) }, async (request) => {
      const { node } = await nodeOf(request, access, nodes);
      return control.mode(node, request.body);
    });
    app.post(path('prog_temps'), { schema: schema(progTempsWriteSchema) }, async (request) => {
      const { node } = await nodeOf(request, access, nodes);
      return control.progTemps(node, request.body);
    });
    app.post(path('boost'), { schema: schema(boostWriteSchema) }, async (request) => {
      const { node } = await nodeOf(request, access, nodes);
      return control.boost(node, request.body);
    });
    app.post(path('lock'), { schema: schema(lockWriteSchema) }, async (request) => {
      const { node, role } = await nodeOf(request, access, nodes);
      return control.lock(node, role, request.body.locked);
    });
    app.post(
      path('setup'),
      {
        schema: schema(
          setupWriteSchema,
          `The full setup object (GET, merge, POST); owner-only entries answer 403 to guests. ${forwarded}`,
        ),
      },
      async (request) => {
        const { node, role } = await nodeOf(request, access, nodes);
        return control.setup(node, role, request.body);
      },
    );
    app.post(path('prog'), { schema: schema(progWriteSchema) }, async (request) => {
      const { node } = await nodeOf(request, access, nodes);
      return control.prog(node, request.body);
    });
    app.post(path('name'), { schema: schema(nameWriteSchema) }, async (request) => {
      const { node } = await nodeOf(request, access, nodes, {
        ownerOnly: 'Only the owner may rename a node',
      });
      return control.name(node, request.body.name);
    });
    app.post(path('select'), { schema: schema(selectWriteSchema) }, async (request) => {
      const { node } = await nodeOf(request, access, nodes);
      return control.select(node, request.body.select);
    });
    app.post(
      path('power_limit'),
      { schema: schema(powerLimitWriteSchema, `Power monitors only. ${forwarded}`) },
      async (request) => {
        const { node } = await nodeOf(request, access, nodes, {
          ownerOnly: 'Only the owner may change a power limit',
        });
        return control.powerLimit(node, request.body.power_limit);
      },
    );
    app.delete(
      '/api/v2/devs/:dev/:type/:addr/',
      {
        schema: {
          tags: ['nodes'],
          security,
          params: nodeParams,
          body: eraseSchema.optional(),
          description:
            'Erase a node: purge deletes it, otherwise it stays uninstalled for a replacement (owner only)',
          response: { 200: looseObject },
        },
      },
      async (request) => {
        const { node } = await nodeOf(request, access, nodes, {
          ownerOnly: 'Only the owner may erase a node',
        });
        return control.erase(node, request.body?.purge ?? false);
      },
    );
  };
}
