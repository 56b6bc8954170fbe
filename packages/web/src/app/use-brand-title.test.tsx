import { afterEach, expect, test, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { useBrandingStore } from '../lib/branding';
import { installFakeFetch, json } from '../test/fake-fetch';
import { renderWithApp } from '../test/render';
import { useBrandTitle } from './use-brand-title';

function Probe() {
  useBrandTitle();
  return null;
}

afterEach(() => {
  useBrandingStore.getState().setSerialId('15');
  document.title = '';
  vi.unstubAllGlobals();
});

test("the page title is the brand's appParameters.title (spec 1 §3, §7)", async () => {
  document.title = 'Hearth';
  useBrandingStore.getState().setSerialId('02.01');
  installFakeFetch({
    'GET /client-data/02/appParameters.json': () =>
      json({ title: 'Calora Home', frontendHost: '', maxOutdoorRange: 800 }),
  });
  renderWithApp(<Probe />);
  await waitFor(() => expect(document.title).toBe('Calora Home'));
});

test('without the file the built-in title stays', async () => {
  document.title = 'Hearth';
  const { calls } = installFakeFetch({});
  renderWithApp(<Probe />);
  await waitFor(() => expect(calls.length).toBeGreaterThan(0));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(document.title).toBe('Hearth');
});
