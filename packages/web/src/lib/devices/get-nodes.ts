import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MgrNode } from '@hearth/protocol';
import { http } from '../http';
import { deviceObjectUrl } from './device-paths';
import { deviceKeys } from './keys';

export async function getNodes(devId: string, signal?: AbortSignal): Promise<MgrNode[]> {
  const answer = await http.request<{ nodes: MgrNode[] }>(deviceObjectUrl(devId, 'mgr_nodes'), {
    signal,
  });
  return answer.nodes;
}

export const nodesQueryOptions = (devId: string) =>
  queryOptions({
    queryKey: deviceKeys.nodes(devId),
    queryFn: ({ signal }) => getNodes(devId, signal),
  });

export function useNodes(devId: string) {
  return useQuery(nodesQueryOptions(devId));
}
