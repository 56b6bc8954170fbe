import { appConfig, clientBasicAuth } from '../config';
import { useSessionStore } from '../session/session-store';
import { createHttpClient } from './http-client';
import { reportError } from './error-store';

/** The app's one HTTP client, wired to the session store and the global error toast. */
export const http = createHttpClient({
  baseUrl: () => appConfig.apiBaseUrl,
  // Read at call time so tests can replace the global fetch at the network boundary.
  fetch: () => globalThis.fetch.bind(globalThis),
  now: () => Date.now(),
  clientAuth: () => clientBasicAuth(),
  session: {
    get: () => {
      const { token, refreshToken, username } = useSessionStore.getState();
      return { token, refreshToken, username };
    },
    set: (session) => useSessionStore.getState().setSession(session),
    clear: () => useSessionStore.getState().clear(),
  },
  reportError,
});

export { HttpError, ERROR_KINDS, type ErrorKind } from './errors';
export { useErrorToastStore, reportError } from './error-store';
