import { expect, test } from 'vitest';
import {
  DEMO_DEVICE_ID,
  WIFI_HEATER_NODE_ADDR,
  WIFI_HEATER_NODE_TYPE,
  WIFI_HEATER_PRODUCT_ID,
  type GroupedHome,
  type MgrNode,
} from '@hearth/protocol';
import { createDemoBackend } from './demo-backend';

const HOME = '00000000-0000-4000-8000-00000000ab01';

const payload = (over: Record<string, unknown> = {}) => ({
  country: 'ES',
  state: 'Barcelona',
  city: 'Barcelona',
  zip: '08001',
  tz_code: 'Europe/Madrid',
  groupData: { id: HOME.replace(/-/g, ''), name: 'Flat' },
  dev_id: DEMO_DEVICE_ID,
  serial_id: '7',
  name: 'Towel rail',
  product_id: '0105',
  ...over,
});

const setup = () => createDemoBackend({ now: () => 0, random: () => 0.5 });
const nodesOf = (backend: ReturnType<typeof setup>) =>
  (backend.handle('GET', `/api/v2/devs/${DEMO_DEVICE_ID}/mgr/nodes`).body as { nodes: MgrNode[] })
    .nodes;
const devOf = (backend: ReturnType<typeof setup>) =>
  (backend.handle('GET', '/api/v2/grouped_devs').body as GroupedHome[])
    .flatMap((h) => h.devs)
    .find((d) => d.dev_id === DEMO_DEVICE_ID);

test('spec 3 §9: a wifi heater added in the demo is one heater node, htr at address 2, product 021D', () => {
  const backend = setup();
  const added = backend.handle(
    'POST',
    '/api/v2/devs',
    payload({ product_id: WIFI_HEATER_PRODUCT_ID }),
  );
  expect(added.status).toBe(201);
  expect(nodesOf(backend).map((n) => ({ type: n.type, addr: n.addr }))).toEqual([
    { type: WIFI_HEATER_NODE_TYPE, addr: WIFI_HEATER_NODE_ADDR },
  ]);
  expect(devOf(backend)?.product_id).toBe(WIFI_HEATER_PRODUCT_ID);
  const snapshot = backend.snapshot(DEMO_DEVICE_ID);
  expect(snapshot?.pmo_system.main_circuit_pmos).toEqual([]);
  expect(
    backend.handle('GET', `/api/v2/devs/${DEMO_DEVICE_ID}/htr/${WIFI_HEATER_NODE_ADDR}/status`)
      .status,
  ).toBe(200);
});

test('spec 2 §3: another device is a gateway of product 0105, and the sample gateways are too', () => {
  const backend = setup();
  backend.handle('POST', '/api/v2/devs', payload());
  expect(devOf(backend)?.product_id).toBe('0105');
  expect(nodesOf(backend).map((n) => n.type)).toEqual(['htr', 'htr', 'pmo']);
  const samples = (backend.handle('GET', '/api/v2/grouped_devs').body as GroupedHome[]).flatMap(
    (h) => h.devs,
  );
  expect(new Set(samples.map((d) => d.product_id))).toEqual(new Set(['0105']));
});

test('docs/wire-contract.md §5: adding a device answers 201 with the device and its home, as the server does', () => {
  const backend = setup();
  const added = backend.handle('POST', '/api/v2/devs', payload());
  expect(added).toEqual({
    status: 201,
    body: {
      dev_id: DEMO_DEVICE_ID,
      name: 'Towel rail',
      product_id: '0105',
      fw_version: expect.any(String) as string,
      serial_id: '7',
      group: { id: HOME, name: 'Flat' },
    },
  });
});

test.each([
  ['a dev_id that is not 18 hex characters', { dev_id: 'abc' }],
  ['an empty device name', { name: '  ' }],
  ['a device name over 32 characters', { name: 'x'.repeat(33) }],
  ['a home id that is not a UUID', { groupData: { id: 'cabin1', name: 'Flat' } }],
  ['a missing serial id', { serial_id: undefined }],
  ['an unknown time zone', { tz_code: 'Mars/Base' }],
  ['an unknown country', { country: 'XX' }],
])('the demo refuses %s with the server’s 400 and stores nothing', (_, over) => {
  const backend = setup();
  const before = backend.handle('GET', '/api/v2/grouped_devs').body;
  const answer = backend.handle('POST', '/api/v2/devs', payload(over));
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ statusCode: 400, error: 'validation_failed' });
  expect(backend.handle('GET', '/api/v2/grouped_devs').body).toEqual(before);
});
