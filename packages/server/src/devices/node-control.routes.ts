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
} from '@hearth/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessService } from './access.service';
import type { NodeControlService } from './node-control.service';
import { looseObject, nodeOf, nodeParams, security } from './node-params';
import type { ChangeLimit } from '../limits';
import type { QuietHomeService } from '../homes/quiet-home.service';

const forwarded =
  'Stored as the desired state and forwarded to the gateway at once; the device confirms through realtime updates';

/** Writes to one node (docs/wire-contract.md §5); guests may control heating, owners alone manage nodes (§6). */
export function nodeControlRoutes(deps: {
  access: AccessService;
  nodeControl: NodeControlService;
  quietHome: Pick<QuietHomeService, 'forgetNode'>;
  changeLimit: Pick<ChangeLimit, 'admit'>;
}): FastifyPluginAsyncZod {
  const { access, nodeControl: control, quietHome, changeLimit: limit } = deps;
  // Counted in the handler, beside the access and node lookup (change-limit.ts `admit`).
  const config = { changeLimit: 'in-handler' as const };
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
    app.post(path('status'), { schema: schema(nodeStatusWriteSchema), config }, async (request) => {
      const { node, role } = await nodeOf(request, access, { limit });
      return control.status(node, role, request.body);
    });
    app.post(path('mode'), { schema: schema(modeWriteSchema), config }, async (request) => {
      const { node } = await nodeOf(request, access, { limit });
      return control.mode(node, request.body);
    });
    app.post(
      path('prog_temps'),
      { schema: schema(progTempsWriteSchema), config },
      async (request) => {
        const { node } = await nodeOf(request, access, { limit });
        return control.progTemps(node, request.body);
      },
    );
    app.post(path('boost'), { schema: schema(boostWriteSchema), config }, async (request) => {
      const { node } = await nodeOf(request, access, { limit });
      return control.boost(node, request.body);
    });
    app.post(path('lock'), { schema: schema(lockWriteSchema), config }, async (request) => {
      const { node, role } = await nodeOf(request, access, { limit });
      return control.lock(node, role, request.body.locked);
    });
    app.post(
      path('setup'),
      {
        config,
        schema: schema(
          setupWriteSchema,
          `The full setup object (GET, merge, POST); owner-only entries answer 403 to guests. ${forwarded}`,
        ),
      },
      async (request) => {
        const { node, role } = await nodeOf(request, access, { limit });
        return control.setup(node, role, request.body);
      },
    );
    app.post(path('prog'), { schema: schema(progWriteSchema), config }, async (request) => {
      const { node } = await nodeOf(request, access, { limit });
      return control.prog(node, request.body);
    });
    app.post(path('name'), { schema: schema(nameWriteSchema), config }, async (request) => {
      const { node } = await nodeOf(request, access, {
        limit,
        ownerOnly: 'Only the owner may rename a node',
      });
      return control.name(node, request.body.name);
    });
    app.post(path('select'), { schema: schema(selectWriteSchema), config }, async (request) => {
      const { node } = await nodeOf(request, access, { limit });
      return control.select(node, request.body.select);
    });
    app.post(
      path('power_limit'),
      { schema: schema(powerLimitWriteSchema, `Power monitors only. ${forwarded}`), config },
      async (request) => {
        const { node } = await nodeOf(request, access, {
          limit,
          ownerOnly: 'Only the owner may change a power limit',
        });
        return control.powerLimit(node, request.body.power_limit);
      },
    );
    app.delete(
      '/api/v2/devs/:dev/:type/:addr/',
      {
        config,
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
        const { node, dev } = await nodeOf(request, access, {
          limit,
          ownerOnly: 'Only the owner may erase a node',
        });
        const erased = await control.erase(node, request.body?.purge ?? false);
        if (dev.groupId) await quietHome.forgetNode(dev.groupId, node.devId, node.addr);
        return erased;
      },
    );
  };
}
