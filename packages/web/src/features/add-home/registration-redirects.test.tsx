import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  CONNECTION_WAIT_MS,
  DETECTION_MESSAGE_MS,
  PROGRESS_COMPLETION_MS,
  PROGRESS_WAIT_FACTOR,
  REGISTRATION_REDIRECT_MS,
  type GroupedHome,
} from '@hearth/protocol';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { AddHomeWizardPage } from './add-home-wizard-page';
import type { Detector } from './model/detect-device';
import { useWizardStore } from './model/wizard-store';

// Spec 2 §4 "Device registration", the moves to the dashboard at the device's home.

const DEV = '0123456789abcdef77';
const box = { dev_id: DEV, name: 'Box', product_id: '0105', fw_version: '', serial_id: '7' };
let homes: GroupedHome[];
let addStatus: number;
let mine: string[];
let calls: RecordedCall[];
let connected: boolean;

const never: Detector = (signal) =>
  new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));

beforeEach(() => {
  signIn();
  addStatus = 201;
  mine = [];
  connected = true;
  homes = [
    { id: 'h0', name: 'Attic', owner: true, devs: [] },
    { id: 'h1', name: 'Barn', owner: true, devs: [] },
  ];
  useWizardStore.getState().reset();
  ({ calls } = installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    'GET /api/location/v1/info': () => json({}),
    'GET /api/v2/groups/h1/geo_data': () =>
      json({ country: 'ES', state: 'Madrid', city: 'M', zip: '28001', tz_code: 'Europe/Madrid' }),
    'GET /health_check': () => json({ message: 'ok' }),
    'GET /api/v2/devs': () => json({ devs: mine.map((dev_id) => ({ ...box, dev_id })) }),
    'POST /api/v2/devs': () => {
      if (addStatus !== 201)
        return json(
          { message: 'conflict', statusCode: addStatus, error: 'device_conflict' },
          addStatus,
        );
      homes = [homes[0] as GroupedHome, { ...(homes[1] as GroupedHome), devs: [box] }];
      return json({}, 201);
    },
    [`GET /api/v2/devs/${DEV}/connected`]: () => json({ connected }),
  }));
});
afterEach(() => vi.useRealTimers());

/**
 * Ruling D6: once the gateway is connected and the bar complete, the success message shows at
 * once and stays up 3 s; then the dashboard at the device's home.
 */
async function expectSuccessThenHome(successPath: string) {
  await waitFor(() =>
    expect(
      screen.getByRole('progressbar', { name: 'Device registration progress' }),
    ).toHaveAttribute('aria-valuenow', '100'),
  );
  await act(async () => vi.advanceTimersByTimeAsync(PROGRESS_COMPLETION_MS * PROGRESS_WAIT_FACTOR));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(successPath));
  expect(screen.getByRole('status')).toHaveTextContent('Your device is installed');
  await act(async () => vi.advanceTimersByTimeAsync(REGISTRATION_REDIRECT_MS - 200));
  expect(screen.getByTestId('location')).toHaveTextContent(successPath);
  expect(screen.getByRole('status')).toHaveTextContent('Your device is installed');
  await act(async () => vi.advanceTimersByTimeAsync(400));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/\?homeIndex=1$/);
}

test('a device added to a home: once connected, the success message, then the dashboard at that home 3 s later (ruling D6)', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  useWizardStore.getState().reset({ homeId: 'h1', deviceType: 'ethernet' });
  useWizardStore.getState().set({ devId: DEV, devIdKnown: true, serialId: '7', name: 'Box' });
  renderRoute(
    '/list/homes/:homeId/devices/addDevice/:step',
    <AddHomeWizardPage detect={never} />,
    '/list/homes/h1/devices/addDevice/deviceRegistration',
  );
  await expectSuccessThenHome('/list/homes/h1/devices/addDevice/success?homeIndex=1');
});

test('a new home: once its gateway is connected, the success message, then the dashboard at the new home 3 s later (ruling D6)', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  useWizardStore.getState().set({
    home: { country: 'ES', state: 'Madrid', city: 'M', zip: '28001', name: 'Cabin' },
    tzCode: 'Europe/Madrid',
    devId: DEV,
    serialId: '7',
    name: 'Box',
  });
  renderRoute(
    '/list/addHome/:step',
    <AddHomeWizardPage detect={never} />,
    '/list/addHome/deviceRegistration',
  );
  await expectSuccessThenHome('/list/addHome/success?homeIndex=1');
});

test("a device already among the user's goes straight to the dashboard at its home (spec 2 §4)", async () => {
  addStatus = 409;
  mine = [DEV];
  homes = [homes[0] as GroupedHome, { ...(homes[1] as GroupedHome), devs: [box] }];
  useWizardStore.getState().set({
    home: { country: 'ES', state: 'Madrid', city: 'M', zip: '28001', name: 'Cabin' },
    tzCode: 'Europe/Madrid',
    devId: DEV,
    serialId: '7',
    name: 'Box',
  });
  renderRoute(
    '/list/addHome/:step',
    <AddHomeWizardPage detect={never} />,
    '/list/addHome/deviceRegistration',
  );
  await waitFor(
    () => expect(screen.getByTestId('location')).toHaveTextContent(/^\/\?homeIndex=1$/),
    { timeout: 3000 },
  );
  expect(screen.queryByTestId('registration-conflict')).toBeNull();
});

