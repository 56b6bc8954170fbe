import { formatDecimal, parseDecimal } from '@hearth/protocol';
import type { DevicesRepository } from '../repositories/devices.repository';
import type { NodeRow, NodesRepository } from '../repositories/nodes.repository';
import type { StoredShapeLog } from '../stored-shape';
import { presentNode } from './devices.presenter';

export interface NodesServiceDeps {
  nodes: NodesRepository;
  devices: DevicesRepository;
  /** Told of stored node parts that are not in their documented shape. */
  log?: StoredShapeLog;
}

/**
 * Reads of one node (docs/wire-contract.md §5 per-node table), of the row the access check already read
 * (`AccessService.requireNode`), so a read is one query for the role and the node together.
 */
export function createNodesService({ devices, log }: NodesServiceDeps) {
  return {
    getNode(node: NodeRow) {
      return presentNode(node, log);
    },
    getPart(node: NodeRow, part: 'status' | 'setup' | 'prog' | 'version') {
      return presentNode(node, log)[part];
    },
    /**
     * The latest power: a power monitor's own `/pmo/{addr}/power` report, else the power in
     * the node's status; "0.0" before the gateway has said anything.
     */
    async getPower(node: NodeRow): Promise<{ power: string }> {
      const reported = await devices.getState(node.devId, `/${node.type}/${node.addr}/power`);
      const fromReport =
        reported !== null && typeof reported === 'object'
          ? (reported as Record<string, unknown>).power
          : undefined;
      const raw = fromReport ?? node.status?.power;
      const watts =
        typeof raw === 'string' || typeof raw === 'number' ? parseDecimal(raw) : undefined;
      return { power: formatDecimal(watts ?? 0) };
    },
  };
}
export type NodesService = ReturnType<typeof createNodesService>;
