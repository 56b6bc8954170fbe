import { beforeEach, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupedHome } from '@hearth/protocol';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { ChooseDevicesPage } from './choose-devices-page';

const BASE = '/api/v2/cloud_links';
const homes: GroupedHome[] = [
  { id: 'h1', name: 'Casa Pins', owner: true, devs: [] },
  { id: 'h2', name: "Ana's flat", owner: false, devs: [] },
  { id: 'h3', name: 'Cottage', owner: true, devs: [] },
];
const upstream = {
  homes: [
    {
      id: 'u1',
      name: 'Main house',
      devs: [
        { dev_id: 'up-1', name: 'Hall', product_id: '0', hearth_dev_id: 'aa', linked: true },
        { dev_id: 'up-2', name: 'Attic', product_id: '0', hearth_dev_id: 'bb', linked: false },
      ],
    },
    {
      id: 'u2',
      name: 'Garage',
      devs: [
        { dev_id: 'up-3', name: 'Workshop', product_id: '0', hearth_dev_id: 'cc', linked: false },
      ],
    },
  ],
};

let calls: RecordedCall[];
let bringAnswer: () => Response;

beforeEach(() => {
  signIn();
  bringAnswer = () => json({ group_id: 'h3', devs: [] }, 201);
  ({ calls } = installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    [`GET ${BASE}/accounts/acc-1/homes`]: () => json(upstream),
    [`POST ${BASE}/accounts/acc-1/devs`]: () => bringAnswer(),
  }));
});

const open = () =>
  renderRoute('/cloud-links/:account/devices', <ChooseDevicesPage />, '/cloud-links/acc-1/devices');

test("the cloud's homes list their devices; one already in Hearth cannot be picked again", async () => {
  open();
  const hall = await screen.findByRole('checkbox', { name: 'Hall (already in Hearth)' });
  expect(hall).toBeChecked();
  expect(hall).toBeDisabled();
  expect(screen.getByRole('group', { name: 'Garage' })).toBeVisible();
  // Only the homes the user owns are offered as the destination.
  expect(screen.getByRole('radio', { name: 'Casa Pins' })).toBeVisible();
  expect(screen.getByRole('radio', { name: 'Cottage' })).toBeVisible();
  expect(screen.queryByRole('radio', { name: "Ana's flat" })).toBeNull();
  expect(screen.getByRole('button', { name: 'Bring 0 devices into Hearth' })).toBeDisabled();
});

test('the picked devices go into the chosen home, then the accounts page', async () => {
  open();
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Attic' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Workshop' }));
  await userEvent.click(screen.getByRole('radio', { name: 'Cottage' }));
  await userEvent.click(screen.getByRole('button', { name: 'Bring 2 devices into Hearth' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Devices brought into Hearth.');
  const post = calls.find((c) => c.method === 'POST');
  expect(JSON.parse(post?.body ?? '{}')).toEqual({ group_id: 'h3', devs: ['up-2', 'up-3'] });
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cloud-links'), {
    timeout: 4000,
  });
});

test('a device that is in another home is refused with words, and nothing moves on', async () => {
  bringAnswer = () =>
    json({ message: 'in another home', statusCode: 409, error: 'device_conflict' }, 409);
  open();
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Attic' }));
  await userEvent.click(screen.getByRole('button', { name: 'Bring 1 device into Hearth' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'A device is already in another home.',
  );
  expect(screen.getByTestId('location')).toHaveTextContent('/cloud-links/acc-1/devices');
});
