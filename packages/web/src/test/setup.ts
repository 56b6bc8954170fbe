import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// `findBy…` and `waitFor` give up after 1 s by default: on a busy two-core machine, with the
// browser run beside the unit run, a screen's first render can take longer than that.
configure({ asyncUtilTimeout: 5_000 });

// Tests that talk to a real server opt into the Node environment, without a DOM.
const hasDom = typeof window !== 'undefined';

// jsdom lacks matchMedia, which Ionic reads to pick its platform mode.
if (hasDom && !window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Screens wait for the features' English strings (app/lazy-page.tsx); tests render them
// directly, so the strings are in before any test starts.
if (hasDom) await (await import('../lib/i18n')).loadScreenStrings();

// App-wide flags read from storage once: cleared with the storage, so that a test that turned
// one on (a screen opened with `?adminMode=1`) does not pass it to the tests after it.
const adminMode = hasDom
  ? (await import('../lib/session/admin-mode')).useAdminModeStore
  : undefined;

// The error toast is app-wide: a test starts without the toast, or the demo's suppression, that
// a test before it (in this file or, sharing the worker, in another) left behind.
const errorToast = hasDom
  ? (await import('../lib/http/error-store')).useErrorToastStore
  : undefined;

beforeEach(() => {
  errorToast?.getState().dismiss();
  errorToast?.setState({ suppressed: false, unansweredTold: false });
});

afterEach(() => {
  if (!hasDom) return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  adminMode?.setState({ enabled: false });
});