test("the add-device wizard registers with the stored home's name, id and geo data, as ethernet by default (spec 2 §2)", async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  renderRoute(
    '/list/homes/:homeId/devices/addDevice/:step',
    // Found a moment after the screen opens, as a real search is, once the home has loaded.
    <AddHomeWizardPage
      detect={() => new Promise((found) => setTimeout(() => found(DEV), 1_000))}
    />,
    '/list/homes/h1/devices/addDevice/deviceDetection',
  );
  await act(async () => vi.advanceTimersByTimeAsync(1_000));
  expect(await screen.findByText('Device detected')).toBeInTheDocument();
  await act(async () => vi.advanceTimersByTimeAsync(DETECTION_MESSAGE_MS));
  fireEvent.change(await screen.findByLabelText('Device name'), { target: { value: 'Box' } });
  fireEvent.change(screen.getByLabelText('Serial id'), { target: { value: '7' } });
  fireEvent.click(screen.getByText('Register device'));
  await waitFor(() =>
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/v2/devs'))).toBe(true),
  );
  const add = calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/v2/devs'));
  expect(JSON.parse(add?.body ?? '{}')).toMatchObject({
    country: 'ES',
    state: 'Madrid',
    city: 'M',
    zip: '28001',
    tz_code: 'Europe/Madrid',
    groupData: { id: 'h1', name: 'Barn' },
    dev_id: DEV,
    name: 'Box',
    serial_id: '7',
    product_id: '0105',
  });
});

test('a device detected before the home list arrives keeps its id (spec 2 §4, §5)', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  renderRoute(
    '/list/homes/:homeId/devices/addDevice/:step',
    <AddHomeWizardPage detect={async () => DEV} />,
    '/list/homes/h1/devices/addDevice/deviceDetection',
  );
  expect(await screen.findByText('Device detected')).toBeInTheDocument();
  await act(async () => vi.advanceTimersByTimeAsync(DETECTION_MESSAGE_MS));
  await waitFor(() => expect(useWizardStore.getState().home.name).toBe('Barn'));
  expect(await screen.findByTestId('known-devid')).toHaveTextContent(DEV);
  expect(screen.queryByLabelText('Device identifier')).toBeNull();
});

test('a gateway not connected within 60 s leads to the connection-error help (spec 2 §4, §8)', async () => {
  vi.useFakeTimers();
  connected = false;
  useWizardStore.getState().set({
    home: { country: 'ES', state: 'Madrid', city: 'M', zip: '28001', name: 'Cabin' },
    tzCode: 'Europe/Madrid',
    devId: DEV,
    serialId: '7',
    name: 'Box',
  });
  renderRoute(
    '/list/addHome/:step',
    <AddHomeWizardPage detect={never} />,
    '/list/addHome/deviceRegistration',
  );
  await act(async () => vi.advanceTimersByTimeAsync(CONNECTION_WAIT_MS - 2_000));
  expect(screen.getByTestId('location')).toHaveTextContent('/list/addHome/deviceRegistration');
  await act(async () => vi.advanceTimersByTimeAsync(4_000));
  expect(screen.getByTestId('location')).toHaveTextContent('/list/addHome/connectionError');
});

test('a device added to a home whose gateway never connects: the connection-error help after 60 s, and it stays (spec 2 §4, issue 25)', async () => {
  vi.useFakeTimers();
  connected = false;
  useWizardStore.getState().reset({ homeId: 'h1', deviceType: 'ethernet' });
  useWizardStore.getState().set({ devId: DEV, devIdKnown: true, serialId: '7', name: 'Box' });
  renderRoute(
    '/list/homes/:homeId/devices/addDevice/:step',
    <AddHomeWizardPage detect={never} />,
    '/list/homes/h1/devices/addDevice/deviceRegistration',
  );
  await act(async () => vi.advanceTimersByTimeAsync(CONNECTION_WAIT_MS - 2_000));
  expect(screen.getByTestId('location')).toHaveTextContent(
    '/list/homes/h1/devices/addDevice/deviceRegistration',
  );
  await act(async () => vi.advanceTimersByTimeAsync(4_000));
  expect(screen.getByTestId('location')).toHaveTextContent(
    '/list/homes/h1/devices/addDevice/connectionError',
  );
  expect(screen.getByRole('heading', { name: 'Device installation error' })).toBeInTheDocument();
  // Nothing takes the user back to the form afterwards.
  await act(async () => vi.advanceTimersByTimeAsync(5 * 60_000));
  expect(screen.getByTestId('location')).toHaveTextContent(
    '/list/homes/h1/devices/addDevice/connectionError',
  );
  expect(screen.getByRole('heading', { name: 'Device installation error' })).toBeInTheDocument();
});
