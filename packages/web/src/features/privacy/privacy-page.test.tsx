import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GroupedHome } from '@hearth/protocol';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { useSessionStore } from '../../lib/session/session-store';
import { PrivacyPage } from './privacy-page';

const homes: GroupedHome[] = [
  { id: 'h1', name: 'Casa Pins', owner: true, devs: [] },
  { id: 'h2', name: 'No place yet', owner: true, devs: [] },
  { id: 'h3', name: 'Cottage', owner: true, devs: [] },
];

let accepted: boolean;

beforeEach(() => {
  accepted = false;
  signIn();
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    'GET /api/v2/groups/h1/geo_data': () =>
      json({
        city: 'Girona',
        zip: '17001',
        state: 'Catalonia',
        country: 'ES',
        coarsePosition: { latitude: 41.9794, longitude: 2.8214 },
        position: { latitude: 41.98, longitude: 2.82 },
        tz_code: 'Europe/Madrid',
      }),
    'GET /api/v2/groups/h2/geo_data': () => json({}),
    // Found from its address only: no position chosen on the map.
    'GET /api/v2/groups/h3/geo_data': () =>
      json({ country: 'PT', coarsePosition: { latitude: 37.1, longitude: -8.67 } }),
    'GET /api/v2/users/u1/privacy': () =>
      json({ accepted, date: accepted ? '2026-01-02T00:00:00.000Z' : null }),
    'POST /api/v2/users/u1/privacy': () => {
      accepted = true;
      return json({ accepted: true, date: '2026-01-02T00:00:00.000Z' });
    },
  });
});

afterEach(() => {
  useSessionStore.getState().clear();
  vi.unstubAllGlobals();
});

test('shows the e-mail, each home with geodata (address and coordinates) and the contact (spec 1 §2)', async () => {
  renderRoute('/privacy', <PrivacyPage />, '/privacy');
  expect(screen.getByTestId('privacy-email')).toHaveTextContent('ana@example.com');
  const home = await screen.findByText('Casa Pins');
  const entry = home.closest('li') as HTMLElement;
  expect(entry).toHaveTextContent('Girona, 17001, Catalonia, ES');
  expect(entry).toHaveTextContent('Latitude 41.98, longitude 2.82');
  expect(screen.queryByText('No place yet')).not.toBeInTheDocument();
  const cottage = (await screen.findByText('Cottage')).closest('li') as HTMLElement;
  expect(cottage).toHaveTextContent('Latitude 37.1, longitude -8.67');
  // Without a brand file, the built-in support address.
  expect(screen.getByRole('link', { name: 'support@hearth.example' })).toHaveAttribute(
    'href',
    'mailto:support@hearth.example',
  );
});

test('ticking the terms accepts them for the user, and the box is then disabled (spec 1 §2, §3)', async () => {
  renderRoute('/privacy', <PrivacyPage />, '/privacy');
  const box = await screen.findByRole('checkbox');
  await waitFor(() => expect(box).toBeEnabled());
  fireEvent.click(box);
  await waitFor(() => expect(box).toBeDisabled());
  expect(box).toBeChecked();
  expect(accepted).toBe(true);
});
