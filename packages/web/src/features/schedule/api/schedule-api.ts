import { queryOptions, useQueries } from '@tanstack/react-query';
import {
  formatDecimal,
  type DevData,
  type NodeSetup,
  type NodeType,
  type Prog,
} from '@hearth/protocol';
import { useHomes } from '../../../lib/devices';
import { http } from '../../../lib/http';

const dev = (devId: string) => `/api/v2/devs/${encodeURIComponent(devId)}`;
const nodePath = (devId: string, type: NodeType, addr: number) => `${dev(devId)}/${type}/${addr}`;

export const scheduleKeys = {
  devData: (devId: string) => ['devs', devId, 'dev_data'] as const,
};

export const devDataQuery = (devId: string) =>
  queryOptions({
    queryKey: scheduleKeys.devData(devId),
    queryFn: ({ signal }) => http.request<DevData>(`${dev(devId)}/dev_data`, { signal }),
  });

/** The app's one home list, in its one order (ruling D4: the same list after Back). */
export const useHomesData = useHomes;

export function useDevDatas(devIds: readonly string[]) {
  return useQueries({ queries: devIds.map((id) => devDataQuery(id)) });
}

export function postProg(devId: string, type: NodeType, addr: number, prog: Prog) {
  return http.request<unknown>(`${nodePath(devId, type, addr)}/prog`, {
    method: 'POST',
    json: { prog },
  });
}

export interface ProgTemps {
  ice_temp: string;
  eco_temp: string;
  comf_temp: string;
  units: 'C' | 'F';
}

export function postProgTemps(devId: string, type: NodeType, addr: number, temps: ProgTemps) {
  return http.request<unknown>(`${nodePath(devId, type, addr)}/prog_temps`, {
    method: 'POST',
    json: temps,
  });
}

const TEMPERATURE_KEY = /(^|_)(temp|temperature|offset)$/;

function decimalStrings(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(obj).map(([k, v]) => [
      k,
      TEMPERATURE_KEY.test(k) && typeof v === 'number' ? formatDecimal(v) : v,
    ]),
  );
}

/**
 * docs/wire-contract.md §1: temperatures travel as decimal strings. A setup read back with numbers in them
 * (some gateways report them so) is normalised, or the server refuses the write.
 */
export function wireSetup(setup: NodeSetup): NodeSetup {
  const extra = setup.extra_options;
  const out = decimalStrings(setup);
  if (extra && typeof extra === 'object' && !Array.isArray(extra))
    out.extra_options = decimalStrings(extra as Record<string, unknown>);
  return out;
}

/** Setup is a full object: read it, change the resolution, write it back (docs/wire-contract.md §5). */
export async function postResolution(
  devId: string,
  type: NodeType,
  addr: number,
  progResol: 0 | 1,
): Promise<void> {
  const setup = await http.request<NodeSetup>(`${nodePath(devId, type, addr)}/setup`);
  await http.request<unknown>(`${nodePath(devId, type, addr)}/setup`, {
    method: 'POST',
    json: { ...wireSetup(setup), prog_resol: progResol },
  });
}
