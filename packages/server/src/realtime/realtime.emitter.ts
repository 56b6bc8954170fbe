import type { UpdateEvent } from '@hearth/protocol';

/** The one place that emits realtime events; services depend on this interface only. */
export interface RealtimeEmitter {
  update(devId: string, path: string, body: unknown): void;
}

export interface RoomSink {
  emitToRoom(room: string, event: 'update', payload: UpdateEvent): void;
}

export function createRealtimeEmitter(getSink: () => RoomSink | undefined): RealtimeEmitter {
  return {
    update(devId, path, body) {
      getSink()?.emitToRoom(devId, 'update', { path, body });
    },
  };
}
