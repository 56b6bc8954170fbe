import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useBranding } from '../lib/branding';
import { hasSession, useSessionStore } from '../lib/session/session-store';
import { lazyPage } from './lazy-page';
import { PrivacyUpdateDialog } from './pages';

/** Spec 1 §2: no menu on sign-in, confirmation and remove-account-help screens. */
const NO_MENU =
  /^\/(login|oauth|registration-confirm|password-reset-confirm|email-change-confirm|invite-confirm|removeAccountHelp)(\/|$)/;

/** Fetched once someone is signed in; nothing to show while it arrives. */
const SideMenu = lazyPage(() => import('./side-menu').then((m) => m.SideMenu), null);

/** The side panel around the signed-in pages (spec 1 §2 "Toolbar and side menu"). */
export function MenuShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const signedIn = useSessionStore(hasSession);
  useBranding();
  const menuOff = !signedIn || NO_MENU.test(pathname);
  return (
    <>
      {signedIn && <SideMenu disabled={menuOff} />}
      <div id="main" className="ion-page">
        {children}
      </div>
      {!menuOff && <PrivacyUpdateDialog />}
    </>
  );
}
