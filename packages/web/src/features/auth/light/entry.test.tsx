import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoot, type Root } from 'react-dom/client';
import { installFakeFetch, json } from '../../../test/fake-fetch';
import { token, tokenRoute } from '../../../test/token-route';
import { resolveBrand, useBrandingStore } from '../../../lib/branding/branding-store';
import { useErrorToastStore } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session/session-store';
import { showsLightSignIn, startEntry } from './entry';
import { APP_PREFETCH_MARK } from './prefetch-mark';

const signedOut = { token: '', demo: false };

describe('which start paths show the light sign-in', () => {
  test.each([
    '/login',
    '/login/',
    '/',
    '/homes/h1/settings',
    '/homes/h1/devs/d1/htr/2/schedule',
    '/about',
    '/privacy',
    '/account',
    '/deviceLinking',
    '/list',
    '/no-such-screen',
    '/login/no-such-step',
  ])('signed out, %s shows it (the app would send the user to /login)', (path) => {
    expect(showsLightSignIn(path, signedOut)).toBe(true);
  });

  test.each([
    '/login/register',
    '/login/forgot-password',
    '/oauth/login',
    '/oauth/gaction/login',
    '/registration-confirm/15',
    '/password-reset-confirm/15',
    '/email-change-confirm/15',
    '/invite-confirm/15',
    '/help',
    '/terms',
  ])('signed out, %s loads the full app (open without a session)', (path) => {
    expect(showsLightSignIn(path, signedOut)).toBe(false);
  });

  test('the native shells always load the full app', () => {
    expect(showsLightSignIn('/login', signedOut, true)).toBe(false);
    expect(showsLightSignIn('/login', signedOut, false)).toBe(true);
  });

  test('a session or the demo always loads the full app', () => {
    expect(showsLightSignIn('/login', { token, demo: false })).toBe(false);
    expect(showsLightSignIn('/', { token: '', demo: true })).toBe(false);
  });
});

/** The full app's stand-in: where it was rendered, and who is signed in. */
function FakeApp() {
  return (
    <p data-testid="full-app">
      {window.location.pathname} {useSessionStore.getState().username}
    </p>
  );
}

let root: Root | undefined;
let container: HTMLDivElement | undefined;

function start(path: string, { idle = false }: { idle?: boolean } = {}) {
  window.history.replaceState(null, '', path);
  const element = document.createElement('div');
  document.body.append(element);
  container = element;
  root = createRoot(element);
  const loadApp = vi.fn(() => Promise.resolve(FakeApp));
  const idleRuns: (() => void)[] = [];
  const started = startEntry({
    root,
    loadApp,
    whenIdle: (run) => (idle ? run() : idleRuns.push(run)),
  });
  return { loadApp, idleRuns, started };
}

beforeEach(() => useSessionStore.getState().clear());
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container?.remove();
  container = undefined;
  vi.unstubAllGlobals();
  useErrorToastStore.getState().dismiss();
  performance.clearMarks();
});

