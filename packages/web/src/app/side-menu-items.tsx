import type { ReactNode } from 'react';
import { IonIcon, IonItem, IonLabel, IonMenuToggle } from '@ionic/react';
import {
  helpCircleOutline,
  informationCircleOutline,
  logOutOutline,
  mailOutline,
  personOutline,
  shieldCheckmarkOutline,
  homeOutline,
  gridOutline,
  cloudOutline,
} from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FRONTEND_VERSION } from '@hearth/protocol';
import { BUILD_YEAR } from '../lib/build-year';
import { useBrand, useBrandingStore } from '../lib/branding';
import { useHomes } from '../lib/devices';
import { useSessionStore } from '../lib/session/session-store';
import { contactMailto } from './contact-link';

function Item(props: {
  icon: string;
  label: ReactNode;
  testId: string;
  onClick?: () => void;
  href?: string;
}) {
  return (
    <IonMenuToggle autoHide={false}>
      <IonItem
        button
        detail={false}
        onClick={props.onClick}
        href={props.href}
        data-testid={props.testId}
      >
        <IonIcon icon={props.icon} slot="start" aria-hidden="true" />
        <IonLabel>{props.label}</IonLabel>
      </IonItem>
    </IonMenuToggle>
  );
}

/** The side panel's entries (spec 1 §2): help, contact, privacy, about, account and logout. */
export function SideMenuItems() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const brand = useBrand();
  const serialId = useBrandingStore((s) => s.serialId);
  const email = useSessionStore((s) => s.username);
  const homes = useHomes();
  const firstDevId = homes.data?.[0]?.devs[0]?.dev_id ?? '';
  const logout = () => {
    // The app forgets cached data when the session ends (use-forget-on-sign-out); branding stays.
    useSessionStore.getState().clear();
    navigate('/login', { replace: true });
  };
  return (
    <>
      <Item
        icon={gridOutline}
        label={<span>{t('menu.dashboard')}</span>}
        testId="menu-dashboard"
        onClick={() => navigate('/')}
      />
      {/* Spec 2 §2: the home list, with add-home, home data, guests and geolocation. */}
      <Item
        icon={homeOutline}
        label={<span>{t('menu.homes')}</span>}
        testId="menu-homes"
        onClick={() => navigate('/list')}
      />
      <Item
        icon={cloudOutline}
        label={<span>{t('menu.cloudLinks')}</span>}
        testId="menu-cloud-links"
        onClick={() => navigate('/cloud-links')}
      />
      <Item
        icon={personOutline}
        label={<span>{t('menu.account')}</span>}
        testId="menu-account"
        onClick={() => navigate('/account')}
      />
      <Item
        icon={helpCircleOutline}
        label={<span>{t('menu.help')}</span>}
        testId="menu-help"
        onClick={() => navigate('/help')}
      />
      <Item
        icon={mailOutline}
        label={<span>{t('menu.contact')}</span>}
        testId="menu-contact"
        href={contactMailto({
          support: brand.support,
          label: brand.urlLabel,
          email,
          firstDevId,
          serialId,
        })}
      />
      <Item
        icon={shieldCheckmarkOutline}
        label={<span>{t('menu.privacy')}</span>}
        testId="menu-privacy"
        onClick={() => navigate('/privacy')}
      />
      <Item
        icon={informationCircleOutline}
        label={
          <>
            <span>{t('menu.about')}</span>
            <p>{t('menu.version', { version: FRONTEND_VERSION, year: BUILD_YEAR })}</p>
          </>
        }
        testId="menu-about"
        onClick={() => navigate('/about')}
      />
      <Item
        icon={logOutOutline}
        label={<span>{t('menu.logout')}</span>}
        testId="menu-logout"
        onClick={logout}
      />
    </>
  );
}
