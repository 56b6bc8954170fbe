import { beforeEach, expect, test } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GroupedHome } from '@hearth/protocol';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { AddHomeWizardPage } from './add-home-wizard-page';
import type { Detector } from './model/detect-device';
import { useWizardStore } from './model/wizard-store';

const never: Detector = (signal) =>
  new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
const DEV = '0123456789abcdef99';
const homes: GroupedHome[] = [{ id: 'h1', name: 'Flat', owner: true, devs: [] }];

beforeEach(() => {
  signIn();
  useWizardStore.getState().reset();
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    'GET /api/location/v1/info': () =>
      json({ ES: { zipFormat: '\\d{5}', states: { Madrid: 'Europe/Madrid' } } }),
    'GET /health_check': () => json({ message: 'ok' }),
    'POST /api/v2/devs': () => json({}, 201),
    [`GET /api/v2/devs/${DEV}/connected`]: () => json({ connected: true }),
    'GET /api/v2/groups/h1/geo_data': () =>
      json({
        country: 'ES',
        state: 'Madrid',
        city: 'Madrid',
        zip: '28001',
        tz_code: 'Europe/Madrid',
      }),
  });
});

test('a new home started after adding a device to an existing home is a new home, not that one', async () => {
  const first = renderRoute(
    '/list/homes/:homeId/devices/addDevice/:step',
    <AddHomeWizardPage detect={never} />,
    '/list/homes/h1/devices/addDevice/deviceDetection',
  );
  await waitFor(() => expect(useWizardStore.getState().home.city).toBe('Madrid'));
  first.unmount();
  renderRoute(
    '/list/addHome/:step',
    <AddHomeWizardPage detect={never} />,
    '/list/addHome/homeData',
  );
  await screen.findByRole('option', { name: /Spain|España/ });
  expect(screen.getByLabelText('Home name')).toHaveValue('');
  expect(screen.getByLabelText('City')).toHaveValue('');
  fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'ES' } });
  fireEvent.change(screen.getByLabelText('Region'), { target: { value: 'Madrid' } });
  fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Toledo' } });
  fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: '45001' } });
  fireEvent.change(screen.getByLabelText('Home name'), { target: { value: 'Cabin' } });
  fireEvent.click(screen.getByText('Next'));
  expect(useWizardStore.getState().homeId).toBeNull();
});

test('a second device added to the same home by hand asks for its identifier again', async () => {
  // The first device was found by the search and registered.
  useWizardStore.getState().set({
    homeId: 'h1',
    home: { country: 'ES', state: 'Madrid', city: 'Madrid', zip: '28001', name: 'Flat' },
    tzCode: 'Europe/Madrid',
    devId: DEV,
    devIdKnown: true,
    serialId: '7',
    name: 'Box',
  });
  const first = renderRoute(
    '/list/homes/:homeId/devices/addDevice/:step',
    <AddHomeWizardPage detect={never} />,
    '/list/homes/h1/devices/addDevice/deviceRegistration',
  );
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/\?/), {
    timeout: 6000,
  });
  first.unmount();
  renderRoute(
    '/list/homes/:homeId/devices/addDevice/:step',
    <AddHomeWizardPage detect={never} />,
    '/list/homes/h1/devices/addDevice/deviceDetection',
  );
  fireEvent.click(await screen.findByText('Enter the data by hand'));
  expect(screen.getByLabelText('Device identifier')).toHaveValue('');
  expect(screen.getByLabelText('Device name')).toHaveValue('');
}, 10_000);

test('the add-device wizard has no home data step', async () => {
  renderRoute(
    '/list/homes/:homeId/devices/addDevice/:step',
    <AddHomeWizardPage detect={never} />,
    '/list/homes/h1/devices/addDevice/homeData?deviceType=wifi',
  );
  await waitFor(() =>
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/list/homes/h1/devices/addDevice/deviceDetection?deviceType=wifi',
    ),
  );
});
