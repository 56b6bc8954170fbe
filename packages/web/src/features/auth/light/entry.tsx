import { StrictMode, startTransition, type ComponentType } from 'react';
import type { Root } from 'react-dom/client';
import { reportError } from '../../../lib/http';
import { detectLanguage } from '../../../lib/i18n/detect-language';
import { warmIntl } from '../../../lib/i18n/warm-intl';
import { isNativeShell } from '../../../lib/platform/is-native-shell';
import { whenIdle } from '../../../lib/platform/when-idle';
import { hasSession, useSessionStore } from '../../../lib/session/session-store';
import type { Navigate } from '../login-screen';
import { loadSignInStrings } from './light-i18n';
import { LightSignIn } from './light-sign-in';
import { APP_PREFETCH_MARK } from './prefetch-mark';

/**
 * Paths a signed-out user reaches in the full app: sign-up, forgot password, the assistants'
 * sign-ins, the confirmation links, help and terms (app/router.tsx, accounts-routes.tsx).
 * Every other path either is /login or is guarded and sends a signed-out user there.
 * Matched as React Router matches: any case, an optional trailing slash.
 */
const OPEN_PATHS = [
  /^\/login\/(register|forgot-password)\/?$/i,
  /^\/oauth\/(gaction\/)?login\/?$/i,
  /^\/(registration|password-reset|email-change|invite)-confirm\/[^/]+\/?$/i,
  /^\/(help|terms)\/?$/i,
];

/**
 * Whether the start path shows the light sign-in rather than loading the full app. Not in the
 * native shells: they read the app from their own bundle, not the network, and their start-up
 * (status bar, back button, resume) belongs to the full app.
 */
export function showsLightSignIn(
  path: string,
  session: { token: string; demo?: boolean } = useSessionStore.getState(),
  native: boolean = isNativeShell(),
): boolean {
  // A session (or the demo) goes to the app; so does a path open without one.
  return !native && !hasSession(session) && !OPEN_PATHS.some((open) => open.test(path));
}

export interface EntryOptions {
  root: Root;
  /** The full app (app/app.tsx with its i18n ready); called once, when first needed. */
  loadApp: () => Promise<ComponentType>;
  /** When the browser is idle (requestIdleCallback where there is one). */
  whenIdle?: (run: () => void) => void;
}

const idle = (run: () => void) => {
  whenIdle(run);
};

/**
 * Starts the web app: the light sign-in when the start path is one a signed-out user lands on
 * /login from, otherwise the full app. The light screen fetches the full app in idle time once
 * it is up (after the brand file's own fetch, spec 1 §4), or at once when the user starts on
 * the form, and hands over to it at the path the user goes to: / after signing in or the demo,
 * the sign-up or forgot-password screen from their links.
 */
export async function startEntry({ root, loadApp, whenIdle = idle }: EntryOptions): Promise<void> {
  let app: Promise<ComponentType> | undefined;
  const fetchApp = () =>
    (app ??= loadApp().catch((error: unknown) => {
      app = undefined;
      throw error;
    }));
  const renderApp = (App: ComponentType) =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );

  if (!showsLightSignIn(window.location.pathname)) {
    const app = fetchApp();
    warmIntl(detectLanguage());
    renderApp(await app);
    return;
  }

  // The guards send a signed-out user to /login, replacing the path they opened.
  if (!/^\/login\/?$/i.test(window.location.pathname))
    window.history.replaceState(null, '', '/login');
  const lang = detectLanguage();
  document.documentElement.lang = lang;
  const strings = await loadSignInStrings(lang);

  const leave: Navigate = (to, options) => {
    if (options?.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    fetchApp().then(renderApp, () => {
      // The app's code did not arrive (offline before it was cached): say so. Signed out, the
      // user stays on the sign-in and the next press tries again; signed in, a reload does.
      if (!hasSession(useSessionStore.getState())) window.history.replaceState(null, '', '/login');
      reportError('connection');
    });
  };

  let prefetched = false;
  const prefetch = () => {
    if (prefetched) return;
    prefetched = true;
    performance.mark(APP_PREFETCH_MARK);
    fetchApp().catch(() => undefined);
  };
  // In idle time once the sign-in is up and its own start-up fetches (the brand file) are sent.
  const afterStart = () => whenIdle(prefetch);
  root.render(
    <StrictMode>
      {/* The user starting on the form fetches the app at once, not waiting for idle time. */}
      <div onFocus={prefetch} style={{ display: 'contents' }}>
        <LightSignIn strings={strings} leave={leave} afterStart={afterStart} />
      </div>
    </StrictMode>,
  );
}
