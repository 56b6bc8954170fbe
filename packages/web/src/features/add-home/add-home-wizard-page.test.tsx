import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { GroupedHome } from '@hearth/protocol';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { AddHomeWizardPage } from './add-home-wizard-page';
import type { Detector } from './model/detect-device';
import { useWizardStore } from './model/wizard-store';

const DEV = '0123456789abcdef99';
const info = { ES: { zipFormat: '\\d{5}', states: { Madrid: 'Europe/Madrid' } } };
let homes: GroupedHome[] = [];
let calls: RecordedCall[];
let addStatus = 201;
let addError = 'device_conflict';

const never: Detector = (signal) =>
  new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));

beforeEach(() => {
  signIn();
  homes = [];
  addStatus = 201;
  addError = 'device_conflict';
  useWizardStore.getState().reset();
  ({ calls } = installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    'GET /api/location/v1/info': () => json(info),
    'GET /health_check': () => json({ message: 'ok' }),
    'GET /api/v2/devs': () => json({ devs: [], invited_to: [] }),
    'POST /api/v2/devs': () => {
      if (addStatus !== 201)
        return json({ message: 'conflict', statusCode: addStatus, error: addError }, addStatus);
      homes = [
        { id: 'h1-old', name: 'Old', owner: true, devs: [] },
        {
          id: 'h2-new',
          name: 'Cabin',
          owner: true,
          devs: [{ dev_id: DEV, name: 'Box', product_id: '0105', fw_version: '', serial_id: '7' }],
        },
      ];
      return json({}, 201);
    },
    [`GET /api/v2/devs/${DEV}/connected`]: () => json({ connected: true }),
  }));
});
afterEach(() => vi.useRealTimers());

const open = (path: string, detect: Detector = never) =>
  renderRoute('/list/addHome/:step', <AddHomeWizardPage detect={detect} />, path);

async function fillHome() {
  await screen.findByRole('option', { name: /Spain|España/ });
  fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'ES' } });
  fireEvent.change(screen.getByLabelText('Region'), { target: { value: 'Madrid' } });
  fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Madrid' } });
  fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: '28001' } });
  fireEvent.change(screen.getByLabelText('Home name'), { target: { value: 'Cabin' } });
}

describe('add-home wizard: home data', () => {
  test('names the missing fields, checks the postcode, then skips the single device type', async () => {
    open('/list/addHome/homeData');
    await screen.findByRole('option', { name: /Spain|España/ });
    fireEvent.click(screen.getByText('Next'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You must complete the following fields: Country, Region, City, Postcode, Home name',
    );
    await fillHome();
    fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: '2800a' } });
    fireEvent.click(screen.getByText('Next'));
    expect(screen.getByRole('alert')).toHaveTextContent('does not have the format of the country');
    fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: '28001' } });
    fireEvent.click(screen.getByText('Next'));
    expect(screen.getByTestId('location')).toHaveTextContent('/list/addHome/deviceDetection');
    expect(useWizardStore.getState().tzCode).toBe('Europe/Madrid');
    expect(useWizardStore.getState().deviceType).toBe('ethernet');
  });

  test('a later step without home data goes back to the first', async () => {
    open('/list/addHome/deviceData');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/list/addHome/homeData'),
    );
  });
});

describe('ethernet detection', () => {
  beforeEach(() =>
    useWizardStore
      .getState()
      .set({ home: { country: 'ES', state: 'Madrid', city: 'M', zip: '28001', name: 'Cabin' } }),
  );

  test('a found device shows "device detected" for 2 s, then its data without asking the id', async () => {
    vi.useFakeTimers();
    open('/list/addHome/deviceDetection', async () => DEV);
    await act(async () => undefined);
    expect(screen.getByText('Device detected')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByTestId('location')).toHaveTextContent('deviceDetection');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('location')).toHaveTextContent('/list/addHome/deviceData');
    expect(screen.queryByLabelText('Device identifier')).toBeNull();
    expect(screen.getByTestId('known-devid')).toHaveTextContent(DEV);
  });

  test('a failed search shows the detection error (spec 2 §8 wording) for 2 s, then manual entry', async () => {
    vi.useFakeTimers();
    open('/list/addHome/deviceDetection', async () => {
      throw new Error('timed out');
    });
    await act(async () => undefined);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'gateway not found, provide the device identifier',
    );
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByLabelText('Device identifier')).toBeInTheDocument();
  });
});

