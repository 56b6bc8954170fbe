import { devicePathOf, type DeviceObjectAt, type ServerToClientEvents } from '@hearth/protocol';
import { guestRoomsOf } from './guest-view';

/** `dev_id=*` on a socket: a user in the middle of adding a device (docs/wire-contract.md §7). */
export const HANDSHAKE_ROOM = '*';

/** The `dev_id=*` sockets of one user share a room, so a handshake reaches that user alone. */
export function handshakeRoom(userId: string): string {
  return `${HANDSHAKE_ROOM}:${userId}`;
}

/** The `dev_id=*` sockets from one network address: the browsers of one home network. */
export function networkRoom(address: string): string {
  return `${HANDSHAKE_ROOM}@${address}`;
}

/** The one place that emits realtime events; services depend on this interface only. */
export interface RealtimeEmitter {
  /**
   * An object of the device changed: `update {path, body}` to its sockets, at the path of
   * what it is (protocol `devicePathOf`); a path read where it comes in is `readDevicePath`'s.
   * A guest whose scope names rooms hears only those nodes (guest-view.ts).
   */
  update(devId: string, at: DeviceObjectAt, body: unknown): void;
  /**
   * A gateway came online (docs/wire-contract.md §7). On its first connection the `dev_id=*` sockets of the
   * user who added it to a home hear of it. While nobody has added it, the `dev_id=*` sockets
   * from the gateway's own network address hear of it on every connection, as a search of the
   * local network would find it; a stranger elsewhere never learns its id.
   */
  handshake(devId: string, opts: { firstTime: boolean }): void;
  /**
   * Who may see the device changed (guest revoked, device deleted or moved): sockets of
   * users who no longer may are disconnected, on every server process.
   */
  revalidate(devId: string): void;
}

export interface RoomSink {
  emitToRoom<E extends keyof ServerToClientEvents>(
    room: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  revalidateRoom(room: string): Promise<void>;
  /** Sends dev_handshake to the sockets waiting for this device, if anyone is. */
  handshake(devId: string, opts: { firstTime: boolean }): Promise<void>;
}

export function createRealtimeEmitter(getSink: () => RoomSink | undefined): RealtimeEmitter {
  return {
    update(devId, at, body) {
      const sink = getSink();
      if (!sink) return;
      const payload = { path: devicePathOf(at), body };
      // One emit per room: no socket is in two of them, and each room has its own channel
      // across processes (socket-server.ts), which one emit to several rooms would not use.
      for (const room of [devId, ...guestRoomsOf(devId, at)])
        sink.emitToRoom(room, 'update', payload);
    },
    handshake(devId, opts) {
      void getSink()?.handshake(devId, opts);
    },
    revalidate(devId) {
      void getSink()?.revalidateRoom(devId);
    },
  };
}
