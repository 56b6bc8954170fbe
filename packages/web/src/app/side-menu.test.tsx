import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { installFakeFetch, json } from '../test/fake-fetch';
import { renderWithApp } from '../test/render';
import { signIn } from '../test/session';
import { useBrandingStore } from '../lib/branding';
import { useSessionStore } from '../lib/session/session-store';
import { SideMenu } from './side-menu';

beforeEach(() => {
  signIn();
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([]),
    'GET /api/v2/languages': () => json({ languages: [{ code: 'en', name: 'English' }] }),
  });
});
afterEach(() => {
  useBrandingStore.getState().setSerialId('15');
  useSessionStore.getState().clear();
  vi.unstubAllGlobals();
});

test('the language picker closes when the panel closes (spec 1 §2)', async () => {
  renderWithApp(<SideMenu disabled={false} />);
  const menu = document.querySelector('ion-menu') as HTMLElement;
  fireEvent(menu, new CustomEvent('ionWillOpen'));
  const picker = await screen.findByTestId('language-picker');
  picker.focus();
  expect(picker).toHaveFocus();
  fireEvent(menu, new CustomEvent('ionWillClose'));
  expect(picker).not.toHaveFocus();
});

test("the language picker offers only the brand's supportedLanguages, and the one in use (spec 1 §3, §7)", async () => {
  useBrandingStore.getState().setSerialId('02.01');
  const capabilities = {
    supportedNodeTypes: ['htr'],
    supportedLanguages: ['es', 'ca'],
    supportedTimezones: ['Europe/Madrid'],
    wifiSmartboxAvailable: true,
    geolocationEnabled: true,
    inviteEnabled: true,
    powerScheduleAvailable: true,
    sampleDownloadEnabled: true,
    htrPowerLimitAvailable: true,
  };
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([]),
    'GET /api/v2/languages': () =>
      json({
        languages: [
          { code: 'en', name: 'English' },
          { code: 'es', name: 'Español' },
          { code: 'ca', name: 'Català' },
          { code: 'de', name: 'Deutsch' },
        ],
      }),
    'GET /client-data/02/capabilities.json': () => json(capabilities),
  });
  renderWithApp(<SideMenu disabled={false} />);
  fireEvent(document.querySelector('ion-menu') as HTMLElement, new CustomEvent('ionWillOpen'));
  const picker = await screen.findByTestId('language-picker');
  const codes = () => Array.from(picker.querySelectorAll('option')).map((o) => o.value);
  await waitFor(() => expect(codes()).toEqual(['en', 'es', 'ca']));
});