describe('device data and registration', () => {
  beforeEach(() =>
    useWizardStore.getState().set({
      home: { country: 'ES', state: 'Madrid', city: 'M', zip: '28001', name: 'Cabin' },
      tzCode: 'Europe/Madrid',
    }),
  );

  test('validates name, 18-hex id and serial id', () => {
    open('/list/addHome/deviceData');
    const next = () => fireEvent.click(screen.getByText('Register device'));
    next();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You must complete the following fields: Device name, Device identifier, Serial id',
    );
    fireEvent.change(screen.getByLabelText('Device name'), { target: { value: 'x'.repeat(33) } });
    fireEvent.change(screen.getByLabelText('Device identifier'), {
      target: { value: '0123456789abcdef9' },
    });
    fireEvent.change(screen.getByLabelText('Serial id'), { target: { value: '7' } });
    next();
    expect(screen.getByRole('alert')).toHaveTextContent('exactly 18 hexadecimal characters');
    fireEvent.change(screen.getByLabelText('Device identifier'), {
      target: { value: '0123456789abcdefg9' },
    });
    next();
    expect(screen.getByRole('alert')).toHaveTextContent('exactly 18 hexadecimal characters');
    fireEvent.change(screen.getByLabelText('Device identifier'), { target: { value: DEV } });
    next();
    expect(screen.getByRole('alert')).toHaveTextContent('at most 32 characters');
    fireEvent.change(screen.getByLabelText('Device name'), { target: { value: 'x'.repeat(32) } });
    next();
    expect(screen.getByTestId('location')).toHaveTextContent('/list/addHome/deviceRegistration');
  });

  test('registers, waits for the gateway, then shows success and the dashboard at the home', async () => {
    useWizardStore.getState().set({ devId: DEV, serialId: '7', name: 'Box' });
    open('/list/addHome/deviceRegistration');
    expect(
      screen.getByRole('progressbar', { name: 'Device registration progress' }),
    ).toBeInTheDocument();
    await waitFor(
      () =>
        expect(screen.getByTestId('location')).toHaveTextContent(
          '/list/addHome/success?homeIndex=1',
        ),
      { timeout: 3000 },
    );
    const add = calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/v2/devs'));
    expect(JSON.parse(add?.body ?? '{}')).toMatchObject({
      country: 'ES',
      state: 'Madrid',
      zip: '28001',
      tz_code: 'Europe/Madrid',
      groupData: { name: 'Cabin' },
      dev_id: DEV,
      serial_id: '7',
      name: 'Box',
      product_id: '0105',
    });
    expect(JSON.parse(add?.body ?? '{}').groupData.id).toMatch(/^[0-9a-f]{32}$/);
    expect(screen.getByRole('status')).toHaveTextContent('Your device is installed');
  });

  test('a device owned by someone else shows the conflict view with its id to copy', async () => {
    addStatus = 409;
    useWizardStore.getState().set({ devId: DEV, serialId: '7', name: 'Box' });
    open('/list/addHome/deviceRegistration');
    expect(await screen.findByTestId('registration-conflict')).toHaveTextContent(
      `The device ${DEV} is already registered by another user`,
    );
    expect(screen.getByText('Copy device identifier')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Accept'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

test('a new home whose id is someone else\'s home shows "Home already registered" (spec 2 §8)', async () => {
  addStatus = 409;
  addError = 'already_registered';
  useWizardStore.getState().set({
    home: { country: 'ES', state: 'Madrid', city: 'M', zip: '28001', name: 'Cabin' },
    tzCode: 'Europe/Madrid',
    devId: DEV,
    serialId: '7',
    name: 'Box',
  });
  open('/list/addHome/deviceRegistration');
  expect(await screen.findByTestId('registration-conflict')).toHaveTextContent(
    /^Home already registered$/,
  );
  expect(screen.queryByText('Copy device identifier')).toBeNull();
  fireEvent.click(screen.getByText('Accept'));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
});

describe('connection-error help', () => {
  test('the disconnected guide links to the wifi configuration of the device at its new home', () => {
    useWizardStore.getState().set({
      home: { country: 'ES', state: 'Madrid', city: 'M', zip: '28001', name: 'Cabin' },
      deviceType: 'wifi',
      devId: DEV,
      groupId: 'g1',
    });
    open('/list/addHome/connectionError');
    fireEvent.click(screen.getByText('Not connected to the Wi-Fi network'));
    expect(screen.getByRole('link', { name: 'Configure the Wi-Fi network' })).toHaveAttribute(
      'href',
      `/list/homes/g1/deviceEdit/${DEV}/wifiConfiguration`,
    );
  });
});

describe('the add-device wizard of a home the user cannot add devices to', () => {
  const openAddDevice = (homeId: string) =>
    renderRoute(
      '/list/homes/:homeId/devices/addDevice/:step',
      <AddHomeWizardPage detect={never} />,
      `/list/homes/${homeId}/devices/addDevice/deviceDetection`,
    );

  test('a home the user does not have says "Home not found" and stays put (spec 2 §8)', async () => {
    homes = [{ id: 'h1', name: 'Attic', owner: true, devs: [] }];
    openAddDevice('gone');
    expect(await screen.findByText('Home not found')).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/list/homes/gone/devices/addDevice/deviceDetection',
    );
    expect(screen.queryByTestId('wizard-step')).toBeNull();
  });

  test("a guest's home sends the user to the dashboard (owner only, spec 2 §2)", async () => {
    homes = [{ id: 'h2', name: 'Villa', owner: false, devs: [] }];
    openAddDevice('h2');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
