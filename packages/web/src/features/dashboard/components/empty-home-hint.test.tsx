import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupedHome } from '@hearth/protocol';
import { installFakeFetch, json } from '../../../test/fake-fetch';
import { renderWithApp } from '../../../test/render';
import { signIn } from '../../../test/session';
import type { ConnectDevice } from '../../../lib/socket/realtime-context';
import { DashboardPage } from '../dashboard-page';

// The shared rule is the real one unless a test says no device type can be added.
const offered = vi.hoisted(() => ({ value: undefined as boolean | undefined }));
vi.mock('../../../lib/home-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/home-data')>();
  return {
    ...actual,
    useAddHomeOffered: () => offered.value ?? actual.useAddHomeOffered(),
  };
});

const DEV_A = '0123456789abcdef01';
const DEV_B = '0123456789abcdef02';
const dev = (dev_id: string) => ({
  dev_id,
  name: 'Box',
  product_id: '0104',
  fw_version: '1',
  serial_id: '15',
});
const homes: GroupedHome[] = [
  { id: 'h1', name: 'Casa Pins', owner: true, devs: [dev(DEV_A)] },
  { id: 'h2', name: 'Flat', owner: false, devs: [dev(DEV_B)] },
];
const noSockets: ConnectDevice = () => ({ close: () => undefined, resume: () => undefined });

beforeEach(() => {
  offered.value = undefined;
  signIn();
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    [`GET /api/v2/devs/${DEV_A}/mgr/nodes`]: () => json({ nodes: [] }),
    [`GET /api/v2/devs/${DEV_B}/mgr/nodes`]: () => json({ nodes: [] }),
  });
});
afterEach(() => vi.unstubAllGlobals());

test("an empty home's plus opens the add-home wizard, for the owner and a guest alike", async () => {
  renderWithApp(<DashboardPage />, { connectDevice: noSockets });
  const owned = await screen.findByTestId('dashboard-empty');
  expect(owned).toHaveTextContent('Add a home with its device to start');
  expect(within(owned).getByRole('link', { name: 'Add a home' })).toHaveAttribute(
    'href',
    '/list/addHome/homeData',
  );

  const picker = screen.getByRole('navigation', { name: 'Home' });
  await userEvent.click(within(picker).getByRole('button', { name: 'Flat (guest)' }));
  await screen.findByRole('heading', { name: 'Flat (guest)' });
  const guest = await screen.findByTestId('dashboard-empty');
  expect(within(guest).getByRole('link', { name: 'Add a home' })).toHaveAttribute(
    'href',
    '/list/addHome/homeData',
  );
});

test('with no device type to add, the hint has no plus, even on an owned home', async () => {
  offered.value = false;
  renderWithApp(<DashboardPage />, { connectDevice: noSockets });
  await screen.findByRole('heading', { name: 'Casa Pins' });
  const hint = await screen.findByTestId('dashboard-empty');
  expect(hint).toHaveTextContent('Add a home with its device to start');
  expect(within(hint).queryByRole('link')).not.toBeInTheDocument();
});
