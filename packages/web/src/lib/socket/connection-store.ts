import { create } from 'zustand';
import type { SocketStatus } from './device-socket';
import { nextSocketEntry, reachabilityFrom, type SocketEntry } from './connection-state';

interface ConnectionStore {
  /** Each open gateway socket, by device id. */
  sockets: Record<string, SocketEntry>;
  /** The latest word on the server: an answer (HTTP or socket) or the lack of one. */
  reachable: boolean;
  reportSocket: (devId: string, status: SocketStatus, now?: number) => void;
  forgetSocket: (devId: string) => void;
  /** An HTTP request got an answer (any status) or none at all (network error, timeout). */
  reportHttp: (answered: boolean) => void;
}

export const useConnectionStore = create<ConnectionStore>()((set) => ({
  sockets: {},
  reachable: true,
  reportSocket: (devId, status, now = Date.now()) =>
    set((s) => {
      const reachable = reachabilityFrom(status);
      return {
        sockets: { ...s.sockets, [devId]: nextSocketEntry(s.sockets[devId], status, now) },
        reachable: reachable ?? s.reachable,
      };
    }),
  forgetSocket: (devId) =>
    set((s) => {
      if (!(devId in s.sockets)) return s;
      const sockets = { ...s.sockets };
      delete sockets[devId];
      return { sockets };
    }),
  reportHttp: (answered) => set((s) => (s.reachable === answered ? s : { reachable: answered })),
}));

/** A gateway socket's entry, or nothing while no socket is open for it. */
export function useSocketEntry(devId: string): SocketEntry | undefined {
  return useConnectionStore((s) => s.sockets[devId]);
}
