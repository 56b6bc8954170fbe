import { createContext, useContext, type ReactNode } from 'react';
import { connectDemoDevice } from '../demo';
import { useSessionStore } from '../session/session-store';
import type { DeviceConnection, DeviceSocketOptions } from './device-socket';
import { connectDeviceSocketLazily } from './lazy-device-socket';
import { useConnectionStore } from './connection-store';

export type ConnectDevice = (options: DeviceSocketOptions) => DeviceConnection;

const RealtimeContext = createContext<ConnectDevice>(connectDeviceSocketLazily);

/**
 * Chooses how device sockets are opened: the real socket.io connection by default;
 * component tests hand in their own connector (demo mode is chosen in useConnectDevice).
 */
export function RealtimeProvider({
  connect,
  children,
}: {
  connect: ConnectDevice;
  children: ReactNode;
}) {
  return <RealtimeContext.Provider value={connect}>{children}</RealtimeContext.Provider>;
}

const trackedConnectors = new WeakMap<ConnectDevice, ConnectDevice>();

/**
 * The same connector, with every socket's status also reported to the connection store, which
 * tells the app whether the server is reached and since when each gateway's values are old.
 */
function tracked(connect: ConnectDevice): ConnectDevice {
  let wrapped = trackedConnectors.get(connect);
  if (!wrapped) {
    wrapped = (options) => {
      const store = useConnectionStore.getState();
      const connection = connect({
        ...options,
        onStatus: (status) => {
          store.reportSocket(options.devId, status);
          options.onStatus(status);
        },
      });
      return {
        ...connection,
        close: () => {
          connection.close();
          store.forgetSocket(options.devId);
        },
      };
    };
    trackedConnectors.set(connect, wrapped);
  }
  return wrapped;
}

/** The connector to use now: in demo mode the demo backend, never a real socket (spec 3 §4). */
export function useConnectDevice(): ConnectDevice {
  const connect = useContext(RealtimeContext);
  const demo = useSessionStore((s) => s.demo);
  return tracked(demo ? connectDemoDevice : connect);
}
