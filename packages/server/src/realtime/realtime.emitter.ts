import type { UpdateEvent } from '@hearth/protocol';

/** Sockets opened with `dev_id=*` (a user in the middle of adding a device) share this room. */
export const HANDSHAKE_ROOM = '*';

/** The one place that emits realtime events; services depend on this interface only. */
export interface RealtimeEmitter {
  update(devId: string, path: string, body: unknown): void;
  /** An unclaimed gateway came online: tell the sockets waiting for a new device (API.md §7). */
  handshake(devId: string): void;
  /**
   * Who may see the device changed (guest revoked, device deleted or moved): sockets of
   * users who no longer may are disconnected, on every server process.
   */
  revalidate(devId: string): void;
}

export interface RealtimeEvents {
  update: UpdateEvent;
  dev_handshake: { dev_id: string };
}

export interface RoomSink {
  emitToRoom<E extends keyof RealtimeEvents>(
    room: string,
    event: E,
    payload: RealtimeEvents[E],
  ): void;
  revalidateRoom(room: string): Promise<void>;
}

export function createRealtimeEmitter(getSink: () => RoomSink | undefined): RealtimeEmitter {
  return {
    update(devId, path, body) {
      getSink()?.emitToRoom(devId, 'update', { path, body });
    },
    handshake(devId) {
      getSink()?.emitToRoom(HANDSHAKE_ROOM, 'dev_handshake', { dev_id: devId });
    },
    revalidate(devId) {
      void getSink()?.revalidateRoom(devId);
    },
  };
}
