import { useState } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { installFakeFetch, json } from '../test/fake-fetch';
import { renderWithApp } from '../test/render';
import { signIn } from '../test/session';
import { useBrandingStore } from '../lib/branding';
import { hasSession, useSessionStore } from '../lib/session/session-store';
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
  vi.restoreAllMocks();
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

test('the panel follows `disabled`, and is disabled before signing out takes it away, so Ionic shows the page under it again even mid-slide', () => {
  function SignedInPanel() {
    const [disabled, setDisabled] = useState(true);
    const signedIn = useSessionStore(hasSession);
    return (
      <>
        <button onClick={() => setDisabled((d) => !d)}>toggle</button>
        {signedIn && <SideMenu disabled={disabled} />}
      </>
    );
  }
  renderWithApp(<SignedInPanel />);
  const menu = document.querySelector('ion-menu') as HTMLIonMenuElement;
  expect(menu.disabled).toBe(true);
  fireEvent.click(screen.getByText('toggle'));
  expect(menu.disabled).toBe(false);

  let disabledWhenRemoved: boolean | undefined;
  const removeChild = Node.prototype.removeChild;
  vi.spyOn(Node.prototype, 'removeChild').mockImplementation(function <T extends Node>(
    this: Node,
    child: T,
  ): T {
    if ((child as Node) === menu) disabledWhenRemoved = menu.disabled;
    return removeChild.call(this, child) as T;
  });
  act(() => useSessionStore.getState().clear());
  expect(menu.isConnected).toBe(false);
  expect(disabledWhenRemoved).toBe(true);
});
