import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { installFakeFetch, json } from '../test/fake-fetch';
import { renderRoute } from '../test/route-render';
import { ForgotPasswordPage } from '../features/forgot-password';
import { RegistrationPage } from '../features/registration';
import { InviteConfirmPage, RegistrationConfirmPage } from '../features/confirmations';

beforeEach(() => {
  installFakeFetch({ 'POST /api/v2/users/verify': () => json({ message: 'ok' }) });
});
afterEach(() => vi.unstubAllGlobals());

test.each<[string, ReactElement, string]>([
  ['/login/register', <RegistrationPage key="r" />, '/login/register'],
  ['/login/forgot-password', <ForgotPasswordPage key="f" />, '/login/forgot-password'],
])(
  '%s, nested under /login, has a back link labelled go-to-login (spec 1 §2)',
  (pattern, page, path) => {
    renderRoute(pattern, page, path);
    const back = screen.getByTestId('go-to-login');
    expect(back).toHaveAttribute('text', 'Go to login');
    expect(back).toHaveAttribute('default-href', '/login');
  },
);

test.each<[string, ReactElement, string]>([
  [
    '/registration-confirm/:serialId',
    <RegistrationConfirmPage key="c" />,
    '/registration-confirm/01?user=u&code=c',
  ],
  [
    '/invite-confirm/:serialId',
    <InviteConfirmPage key="i" />,
    '/invite-confirm/01?userid=u&code=c',
  ],
])('the confirmation screen %s shows no toolbar (spec 1 §2)', (pattern, page, path) => {
  const { container } = renderRoute(pattern, page, path);
  expect(container.querySelector('ion-toolbar')).toBeNull();
  expect(screen.queryByTestId('go-to-login')).toBeNull();
});
