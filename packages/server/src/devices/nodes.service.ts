import { parseNodeType } from '@hearth/protocol';
import { notFound } from '../errors';
import type { NodeRow, NodesRepository } from '../repositories/nodes.repository';
import type { CommandsService } from '../gateway/commands.service';
import type { RealtimeEmitter } from '../realtime/realtime.emitter';
import { presentNode } from './devices.presenter';
import type { NodeStatusWrite } from './node-writes';

export interface NodesServiceDeps {
  nodes: NodesRepository;
  commands: CommandsService;
  realtime: RealtimeEmitter;
}

export function createNodesService({ nodes, commands, realtime }: NodesServiceDeps) {
  async function requireNode(
    devId: string,
    typeParam: string,
    addrParam: number,
  ): Promise<NodeRow> {
    const type = parseNodeType(typeParam);
    const row = type ? await nodes.find(devId, type, addrParam) : undefined;
    if (!row) throw notFound('Unknown node');
    return row;
  }

  return {
    requireNode,
    async getNode(devId: string, type: string, addr: number) {
      return presentNode(await requireNode(devId, type, addr));
    },
    async getStatus(devId: string, type: string, addr: number) {
      return presentNode(await requireNode(devId, type, addr)).status;
    },
    /**
     * Records the desired status, shows it as pending to every socket of the device and
     * forwards it to the gateway; the gateway's own report later replaces it.
     */
    async postStatus(devId: string, type: string, addr: number, write: NodeStatusWrite) {
      const node = await requireNode(devId, type, addr);
      const path = `/${node.type}/${node.addr}/status`;
      const desired = { ...(node.status ?? {}), ...write, sync_status: 'pending' };
      await nodes.setPart(devId, node.type, node.addr, 'status', desired);
      await commands.send(devId, 'POST', path, write);
      realtime.update(devId, path, desired);
      return desired;
    },
  };
}
export type NodesService = ReturnType<typeof createNodesService>;
