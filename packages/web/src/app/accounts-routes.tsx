import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { ABOUT_TRANSITIONS } from '../features/about/transitions';
import {
  AboutPage,
  AccountPage,
  ChooseCloudDevicesPage,
  CloudLinksPage,
  DeviceLinkingPage,
  EmailChangeConfirmPage,
  ForgotPasswordPage,
  HelpPage,
  InviteConfirmPage,
  LoginPage,
  PasswordResetConfirmPage,
  PrivacyPage,
  RegistrationConfirmPage,
  RegistrationPage,
  RemoveAccountHelpPage,
  TermsPage,
} from './pages';

/**
 * Routes of spec 1 beyond sign-in and the dashboard: account flows, confirmations (open
 * with or without a session), info pages and account linking.
 */
export function accountsRoutes(guards: {
  session: (page: ReactNode) => ReactNode;
  guest: (page: ReactNode) => ReactNode;
}) {
  const page = (path: string, element: ReactNode) => (
    <Route key={path} path={path} element={element} />
  );
  return [
    page('/login/register', guards.guest(<RegistrationPage />)),
    page('/login/forgot-password', guards.guest(<ForgotPasswordPage />)),
    // Account linking signs in again on purpose: the assistant must see the warning.
    page('/oauth/login', <LoginPage linking key="oauth" />),
    page('/oauth/gaction/login', <LoginPage linking key="gaction" />),
    page('/deviceLinking', guards.session(<DeviceLinkingPage />)),
    page('/registration-confirm/:serialId', <RegistrationConfirmPage />),
    page('/password-reset-confirm/:serialId', <PasswordResetConfirmPage />),
    page('/email-change-confirm/:serialId', <EmailChangeConfirmPage />),
    page('/invite-confirm/:serialId', <InviteConfirmPage />),
    page('/about', guards.session(<AboutPage />)),
    ...ABOUT_TRANSITIONS.map((transition) =>
      page(`/about-${transition}`, guards.session(<AboutPage transition={transition} />)),
    ),
    page('/privacy', guards.session(<PrivacyPage />)),
    page('/account', guards.session(<AccountPage />)),
    page('/cloud-links', guards.session(<CloudLinksPage />)),
    page('/cloud-links/:account/devices', guards.session(<ChooseCloudDevicesPage />)),
    page('/removeAccountHelp', guards.session(<RemoveAccountHelpPage />)),
    // Help and terms are read before signing in too (registration links the terms).
    page('/help', <HelpPage />),
    page('/terms', <TermsPage />),
  ];
}
