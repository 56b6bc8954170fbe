import type { ReactNode } from 'react';
import {
  IonBackButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonPage,
  IonToolbar,
} from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { BrandMainLogo } from '../branding/brand-main-logo';
import './auth-frame.css';

interface Props {
  title: string;
  /**
   * Spec 1 §2: the screens nested under /login (register, forgot password) show a back link
   * labelled go-to-login; sign-in itself and the confirmation screens have no toolbar.
   */
  backToLogin?: boolean;
  children: ReactNode;
}

/** The signed-out screens (sign-in, register, confirmations): a branded card. */
export function AuthFrame({ title, backToLogin = false, children }: Props) {
  const { t } = useTranslation();
  return (
    <IonPage>
      {backToLogin && (
        <IonHeader>
          <IonToolbar color="primary">
            <IonButtons slot="start">
              <IonBackButton
                defaultHref="/login"
                text={t('accountsShared.goToLogin')}
                data-testid="go-to-login"
              />
            </IonButtons>
          </IonToolbar>
        </IonHeader>
      )}
      <IonContent className="auth-frame" fullscreen>
        <main className="auth-frame__panel">
          <BrandMainLogo className="auth-frame__logo" height={48} />
          <h1 className="auth-frame__title">{title}</h1>
          {children}
        </main>
      </IonContent>
    </IonPage>
  );
}
