import { isHeaterType } from '@hearth/protocol';
import { useHomeDevices, useHomes } from '../../../lib/devices';
import { roomKey } from './scope-form';

export interface Room {
  key: string;
  name: string;
}

/** The home's installed heaters, the rooms a guest's scope names. */
export function useRooms(homeId: string): {
  rooms: Room[];
  name: (key: string) => string | undefined;
} {
  const homes = useHomes();
  const home = homes.data?.find((h) => h.id === homeId);
  const devices = useHomeDevices(home);
  const rooms = devices.flatMap((d) =>
    d.nodes
      .filter((n) => isHeaterType(n.type) && n.installed)
      .map((n) => ({
        key: roomKey({ devId: d.dev.dev_id, type: n.type, addr: n.addr }),
        name: n.name,
      })),
  );
  return { rooms, name: (key) => rooms.find((r) => r.key === key)?.name };
}
