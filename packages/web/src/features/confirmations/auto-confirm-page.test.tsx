import { afterEach, expect, test, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { CONFIRMATION_REDIRECT_MS } from '@hearth/protocol';
import { useBrandingStore } from '../../lib/branding';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { EmailChangeConfirmPage, RegistrationConfirmPage } from './auto-confirm-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('registration confirmation sends user and code, shows success, then /login after 5 s (spec 1 §2)', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const { calls } = installFakeFetch({
    'POST /api/v2/users/verify': () => json({ message: 'ok' }),
  });
  renderRoute(
    '/registration-confirm/:serialId',
    <RegistrationConfirmPage />,
    '/registration-confirm/01.01?user=u1&code=c1',
  );
  expect(await screen.findByTestId('form-success')).toHaveTextContent(
    'Your account is confirmed. You can sign in now.',
  );
  expect(JSON.parse(calls[0]?.body ?? '{}')).toEqual({ user: 'u1', code: 'c1' });
  act(() => vi.advanceTimersByTime(CONFIRMATION_REDIRECT_MS - 100));
  expect(screen.getByTestId('location')).toHaveTextContent('/registration-confirm/01.01');
  act(() => vi.advanceTimersByTime(200));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
});

test('a failed e-mail change confirmation shows errors.passwordResetConfirmationError (spec 1 §8)', async () => {
  installFakeFetch({
    'POST /api/v2/users/email/confirm': () =>
      json({ message: 'bad code', statusCode: 404, error: 'not_found' }, 404),
  });
  renderRoute(
    '/email-change-confirm/:serialId',
    <EmailChangeConfirmPage />,
    '/email-change-confirm/01.01?user=u1&code=nope',
  );
  expect(await screen.findByTestId('form-error')).toHaveTextContent(
    'The link is not valid or has expired',
  );
});

test('a link naming its serial id as nserie{serial} (spec 1 §7) brands the screen by that serial id', async () => {
  const catalogue = {
    Radiadores: [],
    wifiHeaters: [],
    Acumuladores: [],
    Termostatos: [],
    Medidores: [],
  };
  const brand = (name: string) => ({
    css: { brand: name, sbrand: '', cprimary: '#c9430e' },
    cprimary: '#c9430e',
    clight: '#ff8a50',
    cdark: '#a33a0b',
    cdarksh: '#7a2b08',
    brand_soporte: `support@${name}.example`,
    brand_url_label: `${name}.example`,
    productos: [catalogue],
  });
  useBrandingStore.setState({ brands: { '01': brand('hearth'), '02': brand('calora') } });
  installFakeFetch({ 'POST /api/v2/users/verify': () => json({ message: 'ok' }) });
  renderRoute(
    '/registration-confirm/:serialId',
    <RegistrationConfirmPage />,
    '/registration-confirm/nserie02.01?user=u1&code=c1',
  );
  await screen.findByTestId('form-success');
  expect(useBrandingStore.getState().serialId).toBe('02.01');
  expect(screen.getByRole('img', { name: 'Calora' })).toBeInTheDocument();
  useBrandingStore.setState({ brands: null });
});

test('a failed registration confirmation says errors.registerConfirmationError, then /login after 5 s (spec 1 §2, §8)', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  installFakeFetch({
    'POST /api/v2/users/verify': () =>
      json({ message: 'bad code', statusCode: 404, error: 'not_found' }, 404),
  });
  renderRoute(
    '/registration-confirm/:serialId',
    <RegistrationConfirmPage />,
    '/registration-confirm/01.01?user=u1&code=nope',
  );
  expect(await screen.findByTestId('form-error')).toHaveTextContent('Confirmation failed');
  act(() => vi.advanceTimersByTime(CONFIRMATION_REDIRECT_MS - 100));
  expect(screen.getByTestId('location')).toHaveTextContent('/registration-confirm/01.01');
  act(() => vi.advanceTimersByTime(200));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
});

test('a user who moved on before the 5 s is not taken to /login (spec 1 §2)', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const before = window.location.pathname;
  installFakeFetch({ 'POST /api/v2/users/verify': () => json({ message: 'ok' }) });
  try {
    renderRoute(
      '/registration-confirm/:serialId',
      <RegistrationConfirmPage />,
      '/registration-confirm/01.01?user=u1&code=c1',
    );
    await screen.findByTestId('form-success');
    // The user moves on: the browser is at another page while this one stays mounted below.
    window.history.pushState({ key: 'elsewhere' }, '', '/login/register');
    act(() => vi.advanceTimersByTime(CONFIRMATION_REDIRECT_MS + 100));
    expect(screen.getByTestId('location')).toHaveTextContent('/registration-confirm/01.01');
  } finally {
    window.history.pushState({}, '', before);
  }
});
