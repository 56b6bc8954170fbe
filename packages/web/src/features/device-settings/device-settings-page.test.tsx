import { beforeEach, describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GroupedHome } from '@hearth/protocol';
import { useErrorToastStore } from '../../lib/http';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { DeviceSettingsPage } from './device-settings-page';

const DEV = 'aaaaaaaaaaaaaaaaa1';
const box = { dev_id: DEV, name: 'Box', product_id: '0105', fw_version: '1', serial_id: '1' };
let homes: GroupedHome[];
let calls: RecordedCall[];
let transferStatus = 200;

beforeEach(() => {
  signIn();
  useErrorToastStore.getState().dismiss();
  transferStatus = 200;
  homes = [
    { id: 'h1', name: 'Attic', owner: true, devs: [box] },
    { id: 'h2', name: 'Cabin', owner: true, devs: [] },
    { id: 'h3', name: 'Villa', owner: false, devs: [{ ...box, dev_id: 'bbbbbbbbbbbbbbbbb2' }] },
  ];
  ({ calls } = installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    [`POST /api/v2/devs/${DEV}/name`]: () => json({}),
    [`DELETE /api/v2/devs/${DEV}`]: () => {
      // The device leaves the list: the toast must still show before going to the dashboard.
      homes = homes.map((h) => ({ ...h, devs: h.devs.filter((d) => d.dev_id !== DEV) }));
      return json({});
    },
    [`POST /api/v2/devs/${DEV}/group`]: () =>
      transferStatus === 200
        ? json({})
        : json({ message: 'no', statusCode: transferStatus }, transferStatus),
  }));
});

const open = (home = 'h1', dev = DEV) =>
  renderRoute(
    '/list/homes/:homeId/devices/:devId/settings',
    <DeviceSettingsPage />,
    `/list/homes/${home}/devices/${dev}/settings`,
  );

describe('device settings', () => {
  test('the name is required and at most 30 characters', async () => {
    open();
    const name = await screen.findByLabelText('Device name');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByText('Save'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You must complete the following fields: Device name',
    );
    fireEvent.change(name, { target: { value: 'y'.repeat(31) } });
    fireEvent.click(screen.getByText('Save'));
    expect(screen.getByRole('alert')).toHaveTextContent('at most 30 characters');
    fireEvent.change(name, { target: { value: 'y'.repeat(30) } });
    fireEvent.click(screen.getByText('Save'));
    await screen.findByText('Saved');
    expect(calls.find((c) => c.url.endsWith('/name'))?.body).toBe(
      JSON.stringify({ name: 'y'.repeat(30) }),
    );
  });

  test('the name comes first, then delete, then the transfer, then cancel and save', async () => {
    open();
    const name = await screen.findByLabelText('Device name');
    const order = [
      name,
      screen.getByText('Delete device'),
      screen.getByLabelText('Move to another home'),
      screen.getByText('Cancel'),
      screen.getByText('Save'),
    ];
    order.reduce((before, next) => {
      expect(before.compareDocumentPosition(next)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
      return next;
    });
  });

  test('guests see the name read-only, with no delete, transfer or save', async () => {
    open('h3', 'bbbbbbbbbbbbbbbbb2');
    expect(await screen.findByLabelText('Device name')).toHaveAttribute('readonly');
    expect(screen.queryByText('Delete device')).toBeNull();
    expect(screen.queryByLabelText('Move to another home')).toBeNull();
    expect(screen.queryByText('Save')).toBeNull();
  });

  test('delete asks first, then shows the toast and goes to the dashboard', async () => {
    open();
    fireEvent.click(await screen.findByText('Delete device'));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Delete the device Box');
    fireEvent.click(screen.getByText('Cancel', { selector: 'button' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByText('Delete device'));
    fireEvent.click(screen.getByText('Confirm'));
    await screen.findByText('Device deleted');
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith(DEV))).toBe(true);
    expect(screen.getByTestId('location')).not.toHaveTextContent(/^\/$/);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/), {
      timeout: 4000,
    });
  });

  test('transfer offers only other owned homes and moves the device there', async () => {
    open();
    const select = await screen.findByLabelText('Move to another home');
    const options = Array.from(select.querySelectorAll('option')).map((o) => o.textContent);
    expect(options).toEqual(['Choose a home…', 'Cabin']);
    fireEvent.change(select, { target: { value: 'h2' } });
    fireEvent.click(screen.getByText('Transfer'));
    fireEvent.click(screen.getByText('Confirm'));
    await screen.findByText('Device transferred');
    expect(calls.find((c) => c.url.endsWith('/group'))?.body).toBe(
      JSON.stringify({ id: 'h2', name: 'Cabin' }),
    );
  });

  test('a refused transfer says so; choosing another home hides the message', async () => {
    homes.push({ id: 'h4', name: 'Barn', owner: true, devs: [] });
    transferStatus = 400;
    open();
    const select = await screen.findByLabelText('Move to another home');
    fireEvent.change(select, { target: { value: 'h2' } });
    fireEvent.click(screen.getByText('Transfer'));
    fireEvent.click(screen.getByText('Confirm'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your request could not be processed',
    );
    fireEvent.change(select, { target: { value: 'h4' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a transfer failing with 503 is told once, by the error toast (spec 1 §8), not also on the screen', async () => {
    transferStatus = 503;
    open();
    const select = await screen.findByLabelText('Move to another home');
    fireEvent.change(select, { target: { value: 'h2' } });
    fireEvent.click(screen.getByText('Transfer'));
    fireEvent.click(screen.getByText('Confirm'));
    await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
    expect(calls.some((c) => c.url.endsWith('/group'))).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Your request could not be processed')).toBeNull();
    expect(screen.queryByText('Device transferred')).toBeNull();
  });

  test('no transfer when there is no other home; heater settings only for a single non-wifi device', async () => {
    homes = [{ id: 'h1', name: 'Attic', owner: true, devs: [box] }];
    open();
    await screen.findByLabelText('Device name');
    expect(screen.queryByLabelText('Move to another home')).toBeNull();
    expect(screen.getByRole('link', { name: 'Heater system settings' })).toHaveAttribute(
      'href',
      `/homes/h1/devs/${DEV}/system/htr/settings`,
    );
  });

  test('heater settings are hidden with more than one device', async () => {
    homes = [
      {
        id: 'h1',
        name: 'Attic',
        owner: true,
        devs: [box, { ...box, dev_id: 'ccccccccccccccccc3' }],
      },
    ];
    open();
    await screen.findByLabelText('Device name');
    await waitFor(() => expect(screen.queryByText('Heater system settings')).toBeNull());
  });
});

test('a device or home the user does not have says "Dev not found" or "Home not found" (spec 2 §8)', async () => {
  const first = open('h1', 'ffffffffffffffffff');
  expect(await screen.findByRole('status')).toHaveTextContent(/^Dev not found$/);
  expect(screen.queryByLabelText('Device name')).toBeNull();
  first.unmount();
  open('gone', DEV);
  expect(await screen.findByRole('status')).toHaveTextContent(/^Home not found$/);
});
