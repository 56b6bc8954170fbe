import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errors } from '../errors';
import { currentUser } from '../http/authenticate';
import type { DevRow } from '../repositories/devices.repository';
import type { NodeRow } from '../repositories/nodes.repository';
import type { Role } from '../repositories/homes.repository';
import type { ChangeLimit } from '../limits';
import type { AccessService } from './access.service';

export const nodeParams = z.object({
  dev: z.string().max(64),
  type: z.string().max(16),
  // Digits only (docs/wire-contract.md §1: addr is an integer), so "0x2" or "2e0" is not read as node 2; the
  // database keeps addresses as PostgreSQL integers, so a larger one is a 400, not a 500.
  // Coerced to a string first: handlers parse the already validated (numeric) params again.
  addr: z.coerce
    .string()
    .max(10)
    .regex(/^\d{1,10}$/, 'must be a node address, a whole number')
    .transform(Number)
    .pipe(z.number().int().max(2_147_483_647)),
});
export type NodeParams = z.infer<typeof nodeParams>;

export const looseObject = z.record(z.string(), z.unknown());
export const security = [{ bearer: [] }];

/** The node named by the path with the caller's role; 404 for nodes the caller may not see. */
export async function nodeOf(
  request: FastifyRequest,
  access: AccessService,
  opts: {
    ownerOnly?: string;
    /** A write route marked `changeLimit: 'in-handler'`: counted beside the lookup. */
    limit?: Pick<ChangeLimit, 'admit'>;
  } = {},
): Promise<{ node: NodeRow; role: Role; dev: DevRow }> {
  // Already validated by the route schema; parsed again to type it here.
  const { dev, type, addr } = nodeParams.parse(request.params);
  const lookup = access.requireNode(currentUser(request).userId, dev, type, addr);
  const found = opts.limit ? await opts.limit.admit(request, lookup) : await lookup;
  if (opts.ownerOnly && found.role !== 'owner') throw errors.forbidden(opts.ownerOnly);
  return { node: found.node, role: found.role, dev: found.dev };
}
