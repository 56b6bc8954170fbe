import { beforeEach, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import type { CloudAccount } from './cloud-link-api';
import { CloudLinksPage } from './cloud-links-page';

const BASE = '/api/v2/cloud_links';
const clouds = [
  { name: 'helki', label: 'Helki' },
  { name: 'elnur', label: 'Elnur Gabarron' },
];
const lounge = {
  dev_id: 'aa11bb22cc33dd44ee',
  upstream_dev_id: 'up-1',
  name: 'Lounge gateway',
  group_id: 'h1',
  last_update_at: '2026-11-28T10:00:00.000Z',
  stale: false,
  stale_reason: null,
  history: {
    state: 'importing',
    from: '2025-11-28T00:00:00.000Z',
    done_until: '2026-03-01T00:00:00.000Z',
  },
} as const;
const linked: CloudAccount = {
  id: 'acc-1',
  cloud: 'helki',
  label: 'Helki',
  email: 'ana@example.com',
  state: 'linked',
  state_at: '2026-11-28T09:00:00.000Z',
  devs: [lounge],
};

let accounts: CloudAccount[];
let calls: RecordedCall[];
let linkAnswer: () => Response;

beforeEach(() => {
  signIn();
  accounts = [linked];
  linkAnswer = () => json({ ...linked, id: 'acc-2', email: 'new@example.com', devs: [] }, 201);
  ({ calls } = installFakeFetch({
    [`GET ${BASE}/clouds`]: () => json({ clouds }),
    [`GET ${BASE}/accounts`]: () => json({ accounts }),
    [`POST ${BASE}/accounts`]: () => linkAnswer(),
    [`DELETE ${BASE}/devs/${lounge.dev_id}`]: () => {
      accounts = [{ ...linked, devs: [] }];
      return json({});
    },
    [`DELETE ${BASE}/accounts/acc-1`]: () => {
      accounts = [];
      return json({});
    },
    'GET /api/v2/grouped_devs': () => json([]),
  }));
});

const open = () => renderRoute('/cloud-links', <CloudLinksPage />, '/cloud-links');
const posts = () => calls.filter((c) => c.method !== 'GET');

test('a linked account shows its state, its devices and how far their history import has come', async () => {
  open();
  const card = await screen.findByRole('region', { name: 'Helki · ana@example.com' });
  expect(within(card).getByText('Linked')).toBeVisible();
  expect(within(card).getByText('Lounge gateway')).toBeVisible();
  expect(within(card).getByText('Up to date')).toBeVisible();
  expect(within(card).getByText(/Importing last year's records: up to/)).toBeVisible();
  expect(within(card).getByRole('link', { name: 'Choose devices' })).toHaveAttribute(
    'href',
    '/cloud-links/acc-1/devices',
  );
});

test('a signed-out account says so as an alert and asks only for the password again', async () => {
  accounts = [
    {
      ...linked,
      state: 'needs-password',
      devs: [{ ...lounge, stale: true, stale_reason: 'needs-password' }],
    },
  ];
  linkAnswer = () => json({ ...linked }, 201);
  open();
  const card = await screen.findByRole('region', { name: 'Helki · ana@example.com' });
  expect(within(card).getByRole('alert')).toHaveTextContent(/no longer accepts the password/);
  expect(within(card).getByText('Not updated: signed out of the cloud')).toBeVisible();
  await userEvent.type(within(card).getByLabelText('Password of the vendor account'), 'n3w-pass');
  await userEvent.click(within(card).getByRole('button', { name: 'Sign in again' }));
  await waitFor(() => expect(posts()).toHaveLength(1));
  expect(JSON.parse(posts()[0]?.body ?? '{}')).toEqual({
    cloud: 'helki',
    email: 'ana@example.com',
    password: 'n3w-pass',
  });
});

test('linking an account signs in with the chosen cloud and goes on to choose its devices', async () => {
  open();
  const form = await screen.findByRole('combobox', { name: 'Cloud' });
  await userEvent.selectOptions(form, 'Elnur Gabarron');
  await userEvent.type(screen.getByLabelText('E-mail of the vendor account'), ' new@example.com ');
  await userEvent.type(
    screen.getAllByLabelText('Password of the vendor account').at(-1)!,
    'secret_1',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Link' }));
  await waitFor(() =>
    expect(screen.getByTestId('location')).toHaveTextContent('/cloud-links/acc-2/devices'),
  );
  expect(JSON.parse(posts()[0]?.body ?? '{}')).toEqual({
    cloud: 'elnur',
    email: 'new@example.com',
    password: 'secret_1',
  });
});

test('a refused e-mail or password is said on the form, and the password is kept for another try', async () => {
  linkAnswer = () => json({ message: 'refused', statusCode: 400, error: 'validation_failed' }, 400);
  open();
  await userEvent.type(
    await screen.findByLabelText('E-mail of the vendor account'),
    'new@example.com',
  );
  await userEvent.type(screen.getAllByLabelText('Password of the vendor account').at(-1)!, 'wrong');
  await userEvent.click(screen.getByRole('button', { name: 'Link' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The cloud refused this e-mail or password.',
  );
  expect(screen.getAllByLabelText('Password of the vendor account').at(-1)).toHaveValue('wrong');
});

test('unlinking a device asks first, then reads the accounts again', async () => {
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Unlink Lounge gateway' }));
  const dialog = screen.getByRole('alertdialog');
  expect(dialog).toHaveTextContent(
    "Stop updating Lounge gateway from the cloud? It stays in its home with its records; delete it in its settings to remove them too. It keeps working in the vendor's app.",
  );
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(posts()).toEqual([]);
  await userEvent.click(screen.getByRole('button', { name: 'Unlink Lounge gateway' }));
  await userEvent.click(
    within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Unlink' }),
  );
  expect(await screen.findByText('No device of this account is in Hearth yet.')).toBeVisible();
  expect(posts().map((c) => `${c.method} ${new URL(c.url, 'http://x').pathname}`)).toEqual([
    `DELETE ${BASE}/devs/${lounge.dev_id}`,
  ]);
});

test('unlinking the account removes it from the list', async () => {
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Unlink account' }));
  await userEvent.click(
    within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Unlink' }),
  );
  expect(await screen.findByText('No cloud account is linked yet.')).toBeVisible();
});

test('a server that offers no clouds says so instead of a form', async () => {
  accounts = [];
  installFakeFetch({
    [`GET ${BASE}/clouds`]: () => json({ clouds: [] }),
    [`GET ${BASE}/accounts`]: () => json({ accounts: [] }),
  });
  open();
  expect(
    await screen.findByText(
      'This server offers no vendor clouds to link. Its operator can add them.',
    ),
  ).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Link' })).toBeNull();
});
