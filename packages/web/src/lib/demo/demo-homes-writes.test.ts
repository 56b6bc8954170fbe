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
  // Each demo home is shared with a resident and a guest already (docs/sharing.md).
  const before = list();
  expect(before.map((g) => g.email)).not.toContain('bo@example.com');
  backend.handle('POST', '/api/v2/users/demo/invite', { email: 'bo@example.com', groupid: id });
  expect(list()).toEqual([...before, { email: 'bo@example.com', pending: true }]);
  backend.handle('DELETE', '/api/v2/users/demo/invite', { email: 'bo@example.com', groupid: id });
  expect(list()).toEqual(before);
});

const FAMILY = '00000000-0000-4000-8000-0000000de001';
const FLAT = '00000000-0000-4000-8000-0000000de002';
const FLAT_DEV = 'de3000000000000003';

test('an invitation answers 201 {email, pending}, and revoking an unknown guest is the server’s 404', () => {
  const backend = setup();
  const invited = backend.handle('POST', '/api/v2/users/demo/invite', {
    email: 'Bo@Example.com',
    groupid: FAMILY,
  });
  expect(invited).toEqual({ status: 201, body: { email: 'bo@example.com', pending: true } });
  const gone = backend.handle('DELETE', '/api/v2/users/demo/invite', {
    email: 'nobody@example.com',
    groupid: FAMILY,
  });
  expect(gone).toMatchObject({ status: 404, body: { error: 'not_found' } });
  const bad = backend.handle('POST', '/api/v2/users/demo/invite', { email: 'bo', groupid: FAMILY });
  expect(bad).toMatchObject({ status: 400, body: { error: 'validation_failed' } });
});

test.each([
  ['POST', `/api/v2/devs/${FLAT_DEV}/name`, { name: 'x'.repeat(33) }],
  ['POST', `/api/v2/devs/${FLAT_DEV}/name`, { name: ' ' }],
  ['POST', `/api/v2/groups/${FLAT}/name`, {}],
  ['POST', `/api/v2/devs/${FLAT_DEV}/group`, { id: 'flat' }],
  ['POST', `/api/v2/devs/${FLAT_DEV}/group`, { id: '00000000-0000-4000-8000-0000000000aa' }],
  ['POST', `/api/v2/groups/${FLAT}/geo_data`, { outdoor_range: 175 }],
  ['POST', `/api/v2/groups/${FLAT}/geo_data`, { country: 'ES' }],
  ['POST', `/api/v2/groups/${FLAT}/geo_data`, { planet: 'Earth' }],
  ['POST', `/api/v2/groups/${FLAT}/extra_data`, { maxPowerType: 'huge' }],
  ['POST', `/api/v2/groups/${FLAT}/extra_data`, {}],
  ['POST', `/api/notifications/v1/${FLAT}/presence/config`, { enabled: 'yes', email: 'a@b.c' }],
  [
    'POST',
    `/api/notifications/v1/${FLAT}/presence/config`,
    {
      enabled: true,
      email: 'a@b.c',
      excluded_nodes: [{ devid: 'de3000000000000001', nodes: [1] }],
    },
  ],
])('%s %s %j is the server’s 400 and changes nothing', (method, path, body) => {
  const backend = setup();
  const homes = () => backend.handle('GET', '/api/v2/grouped_devs').body;
  const before = { homes: homes(), flat: backend.snapshot(FLAT_DEV) };
  const answer = backend.handle(method, path, body);
  expect(answer).toMatchObject({ status: 400, body: { error: 'validation_failed' } });
  expect({ homes: homes(), flat: backend.snapshot(FLAT_DEV) }).toEqual(before);
});

