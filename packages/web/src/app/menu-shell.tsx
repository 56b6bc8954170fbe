import type { CSSProperties, ReactNode } from 'react';
import {
  IonContent,
  IonHeader,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonMenu,
  IonMenuToggle,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { homeOutline, logOutOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SIDE_PANEL_WIDTH_PX } from '@hearth/protocol';
import { useSessionStore } from '../lib/session/session-store';

/** The side panel around the signed-in pages (spec 1 §2 "Toolbar and side menu"). */
export function MenuShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const username = useSessionStore((s) => s.username);
  const clearSession = useSessionStore((s) => s.clear);

  const logout = () => {
    // The app forgets cached data when the session ends (use-forget-on-sign-out).
    clearSession();
    navigate('/login', { replace: true });
  };

  return (
    <>
      <IonMenu contentId="main" style={{ '--width': `${SIDE_PANEL_WIDTH_PX}px` } as CSSProperties}>
        <IonHeader>
          <IonToolbar>
            <IonTitle>
              <span>{t('menu.title')}</span>
            </IonTitle>
          </IonToolbar>
        </IonHeader>
        <IonContent>
          <p className="menu__user" data-testid="menu-user">
            {username}
          </p>
          <IonList>
            <IonMenuToggle autoHide={false}>
              <IonItem button onClick={() => navigate('/')}>
                <IonIcon icon={homeOutline} slot="start" aria-hidden="true" />
                <IonLabel>
                  <span>{t('menu.homes')}</span>
                </IonLabel>
              </IonItem>
              <IonItem button onClick={logout} data-testid="menu-logout">
                <IonIcon icon={logOutOutline} slot="start" aria-hidden="true" />
                <IonLabel>
                  <span>{t('menu.logout')}</span>
                </IonLabel>
              </IonItem>
            </IonMenuToggle>
          </IonList>
        </IonContent>
      </IonMenu>
      <div id="main" className="ion-page">
        {children}
      </div>
    </>
  );
}
