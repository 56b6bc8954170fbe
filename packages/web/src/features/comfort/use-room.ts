import { useParams } from 'react-router-dom';
import { parseNodeType } from '@hearth/protocol';
import { homeTimeZone, useHomeDevices, useHomes } from '../../lib/devices';
import type { RoomRef } from './comfort-api';

/** The room of a comfort route: its home, name, units and the home's time zone. */
export function useRoomOfRoute() {
  const params = useParams<{ homeId: string; devId: string; nodeType: string; addr: string }>();
  const homes = useHomes();
  const home = homes.data?.find((h) => h.id === params.homeId);
  const devices = useHomeDevices(home);
  const type = parseNodeType(params.nodeType ?? '');
  const addr = Number(params.addr);
  const device = devices.find((d) => d.dev.dev_id === params.devId);
  const node = device?.nodes.find((n) => n.type === type && n.addr === addr);
  const room: RoomRef | undefined =
    type && params.devId && Number.isInteger(addr)
      ? { devId: params.devId, type, addr }
      : undefined;
  return {
    homeId: params.homeId ?? '',
    homes,
    home,
    room,
    name: node?.name,
    units: node?.status?.units,
    timeZone: homeTimeZone(devices),
  };
}
