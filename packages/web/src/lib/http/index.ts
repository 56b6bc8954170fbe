import { appConfig, clientBasicAuth } from '../config';
import { demoRequest } from '../demo';
import { useSessionStore } from '../session/session-store';
import { createHttpClient } from './http-client';
import { reportError, reportErrorMessage, useErrorToastStore } from './error-store';
import { useConnectionStore } from '../socket/connection-store';

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
  reportMessage: reportErrorMessage,
  onAnswer: (answered) => {
    useConnectionStore.getState().reportHttp(answered);
    if (answered) useErrorToastStore.getState().answered();
  },
  // Demo mode answers from the in-browser demo backend: nothing leaves the browser.
  local: () => (useSessionStore.getState().demo ? demoRequest : null),
});

// Spec 1 §8: the error toast is suppressed in demo mode.
const syncToastSuppression = () =>
  useErrorToastStore.getState().setSuppressed(useSessionStore.getState().demo);
syncToastSuppression();
useSessionStore.subscribe(syncToastSuppression);

export { HttpError, ERROR_KINDS, needsOwnMessage, type ErrorKind } from './errors';
export { useErrorToastStore, reportError, reportErrorMessage } from './error-store';
export {
  refusalOf,
  errorCodeOf,
  isRefusal,
  isConflict,
  isBadInput,
  reportRefusal,
  type Refusal,
} from './refusal';
