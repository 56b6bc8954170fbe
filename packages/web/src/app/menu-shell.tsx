import type { CSSProperties, ReactNode } from 'react';
import { IonContent, IonHeader, IonList, IonMenu, IonTitle, IonToolbar } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { SIDE_PANEL_WIDTH_PX } from '@hearth/protocol';
import { brandLogos, useBrand, useBranding } from '../lib/branding';
import { hasSession, useSessionStore } from '../lib/session/session-store';
import { LanguagePicker } from './language-picker';
import { PrivacyUpdateDialog } from './pages';
import { SideMenuItems } from './side-menu-items';

/** Spec 1 §2: no menu on sign-in, confirmation and remove-account-help screens. */
const NO_MENU =
  /^\/(login|oauth|registration-confirm|password-reset-confirm|email-change-confirm|invite-confirm|removeAccountHelp)(\/|$)/;

/** The side panel around the signed-in pages (spec 1 §2 "Toolbar and side menu"). */
export function MenuShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const username = useSessionStore((s) => s.username);
  const signedIn = useSessionStore(hasSession);
  useBranding();
  const logos = brandLogos(useBrand());
  const menuOff = !signedIn || NO_MENU.test(pathname);
  return (
    <>
      <IonMenu
        contentId="main"
        disabled={menuOff}
        style={{ '--width': `${SIDE_PANEL_WIDTH_PX}px` } as CSSProperties}
      >
        <IonHeader>
          <IonToolbar color="primary">
            <IonTitle>
              <span>{t('menu.title')}</span>
            </IonTitle>
          </IonToolbar>
        </IonHeader>
        <IonContent>
          <div className="menu__logos">
            <img src={logos.logo} alt="" height={36} data-testid="menu-logo" />
            <img
              src={logos.secondary}
              alt=""
              height={24}
              className="menu__secondary-logo"
              data-testid="menu-secondary-logo"
            />
          </div>
          <p className="menu__user" data-testid="menu-user">
            {username}
          </p>
          <LanguagePicker />
          {signedIn && (
            <IonList>
              <SideMenuItems />
            </IonList>
          )}
        </IonContent>
      </IonMenu>
      <div id="main" className="ion-page">
        {children}
      </div>
      {signedIn && !NO_MENU.test(pathname) && <PrivacyUpdateDialog />}
    </>
  );
}
