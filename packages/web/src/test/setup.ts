import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

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

afterEach(() => {
  if (!hasDom) return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
