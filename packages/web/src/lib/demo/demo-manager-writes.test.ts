import { expect, test } from 'vitest';
import type { UpdateEvent } from '@hearth/protocol';
import { createDemoBackend } from './demo-backend';

const DEV = 'de3000000000000001';
const BASE = `/api/v2/devs/${DEV}`;

function setup() {
  const backend = createDemoBackend({ now: () => 0, random: () => 0.5 });
  const events: UpdateEvent[] = [];
  backend.subscribe(DEV, (e) => events.push(e));
  return { backend, events };
}

test.each([
  ['/mgr/away_status', { away: 'yes' }],
  ['/mgr/away_status', { away: true, extra: 1 }],
  ['/mgr/discovery', { discovery: 'maybe' }],
  ['/mgr/discovery', { discovery: 'on', type: 'boiler' }],
  ['/mgr/discovery', { discovery: 'on', addr: -1 }],
  ['/htr_system/power_limit', { power_limit: '500' }],
  ['/htr_system/power_limit', { power_limit: '2000.5' }],
  [
    '/pmo_system',
    { main_circuit_pmos: [7], max_power_config: { profiles: [2000], slots: [{ m: 0, i: 1 }] } },
  ],
  ['/pmo_system', { main_circuit_pmos: [-1], max_power_config: { profiles: [], slots: [] } }],
])('POST %s %j is the server’s 400, and nothing changes or is pushed', (path, body) => {
  const { backend, events } = setup();
  const before = backend.snapshot(DEV);
  const answer = backend.handle('POST', `${BASE}${path}`, body);
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ statusCode: 400, error: 'validation_failed' });
  expect(backend.snapshot(DEV)).toEqual(before);
  expect(events).toEqual([]);
});

test('device-manager writes answer the object written and push it, as the server does (docs/wire-contract.md §5, §7)', () => {
  const { backend, events } = setup();
  const away = backend.handle('POST', `${BASE}/mgr/away_status`, { away: true });
  expect(away.body).toEqual({ enabled: false, away: true, forced: false });
  const discovery = backend.handle('POST', `${BASE}/mgr/discovery`, { discovery: 'on', addr: 9 });
  expect(discovery.body).toEqual({ discovery: 'on', addr: 9 });
  const limit = backend.handle('POST', `${BASE}/htr_system/power_limit`, { power_limit: 2500 });
  expect(limit.body).toEqual({ power_limit: '2500' });
  const pmo = {
    main_circuit_pmos: [7],
    max_power_config: { profiles: [3000, -1], slots: [{ m: 0, i: 1 }] },
  };
  expect(backend.handle('POST', `${BASE}/pmo_system`, pmo).body).toEqual(pmo);
  expect(events).toEqual([
    { path: '/mgr/away_status', body: away.body },
    { path: '/mgr/discovery', body: discovery.body },
    // Then the gateway's own report of it: discovering, with no node found yet.
    { path: '/mgr/discovery', body: { discovery: 'on' } },
    { path: '/htr_system/power_limit', body: { power_limit: '2500' } },
    { path: '/pmo_system', body: pmo },
  ]);
});
