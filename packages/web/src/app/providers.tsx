import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { RealtimeProvider, type ConnectDevice } from '../lib/socket/realtime-context';
import { connectDeviceSocketLazily } from '../lib/socket/lazy-device-socket';

interface ProvidersProps {
  queryClient: QueryClient;
  connectDevice?: ConnectDevice;
  children: ReactNode;
}

export function Providers({
  queryClient,
  connectDevice = connectDeviceSocketLazily,
  children,
}: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RealtimeProvider connect={connectDevice}>{children}</RealtimeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
