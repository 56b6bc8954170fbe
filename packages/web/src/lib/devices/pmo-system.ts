import type { PmoSystem } from '@hearth/protocol';
import { useQuery } from '@tanstack/react-query';
import { http, reportRefusal } from '../http';
import { deviceObjectUrl } from './device-paths';
import { deviceKeys } from './keys';

/**
 * The device's power system (docs/wire-contract.md §5 GET /pmo_system), for a screen that changes its main
 * circuit where no realtime snapshot has brought it: a save then keeps the max power
 * configuration as it is. Spec 2 §8: failing to load it is the dataUpdate error; the HTTP layer
 * tells every failure but a refusal (by error code), left to the caller and told here.
 */
export function usePmoSystem(devId: string, enabled = true) {
  return useQuery({
    queryKey: deviceKeys.pmoSystem(devId),
    enabled,
    queryFn: ({ signal }) =>
      http
        .request<PmoSystem>(deviceObjectUrl(devId, 'pmo_system'), { signal })
        .catch((err: unknown) => {
          reportRefusal(err, 'dataUpdate');
          throw err;
        }),
    retry: false,
  });
}
