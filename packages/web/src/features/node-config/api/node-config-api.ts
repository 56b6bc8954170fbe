import { useQuery } from '@tanstack/react-query';
import type { NodeStatus, NodeType, PmoSystem } from '@hearth/protocol';
import { http } from '../../../lib/http';

export interface NodeRef {
  devId: string;
  type: NodeType;
  addr: number;
}

const path = (n: NodeRef, suffix = '') =>
  `/api/v2/devs/${encodeURIComponent(n.devId)}/${n.type}/${n.addr}${suffix}`;

export interface NodeData {
  status?: NodeStatus;
  setup?: Record<string, unknown>;
}

export function useNodeData(node: NodeRef, enabled = true) {
  return useQuery({
    queryKey: ['devs', node.devId, node.type, node.addr, 'node'],
    enabled,
    queryFn: ({ signal }) => http.request<NodeData>(path(node, '/'), { signal }),
  });
}

export const postSetup = (n: NodeRef, setup: Record<string, unknown>) =>
  http.request(path(n, '/setup'), { method: 'POST', json: setup });
export const postName = (n: NodeRef, name: string) =>
  http.request(path(n, '/name'), { method: 'POST', json: { name } });
export const postLock = (n: NodeRef, locked: boolean) =>
  http.request(path(n, '/lock'), { method: 'POST', json: { locked } });
/** Identify the node physically while its configuration is open (spec 3 §4). */
export const postSelect = (n: NodeRef, select: boolean) =>
  http.request(path(n, '/select'), { method: 'POST', json: { select }, quiet: true });
/** docs/wire-contract.md §5: purge deletes; without it the node stays uninstalled for a replacement. */
export const eraseNode = (n: NodeRef, purge: boolean) =>
  http.request(path(n, '/'), { method: 'DELETE', json: { purge } });
export const postPmoSystem = (devId: string, system: PmoSystem) =>
  http.request(`/api/v2/devs/${encodeURIComponent(devId)}/pmo_system`, {
    method: 'POST',
    json: system,
  });
