import { expect, test } from 'vitest';
import { DEMO_DEVICE_ID, type GroupedHome } from '@hearth/protocol';
import { createDemoBackend } from './demo-backend';

const payload = (groupId: string) => ({
  country: 'ES',
  state: 'Barcelona',
  city: 'Barcelona',
  zip: '08001',
  tz_code: 'Europe/Madrid',
  groupData: { id: groupId, name: 'Cabin' },
  dev_id: DEMO_DEVICE_ID,
  serial_id: '7',
  name: 'Box',
  product_id: '0105',
});

function setup() {
  return createDemoBackend({ now: () => 0, random: () => 0.5, onDashboard: () => false });
}

const CABIN1 = '0000000000004000800000000000ca01';
const CABIN1_ID = '00000000-0000-4000-8000-00000000ca01';
const CABIN2 = '00000000-0000-4000-8000-00000000ca02';

test('the demo adds the sample device to a new home with its place', () => {
  const backend = setup();
  expect(backend.handle('POST', '/api/v2/devs', payload(CABIN1)).status).toBeLessThan(300);
  const homes = backend.handle('GET', '/api/v2/grouped_devs').body as GroupedHome[];
  const cabin = homes.find((h) => h.id === CABIN1_ID);
  expect(cabin?.name).toBe('Cabin');
  expect(cabin?.devs.map((d) => d.dev_id)).toEqual([DEMO_DEVICE_ID]);
  expect(backend.handle('GET', `/api/v2/groups/${CABIN1_ID}/geo_data`).body).toMatchObject({
    city: 'Barcelona',
    tz_code: 'Europe/Madrid',
  });
});

test('a device the demo already has answers 409 device_conflict, as the server does (spec 2 §4: the app then finds it among the user’s devices)', () => {
  const backend = setup();
  backend.handle('POST', '/api/v2/devs', payload(CABIN1));
  const again = backend.handle('POST', '/api/v2/devs', payload(CABIN2));
  expect(again.status).toBe(409);
  expect(again.body).toMatchObject({ error: 'device_conflict' });
  const mine = backend.handle('GET', '/api/v2/devs').body as { devs: { dev_id: string }[] };
  expect(mine.devs.map((d) => d.dev_id)).toContain(DEMO_DEVICE_ID);
});

test('an invited guest is listed by the demo until revoked, and nothing leaves the browser', () => {
  const backend = setup();
  const home = (backend.handle('GET', '/api/v2/grouped_devs').body as GroupedHome[])[0];
  const id = home?.id ?? '';
  const list = () =>
    (
      backend.handle('GET', `/api/v2/groups/${id}/guest_users`).body as {
        guest_users: { email: string }[];
      }
    ).guest_users;
  expect(list()).toEqual([]);
  backend.handle('POST', '/api/v2/users/demo/invite', { email: 'bo@example.com', groupid: id });
  expect(list()).toEqual([{ email: 'bo@example.com' }]);
  backend.handle('DELETE', '/api/v2/users/demo/invite', { email: 'bo@example.com', groupid: id });
  expect(list()).toEqual([]);
});
