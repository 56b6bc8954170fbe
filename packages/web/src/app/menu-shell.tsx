import { useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { useBranding } from '../lib/branding';
import { homesQueryOptions } from '../lib/devices/get-homes';
import { hasSession, useSessionStore } from '../lib/session/session-store';
import { lazyPage } from './lazy-page';
import { preloadDashboard, PrivacyUpdateDialog } from './pages';
import { useBrandTitle } from './use-brand-title';

/** Spec 1 §2: no menu on sign-in, confirmation and remove-account-help screens. */
const NO_MENU =
  /^\/(login|oauth|registration-confirm|password-reset-confirm|email-change-confirm|invite-confirm|removeAccountHelp)(\/|$)/;

/**
 * The pages the privacy-policy-update dialog links to (spec 1 §2): the dialog stays off them so
 * that the policy and the terms can be read (and accepted on the privacy page).
 */
const POLICY_PAGES = /^\/(privacy|terms)(\/|$)/;

/** Fetched once someone is signed in; nothing to show while it arrives. */
const SideMenu = lazyPage(() => import('./side-menu').then((m) => m.SideMenu), null);

/**
 * Once signed in, the home list (which the dashboard, the side panel and geolocation tracking
 * all read) is asked for at once, and an app opened on the dashboard fetches its code at the
 * same time: both start with the shell instead of one after the other once the route has
 * mounted and its screen's code has arrived.
 */
function usePrefetchSignedIn(signedIn: boolean, pathname: string) {
  const queryClient = useQueryClient();
  const startPath = useRef(pathname);
  useEffect(() => {
    if (!signedIn) return;
    if (startPath.current === '/') preloadDashboard();
    queryClient.prefetchQuery(homesQueryOptions()).catch(() => undefined);
  }, [signedIn, queryClient]);
}

/** The side panel around the signed-in pages (spec 1 §2 "Toolbar and side menu"). */
export function MenuShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const signedIn = useSessionStore(hasSession);
  useBranding();
  useBrandTitle();
  usePrefetchSignedIn(signedIn, pathname);
  const menuOff = !signedIn || NO_MENU.test(pathname);
  return (
    <>
      {signedIn && <SideMenu disabled={menuOff} />}
      <div id="main" className="ion-page">
        {children}
      </div>
      {!menuOff && !POLICY_PAGES.test(pathname) && <PrivacyUpdateDialog />}
    </>
  );
}
