import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { installFakeFetch, json } from '../test/fake-fetch';
import { renderWithApp } from '../test/render';
import { signIn } from '../test/session';
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
