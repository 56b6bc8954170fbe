import { beforeEach, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import { SUCCESS_TOAST_MS, type GroupedHome } from '@hearth/protocol';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderWithApp } from '../../test/render';
import { LocationProbe } from '../../test/route-render';
import { signIn } from '../../test/session';
import { DeviceSettingsPage } from './device-settings-page';

const DEV = 'aaaaaaaaaaaaaaaaa1';
const box = { dev_id: DEV, name: 'Box', product_id: '0105', fw_version: '1', serial_id: '1' };
let calls: RecordedCall[];
let name = 'Box';

beforeEach(() => {
  signIn();
  name = 'Box';
  ({ calls } = installFakeFetch({
    'GET /api/v2/grouped_devs': () =>
      json([{ id: 'h1', name: 'Attic', owner: true, devs: [{ ...box, name }] }] as GroupedHome[]),
    [`POST /api/v2/devs/${DEV}/name`]: (call) => {
      name = (JSON.parse(call.body ?? '{}') as { name: string }).name;
      return json({});
    },
  }));
});

const homeReads = () => calls.filter((c) => c.url.endsWith('/grouped_devs')).length;

test('a renamed device: the list is read again, Saved shows for 2 s, then the app goes back (spec 2 §4)', async () => {
  // Opened from the home's device list, so going back has somewhere to go.
  renderWithApp(
    <>
      <Routes>
        <Route
          path="/list/homes/h1/devices"
          element={<Link to={`/list/homes/h1/devices/${DEV}/settings`}>Box</Link>}
        />
        <Route
          path="/list/homes/:homeId/devices/:devId/settings"
          element={<DeviceSettingsPage />}
        />
      </Routes>
      <LocationProbe />
    </>,
    { path: '/list/homes/h1/devices' },
  );
  fireEvent.click(screen.getByText('Box'));
  const field = await screen.findByLabelText('Device name');
  await waitFor(() => expect(field).toHaveValue('Box'));
  fireEvent.change(field, { target: { value: 'Hall box' } });
  const before = homeReads();
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    fireEvent.click(screen.getByText('Save'));
    await screen.findByText('Saved');
    await waitFor(() => expect(homeReads()).toBeGreaterThan(before));
    act(() => vi.advanceTimersByTime(SUCCESS_TOAST_MS - 200));
    expect(screen.getByTestId('location')).toHaveTextContent(`/devices/${DEV}/settings`);
    act(() => vi.advanceTimersByTime(400));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/list\/homes\/h1\/devices$/),
    );
  } finally {
    vi.useRealTimers();
  }
});
