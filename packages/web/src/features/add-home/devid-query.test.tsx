import { beforeEach, expect, test } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { AddHomeWizardPage } from './add-home-wizard-page';
import type { Detector } from './model/detect-device';
import { useWizardStore } from './model/wizard-store';

const never: Detector = (signal) =>
  new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));

beforeEach(() => {
  signIn();
  useWizardStore.getState().reset();
  useWizardStore.getState().set({
    home: { country: 'ES', state: 'Madrid', city: 'M', zip: '28001', name: 'Cabin' },
    tzCode: 'Europe/Madrid',
  });
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([]),
    'GET /api/location/v1/info': () => json({}),
  });
});

const open = (query: string) =>
  renderRoute(
    '/list/addHome/:step',
    <AddHomeWizardPage detect={never} />,
    `/list/addHome/deviceData${query}`,
  );

test('a valid devid query parameter is the device id: it is not asked (spec 2 §5)', async () => {
  open('?devid=0123456789ABCDEF99');
  expect(await screen.findByTestId('known-devid')).toHaveTextContent(/0123456789abcdef99/i);
  expect(screen.queryByLabelText('Device identifier')).toBeNull();
  fireEvent.change(screen.getByLabelText('Device name'), { target: { value: 'Box' } });
  fireEvent.change(screen.getByLabelText('Serial id'), { target: { value: '7' } });
  fireEvent.click(screen.getByText('Register device'));
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.getByTestId('location')).toHaveTextContent('/list/addHome/deviceRegistration');
  expect(useWizardStore.getState().devId.toLowerCase()).toBe('0123456789abcdef99');
});

test.each(['0123', 'zz23456789abcdef99'])(
  'a devid query parameter that is not 18 hexadecimal characters (%s) is ignored: the id is asked',
  async (devid) => {
    open(`?devid=${devid}`);
    expect(await screen.findByLabelText('Device identifier')).toHaveValue('');
  },
);

test('in the add-device wizard, the devid query parameter stays known once the home has loaded (spec 2 §2, §5)', async () => {
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([{ id: 'h1', name: 'Barn', owner: true, devs: [] }]),
    'GET /api/v2/groups/h1/geo_data': () => json({ country: 'ES', state: 'Madrid' }),
    'GET /api/location/v1/info': () => json({}),
  });
  renderRoute(
    '/list/homes/:homeId/devices/addDevice/:step',
    <AddHomeWizardPage detect={never} />,
    '/list/homes/h1/devices/addDevice/deviceData?devid=0123456789abcdef99',
  );
  await waitFor(() => expect(useWizardStore.getState().homeId).toBe('h1'));
  expect(await screen.findByTestId('known-devid')).toHaveTextContent('0123456789abcdef99');
  expect(screen.queryByLabelText('Device identifier')).toBeNull();
});
