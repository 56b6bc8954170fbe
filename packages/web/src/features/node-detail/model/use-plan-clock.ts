import { useEffect, useState } from 'react';
import {
  HOME_CLOCK_REFRESH_MS,
  advanceDeviceClock,
  deviceClockAt,
  type DeviceClock,
} from '@hearth/protocol';
import { useDeviceClock } from '../api/device-clock';

/** The home's wall clock from its time zone; the browser's own when the zone is unknown. */
function zoneClock(now: number, timeZone: string | undefined): DeviceClock {
  if (timeZone) {
    try {
      return deviceClockAt(now, timeZone);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
    }
  }
  const d = new Date(now);
  return {
    y: d.getFullYear(),
    n: d.getMonth() + 1,
    d: d.getDate(),
    h: d.getHours(),
    m: d.getMinutes(),
    s: d.getSeconds(),
    w: d.getDay(),
  };
}

/**
 * The node's clock for its programme (spec 3 §3 time from device): the gateway's clock as last
 * read, moved on by the time since; the home's time zone until it has been read. Renders again
 * each minute, as the header's clock does.
 */
export function usePlanClock(devId: string, timeZone: string | undefined): DeviceClock {
  const read = useDeviceClock(devId, devId !== '');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), HOME_CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  if (read.data) return advanceDeviceClock(read.data, now - read.dataUpdatedAt);
  return zoneClock(now, timeZone);
}
