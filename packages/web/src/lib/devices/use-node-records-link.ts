import type { NodeType } from '@hearth/protocol';
import { zonedNow } from '../time/zoned-now';
import { routes } from './node-routes';
import { useLiveDevice } from './use-device-realtime';

/**
 * The records of a node opened on today's date in the device's time zone (its geo_data), the
 * day the records page itself counts as today; the browser's zone while the device's is unknown.
 */
export function useNodeRecordsLink(
  homeId: string,
  devId: string,
  type: NodeType,
  addr: number,
): string {
  const tz = useLiveDevice(devId)?.geo_data?.tz_code;
  const now = zonedNow(typeof tz === 'string' && tz !== '' ? tz : undefined);
  return routes.nodeRecords(homeId, devId, type, addr, { year: now.y, month: now.n, day: now.d });
}
