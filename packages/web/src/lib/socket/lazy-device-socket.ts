import type { DeviceConnection, DeviceSocketOptions } from './device-socket';

/**
 * `connectDeviceSocket`, with socket.io's client fetched when the first device socket opens
 * instead of with the app's first screen (the sign-in screen never opens one).
 */
export function connectDeviceSocketLazily(options: DeviceSocketOptions): DeviceConnection {
  let connection: DeviceConnection | undefined;
  let closed = false;
  import('./device-socket').then(
    ({ connectDeviceSocket }) => {
      if (!closed) connection = connectDeviceSocket(options);
    },
    () => {
      // The chunk could not be fetched (offline before it was ever cached): no socket.
      if (!closed) options.onStatus('disconnected');
    },
  );
  return {
    close: () => {
      closed = true;
      connection?.close();
    },
    // Before the socket exists there is nothing to resume: its first connection asks for a snapshot.
    resume: () => connection?.resume(),
  };
}
