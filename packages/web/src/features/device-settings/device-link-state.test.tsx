import { beforeEach, describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { GroupedHome } from '@hearth/protocol';
import { deviceLinkOf } from '../../lib/cloud-link-state';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { DeviceSettingsPage } from './device-settings-page';

const LINKED = 'aaaaaaaaaaaaaaaaa1';
const OWN = 'bbbbbbbbbbbbbbbbb2';
const dev = (dev_id: string, name: string) => ({
  dev_id,
  name,
  product_id: '0002',
  fw_version: '1',
  serial_id: '1',
});
const homes: GroupedHome[] = [
  { id: 'h1', name: 'Attic', owner: true, devs: [dev(LINKED, 'Flat gateway'), dev(OWN, 'Box')] },
];

function account(state: string, devFields: Record<string, unknown>) {
  return {
    id: 'acc-1',
    cloud: 'helki',
    label: 'Helki cloud',
    email: 'owner@example.com',
    state,
    state_at: '2026-03-01T12:00:00Z',
    devs: [
      {
        dev_id: LINKED,
        upstream_dev_id: 'up-1',
        name: 'Flat gateway',
        group_id: 'h1',
        last_update_at: '2026-03-01T11:50:00Z',
        stale: false,
        stale_reason: null,
        history: { state: 'done', from: null, done_until: null },
        ...devFields,
      },
    ],
  };
}

let accounts: unknown[];
beforeEach(() => {
  signIn();
  accounts = [];
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    'GET /api/v2/cloud_links/accounts': () => json({ accounts }),
  });
});

const open = (devId: string) =>
  renderRoute(
    '/list/homes/:homeId/devices/:devId/settings',
    <DeviceSettingsPage />,
    `/list/homes/h1/devices/${devId}/settings`,
  );

describe('a linked device’s settings say where it comes from and how its link is', () => {
  test('a connected device: linked from its cloud, connected', async () => {
    accounts = [account('linked', {})];
    open(LINKED);
    const line = await screen.findByTestId('device-link-state');
    expect(line).toHaveTextContent('Linked from Helki cloud: connected');
    expect(line).toHaveAttribute('data-state', 'connected');
    expect(within(line).queryByRole('link')).toBeNull();
  });

  test('signed out and stale: says so, since when, and leads to where the password is entered', async () => {
    accounts = [account('needs-password', { stale: true, stale_reason: 'needs-password' })];
    open(LINKED);
    const line = await screen.findByTestId('device-link-state');
    expect(line).toHaveTextContent('needs the password again');
    expect(line).toHaveTextContent(/stale since .*2026/);
    expect(within(line).getByRole('link', { name: 'Enter the password' })).toHaveAttribute(
      'href',
      '/cloud-links',
    );
  });

  test('a device not linked from a cloud shows no link line', async () => {
    accounts = [account('linked', {})];
    open(OWN);
    await screen.findByLabelText('Device name');
    expect(screen.queryByTestId('device-link-state')).toBeNull();
  });
});

describe('the link state of a device out of the linked accounts', () => {
  const answer = (state: string, fields: Record<string, unknown>) =>
    ({ accounts: [account(state, fields)] }) as Parameters<typeof deviceLinkOf>[0];

  test('the account’s trouble shows before the device is stale; staleness names its reason and time', () => {
    expect(deviceLinkOf(answer('unreachable', {}), LINKED)).toEqual({
      cloud: 'Helki cloud',
      state: 'unreachable',
      staleSince: null,
    });
    expect(
      deviceLinkOf(answer('linked', { stale: true, stale_reason: 'no-updates' }), LINKED),
    ).toEqual({
      cloud: 'Helki cloud',
      state: 'no-updates',
      staleSince: new Date('2026-03-01T11:50:00Z'),
    });
    expect(deviceLinkOf(answer('linked', {}), OWN)).toBeUndefined();
    expect(deviceLinkOf(undefined, LINKED)).toBeUndefined();
  });
});
