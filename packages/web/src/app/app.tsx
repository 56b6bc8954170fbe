import { useState } from 'react';
import { IonApp, setupIonicReact } from '@ionic/react';
import { Providers } from './providers';
import { AppRouter } from './router';
import { GlobalErrorToast } from './error-toast';
import { createQueryClient } from './query-client';

setupIonicReact();

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <Providers queryClient={queryClient}>
      <IonApp>
        <AppRouter />
        <GlobalErrorToast />
      </IonApp>
    </Providers>
  );
}
