import { describe, expect, it } from 'vitest';
import { useTestHearth, type TestHearth } from '../test-support/test-hearth';
import { createWorld, HEATER_SETUP, HEATER_STATUS, send, weekProg } from './control-test-world';

let t: TestHearth;
useTestHearth((started) => (t = started));

type Method = 'GET' | 'POST' | 'DELETE';
/** [method, path below the device, body, what a guest gets]. */
const ENDPOINTS: Array<[Method, string, unknown, 200 | 403]> = [
  ['GET', 'htr/2/', undefined, 200],
  ['GET', 'htr/2/status', undefined, 200],
  ['GET', 'htr/2/setup', undefined, 200],
  ['GET', 'htr/2/prog', undefined, 200],
  ['GET', 'htr/2/version', undefined, 200],
  ['GET', 'htr/2/power', undefined, 200],
  ['GET', 'htr/2/samples?start=0&end=3600', undefined, 200],
  ['GET', 'htr/2/samples?start=0&end=86400&group=hour', undefined, 200],
  ['POST', 'htr/2/status', { stemp: '20.0', units: 'C' }, 200],
  ['POST', 'htr/2/status', { locked: true }, 403],
  ['POST', 'htr/2/mode', { mode: 'auto' }, 200],
  ['POST', 'htr/2/prog', { prog: weekProg(0) }, 200],
  ['POST', 'htr/2/prog_temps', { comf_temp: '21.5', units: 'C' }, 200],
  ['POST', 'htr/2/boost', { active: false }, 200],
  ['POST', 'htr/2/lock', { locked: true }, 403],
  ['POST', 'htr/2/setup', { ...HEATER_SETUP, away_offset: '1.0' }, 200],
  ['POST', 'htr/2/setup', { ...HEATER_SETUP, priority: 'high' }, 403],
  ['POST', 'htr/2/setup', { ...HEATER_SETUP, prog_resol: 1 }, 403],
  ['POST', 'htr/2/name', { name: 'Den' }, 403],
  ['POST', 'htr/2/select', { select: true }, 200],
  ['POST', 'pmo/5/power_limit', { power_limit: '3000' }, 403],
  ['DELETE', 'htr/2/', { purge: true }, 403],
  ['GET', 'mgr/away_status', undefined, 200],
  // Ruling D21: guests may not set the home away.
  ['POST', 'mgr/away_status', { away: true }, 403],
  ['GET', 'mgr/discovery', undefined, 200],
  ['POST', 'mgr/discovery', { discovery: 'on', type: 'htr' }, 403],
  ['GET', 'mgr/rtc/time', undefined, 200],
  ['GET', 'htr_system/power_limit', undefined, 200],
  ['POST', 'htr_system/power_limit', { power_limit: '2000' }, 403],
  ['GET', 'pmo_system', undefined, 200],
  [
    'POST',
    'pmo_system',
    { main_circuit_pmos: [5], max_power_config: { profiles: [3000], slots: [{ m: 0, i: 0 }] } },
    403,
  ],
];

async function call(method: Method, url: string, body: unknown, token?: string) {
  if (method !== 'GET') return send(method, url, body, token);
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: await res.json() };
}

describe('authorization of node and device-manager endpoints', () => {
  it('answers anonymous 401, stranger 404, guest per docs/wire-contract.md §6, owner 200; refused writes store nothing', async () => {
    const w = await createWorld(t);
    const base = `${t.url}/api/v2/devs/${w.devId}`;
    for (const [method, path, body, guestStatus] of ENDPOINTS) {
      const label = `${method} ${path}`;
      const url = `${base}/${path}`;
      expect((await call(method, url, body)).status, `${label} anonymous`).toBe(401);
      expect((await call(method, url, body, `${w.owner}x`)).status, `${label} forged`).toBe(401);
      const stranger = await call(method, url, body, w.stranger);
      expect(stranger, `${label} stranger`).toMatchObject({
        status: 404,
        body: { error: 'not_found' },
      });
      const pendingBefore = (await t.repos.commands.listPending(w.devId)).length;
      const guest = await call(method, url, body, w.guest);
      expect(guest.status, `${label} guest`).toBe(guestStatus);
      if (guestStatus === 403) {
        expect(guest.body).toMatchObject({ statusCode: 403, error: 'forbidden' });
        expect((await t.repos.commands.listPending(w.devId)).length, `${label} guest stored`).toBe(
          pendingBefore,
        );
      }
      expect((await call(method, url, body, w.owner)).status, `${label} owner`).toBe(200);
      // The erased node comes back so the next rows still find it.
      if (method === 'DELETE')
        await t.repos.nodes.setPart(w.devId, 'htr', 2, 'setup', HEATER_SETUP);
    }
    expect(
      (
        await call(
          'GET',
          `${t.url}/api/v2/devs/ffffffffffffffffff/mgr/away_status`,
          undefined,
          w.owner,
        )
      ).status,
    ).toBe(404);
    expect((await call('GET', `${base}/htr/9/status`, undefined, w.owner)).body).toMatchObject({
      statusCode: 404,
      message: 'Node not found',
    });
  });
});

// Spec 3 §6: the keyboard lock is the owner's. Like the owner's setup entries, it is checked by
// what a guest's write changes: the whole status written back as it is passes.
describe('the keyboard lock in a status write', () => {
  it("is the owner's to change; a guest may write it back as it is stored", async () => {
    const w = await createWorld(t);
    const status = `${t.url}/api/v2/devs/${w.devId}/htr/2/status`;
    const asStored = { stemp: '20.5', units: 'C', locked: HEATER_STATUS.locked };
    expect((await send('POST', status, asStored, w.guest)).status).toBe(200);
    const pending = (await t.repos.commands.listPending(w.devId)).length;
    const changed = await send('POST', status, { ...asStored, locked: true }, w.guest);
    expect(changed).toMatchObject({
      status: 403,
      body: { error: 'forbidden', message: 'Only the owner may change locked' },
    });
    expect((await t.repos.commands.listPending(w.devId)).length).toBe(pending);
    expect((await send('POST', status, { locked: true }, w.owner)).status).toBe(200);
  });
});
