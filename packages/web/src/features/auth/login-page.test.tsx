import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_BUILD_YEAR,
  DEV_CLIENT_ID,
  DEV_CLIENT_SECRET,
  FRONTEND_VERSION,
  LOGIN_ERROR_TOAST_MS,
} from '@hearth/protocol';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { countToasts } from '../../test/toast-count';
import { renderWithApp } from '../../test/render';
import { useSessionStore } from '../../lib/session/session-store';
import { SESSION_STORAGE_KEY } from '../../lib/session/session-storage';
import { useErrorToastStore } from '../../lib/http';
import { LoginPage } from './login-page';
import { renderLogin, StoreToast, token, tokenRoute } from './login-test-kit';

beforeEach(() => useSessionStore.getState().clear());
afterEach(() => {
  vi.unstubAllGlobals();
  useErrorToastStore.getState().dismiss();
});

describe('login page', () => {
  test('pressing Enter in the password field signs in with the password grant', async () => {
    const { calls } = tokenRoute(200);
    renderLogin();
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1{Enter}');

    expect(await screen.findByText('dashboard reached')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    const call = calls[0];
    expect(call?.headers.Authorization).toBe(
      `Basic ${btoa(`${DEV_CLIENT_ID}:${DEV_CLIENT_SECRET}`)}`,
    );
    expect(Object.fromEntries(new URLSearchParams(call?.body))).toEqual({
      grant_type: 'password',
      username: 'ana@example.com',
      password: 'secret1',
    });
    expect(useSessionStore.getState()).toMatchObject({
      token,
      refreshToken: 'r1',
      username: 'ana@example.com',
    });
    // Remember is off by default on the web: the session lasts only for this browser session.
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  test('with remember on the session is stored durably', async () => {
    tokenRoute(200);
    renderLogin();
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('switch', { name: 'Remember me' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enter' }));
    await screen.findByText('dashboard reached');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
  });

  test.each([
    ['the e-mail', '', 'secret1'],
    ['the password', 'ana@example.com', ''],
  ])('nothing happens without %s', async (_what, email, password) => {
    const { calls } = tokenRoute(200);
    renderLogin();
    if (email) await userEvent.type(screen.getByLabelText('E-mail'), email);
    if (password) await userEvent.type(screen.getByLabelText('Password'), password);
    await userEvent.click(screen.getByRole('button', { name: 'Enter' }));
    await userEvent.keyboard('{Enter}');
    expect(calls).toHaveLength(0);
    expect(screen.queryByText('dashboard reached')).not.toBeInTheDocument();
  });

  test('an unconfirmed account is told to confirm its address and can have the link again (ruling D14)', async () => {
    const { calls } = installFakeFetch({
      'POST /client/token': () =>
        json(
          {
            message: 'Confirm your e-mail address first',
            statusCode: 401,
            error: 'email_not_confirmed',
          },
          401,
        ),
      'POST /api/v2/users/verify/resend': () => json({ message: 'ok' }),
    });
    renderLogin();
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret_1{Enter}');
    const panel = await screen.findByTestId('login-unconfirmed');
    expect(panel).toHaveTextContent('Confirm your e-mail address first');
    expect(screen.queryByText('Wrong user or password, please retry')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(/A new link was sent to ana@example.com/)).toBeInTheDocument();
    const sent = calls.find((c) => c.url.endsWith('/api/v2/users/verify/resend'));
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      email: 'ana@example.com',
      frontend_host: window.location.origin,
    });
    expect(useSessionStore.getState().token).toBe('');
  });

  test('a 401 shows the wrong-credentials warning and stays on the page', async () => {
    tokenRoute(401);
    renderLogin();
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong{Enter}');

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Wrong user or password, please retry');
    expect(toast).toHaveTextContent('Advice');
    expect(screen.queryByText('dashboard reached')).not.toBeInTheDocument();
    expect(useErrorToastStore.getState().kind).toBeNull();
    expect(useSessionStore.getState().token).toBe('');
  });

  test('the warning shows for LOGIN_ERROR_TOAST_MS', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      tokenRoute(401);
      renderLogin();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
      await user.type(screen.getByLabelText('Password'), 'wrong{Enter}');
      await screen.findByRole('alert');
      act(() => vi.advanceTimersByTime(LOGIN_ERROR_TOAST_MS - 50));
      expect(screen.getByRole('alert')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(100));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  test('the warning goes away when a field changes', async () => {
    tokenRoute(401);
    renderLogin();
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong{Enter}');
    await screen.findByRole('alert');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('other failures raise the global userRequest error instead', async () => {
    tokenRoute(500);
    renderLogin();
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1{Enter}');
    await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
    expect(screen.queryByText('Wrong user or password, please retry')).not.toBeInTheDocument();
  });

  test.each([400, 409])(
    'a %i, which the HTTP layer leaves to the caller, is the global userRequest error too',
    async (status) => {
      tokenRoute(status);
      renderLogin();
      await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
      await userEvent.type(screen.getByLabelText('Password'), 'secret1{Enter}');
      await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
      expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
    },
  );

  test.each([
    [400, 'validation_failed'],
    [400, 'invalid_request'],
    [409, 'already_registered'],
    [409, 'internal_error'],
    [502, 'bad_gateway'],
  ])(
    "the server's code decides: %i %s is the global userRequest error, told once",
    async (status, code) => {
      tokenRoute(status, code);
      renderLogin();
      await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
      const told = countToasts();
      await userEvent.type(screen.getByLabelText('Password'), 'secret1{Enter}');
      await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
      expect(told()).toBe(1);
      expect(screen.queryByText('Wrong user or password, please retry')).not.toBeInTheDocument();
    },
  );

  test.each([
    [401, 'unauthorized'],
    [401, 'invalid_grant'],
    [401, undefined],
  ])(
    'refused credentials (%i %s) are the wrong-credentials warning, no toast',
    async (status, code) => {
      tokenRoute(status, code);
      renderLogin();
      await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
      await userEvent.type(screen.getByLabelText('Password'), 'secret1{Enter}');
      expect(await screen.findByText('Wrong user or password, please retry')).toBeInTheDocument();
      expect(useErrorToastStore.getState().kind).toBeNull();
    },
  );

  test.each([
    ['840', 'Too many attempts. Try again in 14 minutes.'],
    ['45', 'Too many attempts. Try again in 1 minute.'],
  ])(
    'too many attempts, the server asking to wait %s s: "%s" (ruling D12)',
    async (retryAfter, said) => {
      installFakeFetch({
        'POST /client/token': () => {
          const answer = json(
            {
              message: 'Too many attempts; try again later',
              statusCode: 429,
              error: 'too_many_attempts',
            },
            429,
          );
          answer.headers.set('Retry-After', retryAfter);
          return answer;
        },
      });
      renderWithApp(
        <>
          <LoginPage />
          <StoreToast />
        </>,
        { path: '/login' },
      );
      await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
      await userEvent.type(screen.getByLabelText('Password'), 'secret1{Enter}');
      expect(await screen.findByTestId('error-toast')).toHaveTextContent(said);
      expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
    },
  );

  test('the global error toast also goes away when a field changes (spec 1 §5)', async () => {
    tokenRoute(500);
    renderLogin();
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1{Enter}');
    await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
    await userEvent.type(screen.getByLabelText('E-mail'), 'x');
    expect(useErrorToastStore.getState().kind).toBeNull();
  });

  test('the password can be revealed and hidden again', async () => {
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  test('shows the version and copyright line', () => {
    renderLogin();
    expect(screen.getByTestId('login-version')).toHaveTextContent(
      `Version ${FRONTEND_VERSION} · © ${DEFAULT_BUILD_YEAR} Hearth`,
    );
  });
});
