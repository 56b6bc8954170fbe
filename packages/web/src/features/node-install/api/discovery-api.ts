import type { NodeType, PmoSystem } from '@hearth/protocol';
import { useQuery } from '@tanstack/react-query';
import { http, HttpError, reportError } from '../../../lib/http';

const dev = (devId: string, suffix: string) => `/api/v2/devs/${encodeURIComponent(devId)}${suffix}`;

export function setDiscovery(devId: string, on: boolean, type?: NodeType, addr?: number) {
  const body: Record<string, unknown> = { discovery: on ? 'on' : 'off' };
  if (on && type) body.type = type;
  if (on && addr !== undefined) body.addr = addr;
  return http.request(dev(devId, '/mgr/discovery'), { method: 'POST', json: body });
}

export function setNodeName(devId: string, type: NodeType, addr: number, name: string) {
  return http.request(dev(devId, `/${type}/${addr}/name`), { method: 'POST', json: { name } });
}

export function setPmoSystem(devId: string, system: PmoSystem) {
  return http.request(dev(devId, '/pmo_system'), { method: 'POST', json: system });
}

/**
 * The power monitor dialog reads the device's power system (API.md §5 GET /pmo_system), so its
 * save keeps the max power configuration as it is. Spec 2 §8: failing to load it is the
 * dataUpdate error; the HTTP layer tells every status but the 400 and 409 it leaves to the
 * caller, told here.
 */
export function usePmoSystem(devId: string) {
  return useQuery({
    queryKey: ['devs', devId, 'pmo_system'],
    queryFn: ({ signal }) =>
      http.request<PmoSystem>(dev(devId, '/pmo_system'), { signal }).catch((err: unknown) => {
        if (err instanceof HttpError && (err.status === 400 || err.status === 409))
          reportError('dataUpdate');
        throw err;
      }),
    retry: false,
  });
}
