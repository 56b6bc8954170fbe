import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { FRONTEND_VERSION, SIDE_PANEL_WIDTH_PX, type GroupedHome } from '@hearth/protocol';
import { installFakeFetch, json } from '../test/fake-fetch';
import { renderWithApp } from '../test/render';
import { LocationProbe } from '../test/route-render';
import { signIn } from '../test/session';
import { BUILD_YEAR } from '../lib/build-year';
import { FALLBACK_SUPPORT, useBrandingStore } from '../lib/branding/branding-store';
import { useSessionStore } from '../lib/session/session-store';
import { SideMenu } from './side-menu';

const homes: GroupedHome[] = [
  {
    id: 'h1',
    name: 'Attic',
    owner: true,
    devs: [
      {
        dev_id: 'aaaaaaaaaaaaaaaaa1',
        name: 'Box',
        product_id: '0105',
        fw_version: '',
        serial_id: '',
      },
    ],
  },
];

beforeEach(() => {
  signIn();
  useBrandingStore.getState().setSerialId('15.01.02');
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    'GET /api/v2/languages': () => json({ languages: [{ code: 'en', name: 'English' }] }),
  });
});
afterEach(() => {
  useBrandingStore.getState().setSerialId('15');
  useSessionStore.getState().clear();
  vi.unstubAllGlobals();
});

function openPanel() {
  renderWithApp(
    <>
      <SideMenu disabled={false} />
      <LocationProbe />
    </>,
    { path: '/' },
  );
  const menu = document.querySelector('ion-menu') as HTMLElement;
  fireEvent(menu, new CustomEvent('ionWillOpen'));
  return menu;
}

test('the side panel is 266 px wide and shows the e-mail, about with version and year (spec 1 §2)', async () => {
  const menu = openPanel();
  expect(menu.style.getPropertyValue('--width')).toBe(`${SIDE_PANEL_WIDTH_PX}px`);
  expect(SIDE_PANEL_WIDTH_PX).toBe(266);
  expect(await screen.findByTestId('menu-user')).toHaveTextContent('ana@example.com');
  expect(screen.getByTestId('menu-about')).toHaveTextContent(
    `Version ${FRONTEND_VERSION} · © ${BUILD_YEAR}`,
  );
});

test('the contact mail names the user, the first device and the serial id without its prefix (spec 1 §2)', async () => {
  openPanel();
  const contact = await screen.findByTestId('menu-contact');
  await waitFor(() => expect(contact.getAttribute('href')).toContain('aaaaaaaaaaaaaaaaa1'));
  const href = contact.getAttribute('href') ?? '';
  expect(href.startsWith(`mailto:${FALLBACK_SUPPORT}?subject=`)).toBe(true);
  const subject = decodeURIComponent(href.split('subject=')[1] ?? '');
  expect(subject).toContain('ana@example.com - aaaaaaaaaaaaaaaaa1 - 01.02');
});

test.each([
  ['menu-privacy', '/privacy'],
  ['menu-about', '/about'],
])('%s leads to %s', async (item, path) => {
  openPanel();
  fireEvent.click(await screen.findByTestId(item));
  expect(screen.getByTestId('location')).toHaveTextContent(path);
});
