import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { FRONTEND_VERSION } from '@hearth/protocol';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { BUILD_YEAR } from '../../lib/build-year';
import { appConfig } from '../../lib/config';
import { useErrorToastStore } from '../../lib/http';
import { useSessionStore } from '../../lib/session/session-store';
import { AboutPage } from './about-page';

let version: () => Response;

beforeEach(() => {
  signIn();
  installFakeFetch({ 'GET /version': () => version() });
});
afterEach(() => {
  useErrorToastStore.getState().dismiss();
  useSessionStore.getState().clear();
  vi.unstubAllGlobals();
});

test('shows the front-end version, the API endpoint, the server version and the copyright year (spec 1 §2)', async () => {
  version = () => json({ major: 2, minor: 5, subminor: 1, commit: '9f3c2a1b' });
  renderRoute('/about', <AboutPage />, '/about');
  expect(screen.getByTestId('about-frontend')).toHaveTextContent(FRONTEND_VERSION);
  expect(screen.getByTestId('about-api')).toHaveTextContent(
    appConfig.apiBaseUrl || window.location.origin,
  );
  expect(await screen.findByText('2.5.1 (9f3c)')).toBeInTheDocument();
  expect(screen.getByText(`© ${BUILD_YEAR} Hearth`)).toBeInTheDocument();
});

test('a failed server version read shows unknown and the dataUpdate error (spec 1 §2, §8)', async () => {
  version = () => json({ message: 'down', statusCode: 503, error: 'x' }, 503);
  renderRoute('/about', <AboutPage />, '/about');
  await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('dataUpdate'));
  expect(screen.getByTestId('about-server')).toHaveTextContent('unknown');
});
