import { createContext, useContext, type ReactNode } from 'react';
import {
  connectDeviceSocket,
  type DeviceConnection,
  type DeviceSocketOptions,
} from './device-socket';

export type ConnectDevice = (options: DeviceSocketOptions) => DeviceConnection;

const RealtimeContext = createContext<ConnectDevice>(connectDeviceSocket);

/**
 * Chooses how device sockets are opened: the real socket.io connection by default;
 * demo mode and component tests hand in their own connector.
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

export function useConnectDevice(): ConnectDevice {
  return useContext(RealtimeContext);
}