test('home writes answer what the server answers', () => {
  const backend = setup();
  expect(backend.handle('POST', `/api/v2/devs/${FLAT_DEV}/name`, { name: ' Box ' }).body).toEqual({
    name: 'Box',
  });
  expect(backend.handle('POST', `/api/v2/groups/${FLAT}/name`, { name: 'Flat' }).body).toEqual({
    name: 'Flat',
  });
  expect(
    backend.handle('POST', `/api/v2/groups/${FLAT}/geo_data`, { zip: 'sw1a 2aa' }).body,
  ).toMatchObject({ city: 'London', zip: 'SW1A 2AA' });
  expect(
    backend.handle('POST', `/api/v2/groups/${FLAT}/extra_data`, { maxPowerType: 'fixed' }).body,
  ).toEqual({ maxPowerType: 'fixed' });
  const presence = { email: 'a@b.c', enabled: true, excluded_nodes: [] };
  expect(
    backend.handle('POST', `/api/notifications/v1/${FLAT}/presence/config`, presence).body,
  ).toEqual(presence);
});

test('moving a home’s only device to a new home answers its id and the emptied home goes, as on the server', () => {
  const backend = setup();
  const NEW = '00000000-0000-4000-8000-0000000000aa';
  const moved = backend.handle('POST', `/api/v2/devs/${FLAT_DEV}/group`, {
    id: NEW.replace(/-/g, ''),
    name: 'Studio',
  });
  expect(moved).toEqual({ status: 200, body: { id: NEW } });
  const homes = backend.handle('GET', '/api/v2/grouped_devs').body as GroupedHome[];
  expect(homes.map((h) => h.id)).not.toContain(FLAT);
  expect(homes.find((h) => h.id === NEW)?.devs.map((d) => d.dev_id)).toEqual([FLAT_DEV]);
  expect(backend.handle('GET', `/api/v2/groups/${NEW}/geo_data`).body).toMatchObject({
    city: 'London',
  });
});

test('deleting a home’s only device removes the home, as on the server', () => {
  const backend = setup();
  expect(backend.handle('DELETE', `/api/v2/devs/${FLAT_DEV}`).status).toBe(200);
  const homes = backend.handle('GET', '/api/v2/grouped_devs').body as GroupedHome[];
  expect(homes.map((h) => h.id)).not.toContain(FLAT);
});

test('a quiet-home config not yet saved reads as the server’s {email, enabled, excluded_nodes}', () => {
  const backend = setup();
  expect(backend.handle('GET', `/api/notifications/v1/${FLAT}/presence/config`).body).toEqual({
    email: '',
    enabled: false,
    excluded_nodes: [],
  });
});

test('erasing a node drops it from the quiet-home exclusions, as the server does (spec 2 §4)', () => {
  const backend = setup();
  const config = (): unknown =>
    backend.handle('GET', `/api/notifications/v1/${FLAT}/presence/config`).body;
  backend.handle('POST', `/api/notifications/v1/${FLAT}/presence/config`, {
    email: 'a@b.c',
    enabled: true,
    excluded_nodes: [{ devid: FLAT_DEV, nodes: [1, 2] }],
  });
  backend.handle('DELETE', `/api/v2/devs/${FLAT_DEV}/htr/1`, { purge: true });
  expect(config()).toMatchObject({ excluded_nodes: [{ devid: FLAT_DEV, nodes: [2] }] });
  backend.handle('DELETE', `/api/v2/devs/${FLAT_DEV}/htr/2`, { purge: false });
  expect(config()).toMatchObject({ excluded_nodes: [] });
});

test('a quiet-home test without an e-mail is the server’s 400; with one it answers {email}', () => {
  const backend = setup();
  const sendTest = () => backend.handle('POST', `/api/notifications/v1/${FLAT}/test`);
  expect(sendTest()).toMatchObject({ status: 400, body: { error: 'validation_failed' } });
  backend.handle('POST', `/api/notifications/v1/${FLAT}/presence/config`, {
    email: 'a@b.c',
    enabled: true,
  });
  expect(sendTest()).toEqual({ status: 200, body: { email: 'a@b.c' } });
});
