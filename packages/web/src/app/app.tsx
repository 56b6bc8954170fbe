import { useState } from 'react';
import { IonApp, setupIonicReact } from '@ionic/react';
import { Providers } from './providers';
import { AppRouter } from './router';
import { GlobalErrorToast } from './error-toast';
import { createQueryClient } from './query-client';
import { useForgetOnSignOut } from './use-forget-on-sign-out';
import { useNativeShell } from './use-native-shell';
import { useSavedLanguage } from './use-saved-language';
import { useServerRecovery } from './use-server-recovery';
import { OfflineBanner } from '../features/pwa';
import { GeoTrackingRunner } from './geo-tracking-runner';
import { ionicConfig } from './ionic-config';
import type { ConnectDevice } from '../lib/socket/realtime-context';

setupIonicReact(ionicConfig());

/** `connectDevice` replaces the realtime transport in tests (demo mode swaps it in lib/socket). */
export function App({ connectDevice }: { connectDevice?: ConnectDevice } = {}) {
  const [queryClient] = useState(createQueryClient);
  useForgetOnSignOut(queryClient);
  useNativeShell(queryClient);
  useServerRecovery(queryClient);
  useSavedLanguage();
  return (
    <Providers queryClient={queryClient} connectDevice={connectDevice}>
      <IonApp>
        <AppRouter />
        <GlobalErrorToast />
        <OfflineBanner />
        <GeoTrackingRunner />
      </IonApp>
    </Providers>
  );
}
