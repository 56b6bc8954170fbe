import { useState } from 'react';
import { IonApp, setupIonicReact } from '@ionic/react';
import { Providers } from './providers';
import { AppRouter } from './router';
import { GlobalErrorToast } from './error-toast';
import { createQueryClient } from './query-client';
import { useForgetOnSignOut } from './use-forget-on-sign-out';
import type { ConnectDevice } from '../lib/socket/realtime-context';

setupIonicReact();

/** `connectDevice` replaces the realtime transport (tests; demo mode later). */
export function App({ connectDevice }: { connectDevice?: ConnectDevice } = {}) {
  const [queryClient] = useState(createQueryClient);
  useForgetOnSignOut(queryClient);
  return (
    <Providers queryClient={queryClient} connectDevice={connectDevice}>
      <IonApp>
        <AppRouter />
        <GlobalErrorToast />
      </IonApp>
    </Providers>
  );
}
