import { describe, expect, it } from 'vitest';
import { readDevicePath } from '@hearth/protocol';
import { createRealtimeEmitter, type RoomSink } from './realtime.emitter';

function recordingSink() {
  const sent: { room: string; event: string; args: unknown[] }[] = [];
  const sink: RoomSink = {
    emitToRoom: (room, event, ...args) => void sent.push({ room, event, args }),
    revalidateRoom: async () => undefined,
    handshake: async () => undefined,
  };
  return { sink, sent };
}

describe('the realtime emitter', () => {
  it('sends an update at the path of what changed to the sockets of the device, and to the scoped guests who may hear it', () => {
    const { sink, sent } = recordingSink();
    const realtime = createRealtimeEmitter(() => sink);
    realtime.update('dev', { kind: 'status', type: 'htr', addr: 2 }, { mode: 'off' });
    realtime.update('dev', { kind: 'htr_power_limit' }, { power_limit: '0' });
    const read = readDevicePath('/mgr/away_status');
    if (read) realtime.update('dev', read, { away: true });
    realtime.update('dev', { kind: 'mgr_nodes' }, { nodes: [] });
    expect(sent.map((s) => [s.room, s.event, s.args])).toEqual([
      ['dev', 'update', [{ path: '/htr/2/status', body: { mode: 'off' } }]],
      // Guests whose scope holds that room.
      ['dev#htr/2', 'update', [{ path: '/htr/2/status', body: { mode: 'off' } }]],
      // The home's power limit is nothing a scoped guest hears.
      ['dev', 'update', [{ path: '/htr_system/power_limit', body: { power_limit: '0' } }]],
      ['dev', 'update', [{ path: '/mgr/away_status', body: { away: true } }]],
      ['dev#guests', 'update', [{ path: '/mgr/away_status', body: { away: true } }]],
      // Nor the list of every room.
      ['dev', 'update', [{ path: '/mgr/nodes', body: { nodes: [] } }]],
    ]);
  });

  it('takes no path as a string, nor an object no update carries: the compiler refuses them', () => {
    const { sink, sent } = recordingSink();
    const realtime = createRealtimeEmitter(() => sink);
    const emitString = (path: string) =>
      // @ts-expect-error a string is not what an update is about until readDevicePath reads it
      realtime.update('dev', path, {});
    const emitUnknown = () =>
      // @ts-expect-error no update carries a node's `mode`
      realtime.update('dev', { kind: 'mode', type: 'htr', addr: 2 }, {});
    expect([typeof emitString, typeof emitUnknown]).toEqual(['function', 'function']);
    expect(sent).toEqual([]);
  });
});
