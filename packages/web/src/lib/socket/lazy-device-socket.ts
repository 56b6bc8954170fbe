import type { DeviceConnection, DeviceSocketOptions } from './device-socket';
import { onWake } from './wake';

/**
 * `connectDeviceSocket`, with socket.io's client fetched when the first device socket opens
 * instead of with the app's first screen (the sign-in screen never opens one).
 */
export function connectDeviceSocketLazily(options: DeviceSocketOptions): DeviceConnection {
  let connection: DeviceConnection | undefined;
  let closed = false;
  let loading = false;
  let stopWake = () => {};
  const load = () => {
    if (closed || connection || loading) return;
    loading = true;
    import('./device-socket').then(
      ({ connectDeviceSocket }) => {
        loading = false;
        stopWake();
        if (!closed) connection = connectDeviceSocket(options);
      },
      () => {
        // Not fetched (offline before it was ever cached): the server was not reached; the
        // chunk is asked for again when the connection may be back.
        loading = false;
        if (!closed) options.onStatus('unreachable');
      },
    );
  };
  stopWake = onWake(load);
  load();
  return {
    close: () => {
      closed = true;
      stopWake();
      connection?.close();
    },
    // Before the socket exists there is nothing to resume: its first connection asks for a snapshot.
    resume: () => (connection ? connection.resume() : load()),
  };
}
