import { formatDecimal, parseDecimal, parseNodeType } from '@hearth/protocol';
import { notFound } from '../errors';
import type { DevicesRepository } from '../repositories/devices.repository';
import type { NodeRow, NodesRepository } from '../repositories/nodes.repository';
import { presentNode } from './devices.presenter';

export interface NodesServiceDeps {
  nodes: NodesRepository;
  devices: DevicesRepository;
}

/** Reads of one node (API.md §5 per-node table). */
export function createNodesService({ nodes, devices }: NodesServiceDeps) {
  async function requireNode(
    devId: string,
    typeParam: string,
    addrParam: number,
  ): Promise<NodeRow> {
    const type = parseNodeType(typeParam);
    const row = type ? await nodes.find(devId, type, addrParam) : undefined;
    if (!row) throw notFound('Node not found');
    return row;
  }
  return {
    requireNode,
    async getNode(devId: string, type: string, addr: number) {
      return presentNode(await requireNode(devId, type, addr));
    },
    async getPart(
      devId: string,
      type: string,
      addr: number,
      part: 'status' | 'setup' | 'prog' | 'version',
    ) {
      return presentNode(await requireNode(devId, type, addr))[part];
    },
    /**
     * The latest power: a power monitor's own `/pmo/{addr}/power` report, else the power in
     * the node's status; "0.0" before the gateway has said anything.
     */
    async getPower(devId: string, type: string, addr: number): Promise<{ power: string }> {
      const node = await requireNode(devId, type, addr);
      const reported = await devices.getState(devId, `/${node.type}/${node.addr}/power`);
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
