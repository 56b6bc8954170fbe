import { useHomes } from '../lib/devices';
import { useGeoTracking } from '../lib/geo-tracking';
import type { Platform } from '../lib/platform';

/** Follows the signed-in user's homes with the phone's position (spec 1 §2, §4). */
export function Tracking({ platform }: { platform: Platform }) {
  useGeoTracking(useHomes().data, platform);
  return null;
}
