import { useQuery } from '@tanstack/react-query';
import type { NodeStatus, PmoSystem } from '@hearth/protocol';
import { http } from '../../../lib/http';
import { deviceObjectUrl, nodeUrl, postNodeWrite, type NodeRef } from '../../../lib/devices';

export type { NodeRef };

export interface NodeData {
  status?: NodeStatus;
  setup?: Record<string, unknown>;
}

export function useNodeData(node: NodeRef, enabled = true) {
  return useQuery({
    queryKey: ['devs', node.devId, node.type, node.addr, 'node'],
    enabled,
    queryFn: ({ signal }) => http.request<NodeData>(nodeUrl(node), { signal }),
  });
}

/* The node's writes, at the paths and with the bodies of protocol's node write table. */
export const postSetup = (n: NodeRef, setup: Record<string, unknown>) =>
  postNodeWrite(n, 'setup', setup);
export const postName = (n: NodeRef, name: string) => postNodeWrite(n, 'name', { name });
export const postLock = (n: NodeRef, locked: boolean) => postNodeWrite(n, 'lock', { locked });
/** Identify the node physically while its configuration is open (spec 3 §4). */
export const postSelect = (n: NodeRef, select: boolean) =>
  postNodeWrite(n, 'select', { select }, { quiet: true });
/** docs/wire-contract.md §5: purge deletes; without it the node stays uninstalled for a replacement. */
export const eraseNode = (n: NodeRef, purge: boolean) => postNodeWrite(n, 'erase', { purge });
export const postPmoSystem = (devId: string, system: PmoSystem) =>
  http.request(deviceObjectUrl(devId, 'pmo_system'), {
    method: 'POST',
    json: system,
  });
