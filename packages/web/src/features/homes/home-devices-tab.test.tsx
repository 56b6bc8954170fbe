import { beforeEach, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DEV, open, setUpHomeDetails } from './home-details-test-kit';

beforeEach(() => {
  setUpHomeDetails();
});

test("the device list shows each device's name, linking to its settings, with its connection, and the owner's add button (spec 2 §2)", async () => {
  open('/list/homes/h1/devices');
  const tab = await screen.findByRole('region', { name: 'Devices' });
  const link = await within(tab).findByRole('link', { name: 'Box' });
  expect(link).toHaveAttribute('href', `/list/homes/h1/devices/${DEV}/settings`);
  expect(within(tab).getByTestId('device-connection')).toHaveTextContent(/^Connected$/);
  const add = within(tab).getByText('Add device').closest('ion-button');
  expect(add?.getAttribute('router-link') ?? add?.getAttribute('href')).toContain(
    '/list/homes/h1/devices/addDevice',
  );
});

test('a guest of the home is offered only its home data and geolocation (spec 2 §2, §6)', async () => {
  open('/list/homes/h2/data');
  const nav = await screen.findByRole('navigation', { name: 'Home options' });
  expect(
    within(nav)
      .getAllByRole('link')
      .map((l) => l.textContent),
  ).toEqual(['Home data', 'Geolocation']);
});
