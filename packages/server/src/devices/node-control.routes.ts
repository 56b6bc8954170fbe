import {
  NODE_WRITE_ACTIONS,
  NODE_WRITES,
  nodeWriteRoute,
  nodeWriteTargetProblem,
  type NodeWriteAction,
  type NodeWriteValue,
} from '@hearth/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors } from '../errors';
import type { DevRow } from '../repositories/devices.repository';
import type { Role } from '../repositories/homes.repository';
import type { NodeRow } from '../repositories/nodes.repository';
import type { AccessService } from './access.service';
import type { NodeControlService } from './node-control.service';
import { looseObject, nodeOf, nodeParams, security } from './node-params';
import type { ChangeLimit } from '../limits';
import type { QuietHomeService } from '../homes/quiet-home.service';

/** The node a write names, with the caller's role and the node's device. */
interface WriteTarget {
  node: NodeRow;
  role: Role;
  dev: DevRow;
}

/** What the server does with each write of protocol's node write table, once it is admitted. */
type NodeWriteHandlers = {
  [A in NodeWriteAction]: (
    target: WriteTarget,
    body: NodeWriteValue<A>,
  ) => Promise<Record<string, unknown>>;
};

/**
 * Writes to one node (docs/wire-contract.md §5), one route per entry of protocol's node write
 * table (`NODE_WRITES`): its method, path, body schema and description. Before the handler
 * runs, the caller must see the node (404), be its owner for an owner-only write (403), and
 * the node must be one the write reaches (400); guests may control heating (§6).
 */
export function nodeControlRoutes(deps: {
  access: AccessService;
  nodeControl: NodeControlService;
  quietHome: Pick<QuietHomeService, 'forgetNode'>;
  changeLimit: Pick<ChangeLimit, 'admit'>;
}): FastifyPluginAsyncZod {
  const { access, nodeControl: control, quietHome, changeLimit: limit } = deps;
  // Counted in the handler, beside the access and node lookup (change-limit.ts `admit`).
  const config = { changeLimit: 'in-handler' as const };
  const handlers: NodeWriteHandlers = {
    status: ({ node, role }, body) => control.status(node, role, body),
    mode: ({ node }, body) => control.mode(node, body),
    prog_temps: ({ node }, body) => control.progTemps(node, body),
    boost: ({ node }, body) => control.boost(node, body),
    lock: ({ node }, body) => control.lock(node, body.locked),
    setup: ({ node, role }, body) => control.setup(node, role, body),
    prog: ({ node }, body) => control.prog(node, body),
    name: ({ node }, body) => control.name(node, body.name),
    select: ({ node }, body) => control.select(node, body.select),
    power_limit: ({ node }, body) => control.powerLimit(node, body.power_limit),
    erase: async ({ node, dev }, body) => {
      const erased = await control.erase(node, body?.purge ?? false);
      if (dev.groupId) await quietHome.forgetNode(dev.groupId, node.devId, node.addr);
      return erased;
    },
  };
  return async (app) => {
    function register<A extends NodeWriteAction>(action: A) {
      const write = NODE_WRITES[action];
      const ownerOnly = 'ownerOnly' in write ? write.ownerOnly : undefined;
      app.route({
        method: write.method,
        url: nodeWriteRoute(action),
        config,
        schema: {
          tags: ['nodes'],
          security,
          params: nodeParams,
          body: write.body,
          description: write.description,
          response: { 200: looseObject },
        },
        handler: async (request) => {
          const target = await nodeOf(request, access, { limit, ownerOnly });
          const problem = nodeWriteTargetProblem(action, target.node.type);
          if (problem) throw errors.validation(problem);
          // The route's schema is the table's: the body is already that write's value.
          return handlers[action](target, request.body as NodeWriteValue<A>);
        },
      });
    }
    for (const action of NODE_WRITE_ACTIONS) register(action);
  };
}
