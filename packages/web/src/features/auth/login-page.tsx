import { useCallback } from 'react';
import { IonPage } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { platform } from '../../lib/platform';
import { LoginScreen } from './login-screen';

/**
 * The full app's /login (and the account-linking sign-ins): the same screen the light entry
 * shows before the app has loaded, in an Ionic page and wired to the router and i18next.
 */
export function LoginPage({ linking = false }: { linking?: boolean }) {
  const { t } = useTranslation();
  const routerNavigate = useNavigate();
  const { search } = useLocation();
  const navigate = useCallback(
    (to: string, options?: { replace?: boolean }) => void routerNavigate(to, options),
    [routerNavigate],
  );
  return (
    <IonPage>
      <LoginScreen
        t={(key, values) => t(key, values)}
        navigate={navigate}
        linking={linking}
        search={search}
        isNative={platform.isNative}
      />
    </IonPage>
  );
}
