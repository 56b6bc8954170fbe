import { beforeEach, expect, test } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
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
    deviceType: 'ethernet',
  });
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([]),
    'GET /api/location/v1/info': () => json({}),
  });
});

test.each([
  ['homeData', 'Step 1 of 3: Home data'],
  ['deviceDetection', 'Step 2 of 3: Device detection'],
  ['deviceData', 'Step 3 of 3: Device data and registration'],
])(
  'the three-step wizard: %s is "%s" (spec 2 §2, an ethernet device is detected)',
  async (step, title) => {
    renderRoute(
      '/list/addHome/:step',
      <AddHomeWizardPage detect={never} />,
      `/list/addHome/${step}`,
    );
    expect(await screen.findByTestId('wizard-step')).toHaveTextContent(title);
  },
);

test('accepting the connection-error help goes to / (spec 2 §2)', async () => {
  useWizardStore.getState().set({ devId: '0123456789abcdef99' });
  renderRoute(
    '/list/addHome/:step',
    <AddHomeWizardPage detect={never} />,
    '/list/addHome/connectionError',
  );
  fireEvent.click(await screen.findByText('Accept'));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
});
