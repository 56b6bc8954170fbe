import { useQuery } from '@tanstack/react-query';
import { POWER_POLL_MS, parseDecimal } from '@hearth/protocol';
import { deviceKeys, nodeUrl } from '../../../lib/devices';
import { http } from '../../../lib/http';

/** GET .../pmo/{addr}/power → watts. Spec 3 §8: a failed read is ignored, so it is quiet. */
export async function getPower(devId: string, addr: number, signal?: AbortSignal): Promise<number> {
  const answer = await http.request<{ power?: string | number }>(
    nodeUrl({ devId, type: 'pmo', addr }, 'power'),
    { signal, quiet: true },
  );
  const watts = parseDecimal(answer.power);
  if (watts === undefined) throw new Error('power answer without a number');
  return watts;
}

/** Spec 3 §2: polled every 5 s while shown; the last good reading stays on a failure. */
export function usePower(devId: string, addr: number, enabled: boolean) {
  return useQuery({
    queryKey: deviceKeys.power(devId, 'pmo', addr),
    queryFn: ({ signal }) => getPower(devId, addr, signal),
    enabled,
    refetchInterval: POWER_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
    staleTime: 0,
  });
}
