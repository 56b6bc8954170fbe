import { useQuery } from '@tanstack/react-query';
import { BOOST_REMAINING_REFRESH_MS, type DeviceClock } from '@hearth/protocol';
import { deviceKeys, deviceObjectUrl } from '../../../lib/devices';
import { http } from '../../../lib/http';

export function getDeviceClock(devId: string, signal?: AbortSignal): Promise<DeviceClock> {
  return http.request<DeviceClock>(deviceObjectUrl(devId, 'rtc_time'), { signal });
}

/** Spec 3 §4: while a boost runs, the device clock is read again every 30 s. */
export function useDeviceClock(devId: string, enabled: boolean) {
  return useQuery({
    queryKey: deviceKeys.clock(devId),
    queryFn: ({ signal }) => getDeviceClock(devId, signal),
    enabled,
    refetchInterval: BOOST_REMAINING_REFRESH_MS,
    staleTime: 0,
  });
}
