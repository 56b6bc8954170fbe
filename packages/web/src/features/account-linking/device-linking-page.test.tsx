import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupedHome } from '@hearth/protocol';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { DeviceLinkingPage } from './device-linking-page';

const homes: GroupedHome[] = [
  { id: 'h1', name: 'Casa Pins', owner: true, devs: [] },
  { id: 'h2', name: 'Flat', owner: false, devs: [] },
];

let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  signIn();
  installFakeFetch({ 'GET /api/v2/grouped_devs': () => json(homes) });
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => vi.unstubAllGlobals());

function open() {
  const search = '?client_id=assistant&redirect_uri=https%3A%2F%2Fa.example&state=s';
  renderRoute('/deviceLinking', <DeviceLinkingPage />, `/deviceLinking${search}`);
}

test('every home is offered, the guest ones too, with the first preselected', async () => {
  open();
  const owned = await screen.findByRole('radio', { name: 'Casa Pins' });
  const guest = screen.getByRole('radio', { name: 'Flat' });
  await waitFor(() => expect(owned).toBeChecked());
  expect(guest).not.toBeChecked();
  expect(screen.queryByText('You have no homes to link.')).not.toBeInTheDocument();
});

test('a guest home can be the one linked', async () => {
  open();
  await userEvent.click(await screen.findByRole('radio', { name: 'Flat' }));
  await userEvent.click(screen.getByRole('button', { name: 'Link device' }));
  await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
  const target = new URL(String(assign.mock.calls[0]?.[0]));
  expect(target.pathname).toBe('/client/code');
  expect(target.searchParams.get('scope')).toBe('user:read devs:write group:h2:write');
  expect(target.searchParams.get('state')).toBe('s');
});

test("the assistant's PKCE challenge goes on to the code endpoint with its redirect", async () => {
  const search =
    '?client_id=assistant&redirect_uri=https%3A%2F%2Fa.example&state=s&code_challenge=abc&code_challenge_method=S256';
  renderRoute('/deviceLinking', <DeviceLinkingPage />, `/deviceLinking${search}`);
  const first = await screen.findByRole('radio', { name: 'Casa Pins' });
  await waitFor(() => expect(first).toBeChecked());
  await userEvent.click(screen.getByRole('button', { name: 'Link device' }));
  await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
  const target = new URL(String(assign.mock.calls[0]?.[0]));
  expect(target.searchParams.get('code_challenge')).toBe('abc');
  expect(target.searchParams.get('code_challenge_method')).toBe('S256');
  expect(target.searchParams.get('redirect_uri')).toBe('https://a.example');
  expect(target.searchParams.get('client_id')).toBe('assistant');
});
