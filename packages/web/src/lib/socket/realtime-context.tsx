import { createContext, useContext, type ReactNode } from 'react';
import { connectDemoDevice } from '../demo';
import { useSessionStore } from '../session/session-store';
import type { DeviceConnection, DeviceSocketOptions } from './device-socket';
import { connectDeviceSocketLazily } from './lazy-device-socket';

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

/** The connector to use now: in demo mode the demo backend, never a real socket (spec 3 §4). */
export function useConnectDevice(): ConnectDevice {
  const connect = useContext(RealtimeContext);
  const demo = useSessionStore((s) => s.demo);
  return demo ? connectDemoDevice : connect;
}
