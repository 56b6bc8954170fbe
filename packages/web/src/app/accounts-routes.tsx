import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { AboutPage } from '../features/about';
import { AccountPage, RemoveAccountHelpPage } from '../features/account';
import { DeviceLinkingPage } from '../features/account-linking';
import { LoginPage } from '../features/auth';
import {
  EmailChangeConfirmPage,
  InviteConfirmPage,
  PasswordResetConfirmPage,
  RegistrationConfirmPage,
} from '../features/confirmations';
import { ForgotPasswordPage } from '../features/forgot-password';
import { PrivacyPage } from '../features/privacy';
import { RegistrationPage } from '../features/registration';

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
    page('/privacy', guards.session(<PrivacyPage />)),
    page('/account', guards.session(<AccountPage />)),
    page('/removeAccountHelp', guards.session(<RemoveAccountHelpPage />)),
  ];
}
