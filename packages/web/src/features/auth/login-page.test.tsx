import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import {
  DEFAULT_BUILD_YEAR,
  DEV_CLIENT_ID,
  DEV_CLIENT_SECRET,
  FRONTEND_VERSION,
  INPUT_DEBOUNCE_MS,
  LOGIN_ANIMATION_MS,
  LOGIN_ERROR_TOAST_MS,
} from '@hearth/protocol';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { countToasts, errorBody } from '../../test/toast-count';
import { renderWithApp } from '../../test/render';
import { tokenExpiringIn } from '../../test/tokens';
import { useSessionStore } from '../../lib/session/session-store';
import { SESSION_STORAGE_KEY } from '../../lib/session/session-storage';
import { useErrorToastStore } from '../../lib/http';
import { useTranslation } from 'react-i18next';
import { ErrorKindToast } from '../../lib/ui/error-kind-toast';
import { LoginPage } from './login-page';

const token = tokenExpiringIn(4 * 3_600_000);

/** The global error toast as the app draws it from the store (app/ is not a feature's to import). */
function StoreToast() {
  const { t } = useTranslation();
  const kind = useErrorToastStore((s) => s.kind);
  const minutes = useErrorToastStore((s) => s.minutes);
  if (!kind) return null;
  return (
    <ErrorKindToast
      kind={kind}
      minutes={minutes}
      t={(key, values) => t(key, values)}
      onDismiss={() => undefined}
    />
  );
}

function renderLogin() {
  return renderWithApp(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<p>dashboard reached</p>} />
    </Routes>,
    { path: '/login' },
  );
}

/** The token endpoint's answer: a 401 says `unauthorized` (a wrong user or password). */
function tokenRoute(
  status: number,
  code: string | undefined = status === 401 ? 'unauthorized' : undefined,
) {
  return installFakeFetch({
    'POST /client/token': () =>
      status === 200
        ? json({
            access_token: token,
            refresh_token: 'r1',
            expires_in: 14400,
            token_type: 'bearer',
          })
        : json({ ...errorBody(status, code), message: 'bad credentials' }, status),
  });
}

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

describe('first press with empty fields (spec 1 §4, §5)', () => {
  test('animates the button for LOGIN_ANIMATION_MS and sends nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls } = tokenRoute(200);
      renderLogin();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(screen.getByRole('button', { name: 'Enter' }));
      const button = screen.getByRole('button', { name: 'Enter' });
      expect(button).toHaveClass('login__submit--nudge');
      expect(button).toHaveStyle({ animationDuration: `${LOGIN_ANIMATION_MS}ms` });
      act(() => vi.advanceTimersByTime(LOGIN_ANIMATION_MS + 10));
      expect(button).not.toHaveClass('login__submit--nudge');
      expect(calls).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  test('then, once both fields are filled, signs in by itself after INPUT_DEBOUNCE_MS', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls } = tokenRoute(200);
      renderLogin();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(screen.getByRole('button', { name: 'Enter' }));
      // What a browser's autofill does: the fields change without another press.
      await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
      await user.type(screen.getByLabelText('Password'), 'secret1');
      expect(calls).toHaveLength(0);
      act(() => vi.advanceTimersByTime(INPUT_DEBOUNCE_MS - 100));
      expect(calls).toHaveLength(0);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(200);
      });
      expect(await screen.findByText('dashboard reached')).toBeInTheDocument();
      expect(calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  test('without that first press, filling the fields does not sign in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls } = tokenRoute(200);
      renderLogin();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
      await user.type(screen.getByLabelText('Password'), 'secret1');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(INPUT_DEBOUNCE_MS * 4);
      });
      expect(calls).toHaveLength(0);
      expect(screen.queryByText('dashboard reached')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('demo link (spec 1 §2, §4)', () => {
  test('loads the demo and goes to the dashboard without any request', async () => {
    const { calls } = tokenRoute(200);
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Try the demo' }));
    expect(await screen.findByText('dashboard reached')).toBeInTheDocument();
    expect(useSessionStore.getState().demo).toBe(true);
    expect(calls).toHaveLength(0);
  });

  test('a login attempt leaves demo mode', async () => {
    tokenRoute(401);
    useSessionStore.getState().startDemo();
    renderLogin();
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong1{Enter}');
    expect(useSessionStore.getState().demo).toBe(false);
    expect(await screen.findByTestId('login-error')).toBeInTheDocument();
  });
});

describe('account-linking sign-in (spec 1 §2)', () => {
  const query = '?client_id=assistant&redirect_uri=https%3A%2F%2Fa.example&state=s';
  function renderLinkingLogin() {
    return renderWithApp(
      <Routes>
        <Route path="/oauth/login" element={<LoginPage linking />} />
        <Route path="/deviceLinking" element={<LocationText />} />
      </Routes>,
      { path: `/oauth/login${query}` },
    );
  }

  test('the Enter button stays disabled until the warning is ticked, then goes to /deviceLinking with the query', async () => {
    tokenRoute(200);
    renderLinkingLogin();
    expect(screen.getByTestId('linking-warning')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    const enter = screen.getByRole('button', { name: 'Enter' });
    expect(enter).toBeDisabled();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'I allow the assistant this access' }),
    );
    expect(enter).toBeEnabled();
    await userEvent.click(enter);
    expect(await screen.findByTestId('where')).toHaveTextContent(`/deviceLinking${query}`);
  });

  test('the register, forgot-password and demo links are offered there too', () => {
    renderLinkingLogin();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/login/register',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/login/forgot-password',
    );
    expect(screen.getByRole('button', { name: 'Try the demo' })).toBeInTheDocument();
  });
});

function LocationText() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}