describe('the light sign-in', () => {
  test('a guarded path shows the sign-in at /login without loading the app', async () => {
    tokenRoute(200);
    const { loadApp } = start('/homes/h1/settings');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(screen.getByTestId('login-version')).toBeInTheDocument();
    expect(loadApp).not.toHaveBeenCalled();
    expect(screen.queryByTestId('full-app')).not.toBeInTheDocument();
  });

  test('once up, it fetches the app in idle time, marking when, and only once', async () => {
    tokenRoute(200);
    const { loadApp, idleRuns } = start('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    // After the brand file's fetch has been started (BRANDING_FETCH_DELAY_MS).
    await waitFor(() => expect(idleRuns).toHaveLength(1), { timeout: 3_000 });
    expect(loadApp).not.toHaveBeenCalled();
    act(() => idleRuns[0]?.());
    expect(loadApp).toHaveBeenCalledTimes(1);
    expect(performance.getEntriesByName(APP_PREFETCH_MARK)).toHaveLength(1);
    // Fetched ahead, not shown: the sign-in stays.
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('E-mail'));
    expect(loadApp).toHaveBeenCalledTimes(1);
  });

  test('starting on the form fetches the app at once', async () => {
    tokenRoute(200);
    const { loadApp } = start('/login');
    await userEvent.click(await screen.findByLabelText('E-mail'));
    expect(loadApp).toHaveBeenCalledTimes(1);
  });

  test('signing in loads the full app at / with the session stored', async () => {
    const { calls } = tokenRoute(200);
    const { loadApp } = start('/login');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1{Enter}');
    expect(await screen.findByTestId('full-app')).toHaveTextContent('/ ana@example.com');
    expect(window.location.pathname).toBe('/');
    expect(calls.filter((c) => c.url.endsWith('/client/token'))).toHaveLength(1);
    expect(useSessionStore.getState().token).toBe(token);
    expect(loadApp).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  test('wrong credentials show the warning and stay on the light sign-in', async () => {
    tokenRoute(401);
    start('/login');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong{Enter}');
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'Wrong user or password, please retry',
    );
    expect(window.location.pathname).toBe('/login');
    // Fetched ahead since the user started on the form, but not shown.
    expect(screen.queryByTestId('full-app')).not.toBeInTheDocument();
    expect(useSessionStore.getState().token).toBe('');
  });

  test('another failure shows the global userRequest error on the light sign-in', async () => {
    tokenRoute(500);
    start('/login');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1{Enter}');
    const toast = await screen.findByTestId('error-toast');
    expect(toast).toHaveTextContent('Your request could not be processed');
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
  });

  test('too many attempts says how long to wait, in minutes, from what the server answers (ruling D12)', async () => {
    installFakeFetch({
      'POST /client/token': () => {
        const answer = json({ message: 'wait', statusCode: 429, error: 'too_many_attempts' }, 429);
        answer.headers.set('Retry-After', '900');
        return answer;
      },
      'GET /webapp/v3/json/brands.json': () => json({}),
    });
    start('/login');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1{Enter}');
    expect(await screen.findByTestId('error-toast')).toHaveTextContent(
      'Too many attempts. Try again in 15 minutes.',
    );
  });

  test.each([
    ['Create an account', '/login/register'],
    ['Forgot your password?', '/login/forgot-password'],
  ])('the "%s" link loads the full app at %s, with /login to go back to', async (name, path) => {
    tokenRoute(200);
    start('/login');
    const before = window.history.length;
    await userEvent.click(await screen.findByRole('link', { name }));
    expect(await screen.findByTestId('full-app')).toHaveTextContent(path);
    expect(window.location.pathname).toBe(path);
    expect(window.history.length).toBe(before + 1);
  });

  test('the demo link starts the demo and loads the full app at /', async () => {
    const { calls } = tokenRoute(200);
    start('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Try the demo' }));
    expect(await screen.findByTestId('full-app')).toHaveTextContent('/');
    expect(window.location.pathname).toBe('/');
    expect(useSessionStore.getState().demo).toBe(true);
    expect(calls.filter((c) => c.url.endsWith('/client/token'))).toHaveLength(0);
  });

  test('the app not arriving says so and leaves the user on the sign-in', async () => {
    tokenRoute(200);
    window.history.replaceState(null, '', '/login');
    const element = document.createElement('div');
    document.body.append(element);
    container = element;
    root = createRoot(element);
    const loadApp = vi.fn(() => Promise.reject(new Error('offline')));
    void startEntry({ root, loadApp, whenIdle: () => undefined });
    await userEvent.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(await screen.findByTestId('error-toast')).toHaveTextContent('Connection error');
    expect(window.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  test("the browser's bar takes the brand's primary colour, as in the full app", async () => {
    tokenRoute(200);
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    meta.content = '#000000';
    document.head.append(meta);
    try {
      start('/login');
      await screen.findByRole('heading', { name: 'Sign in' });
      const { primary } = resolveBrand(null, useBrandingStore.getState().serialId);
      await waitFor(() => expect(meta.content).toBe(primary));
    } finally {
      meta.remove();
    }
  });

  test("in the user's language, from the shared strings", async () => {
    tokenRoute(200);
    localStorage.setItem('lang', 'es');
    start('/login');
    const es = (await import('../../../lib/i18n/locales/es.json')).default as {
      login: { title: string; enter: string };
    };
    expect(await screen.findByRole('heading', { name: es.login.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: es.login.enter })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
  });
});

describe('a start the light sign-in does not take', () => {
  test('signed in, the full app loads at once at the path opened', async () => {
    tokenRoute(200);
    useSessionStore
      .getState()
      .setSession({ token, refreshToken: 'r', username: 'ana@example.com' });
    const { loadApp } = start('/homes/h1/settings');
    expect(await screen.findByTestId('full-app')).toHaveTextContent('/homes/h1/settings');
    expect(loadApp).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  test("signed in, the app's code is asked for first, then Intl's locale data is loaded", async () => {
    tokenRoute(200);
    localStorage.setItem('lang', 'es');
    useSessionStore
      .getState()
      .setSession({ token, refreshToken: 'r', username: 'ana@example.com' });
    const order: string[] = [];
    const RealFormat = Intl.DateTimeFormat;
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      locale?: string | string[],
      options?: Intl.DateTimeFormatOptions,
    ) {
      order.push(`format ${String(locale)}`);
      return new RealFormat(locale, options);
    } as typeof Intl.DateTimeFormat);
    window.history.replaceState(null, '', '/');
    const element = document.createElement('div');
    document.body.append(element);
    container = element;
    root = createRoot(element);
    const loadApp = vi.fn(() => {
      order.push('load app');
      return Promise.resolve(FakeApp);
    });
    await startEntry({ root, loadApp, whenIdle: () => undefined });
    vi.restoreAllMocks();
    localStorage.removeItem('lang');
    expect(order).toEqual(['load app', 'format es']);
    expect(await screen.findByTestId('full-app')).toHaveTextContent('/');
  });

  test('signed out, sign-up opened directly loads the full app there', async () => {
    tokenRoute(200);
    start('/login/register');
    expect(await screen.findByTestId('full-app')).toHaveTextContent('/login/register');
    expect(screen.queryByRole('heading', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
