import { describe, expect, it, vi } from 'vitest';
import { getJson } from '../test-support/http';
import type { TestHearth } from '../test-support/test-hearth';
import {
  createWorld,
  useControlHearth,
  HEATER_SETUP,
  HEATER_STATUS,
  send,
  weekProg,
} from './control-test-world';

let t: TestHearth;
const { gateway } = useControlHearth((started) => (t = started));

describe('node writes', () => {
  it('sends each write to the gateway as the reference gateway takes it and stores the desired state', async () => {
    const w = await createWorld(t);
    const gw = await gateway(w.devId);
    const base = `${t.url}/api/v2/devs/${w.devId}`;
    const writes: Array<[string, unknown, string]> = [
      ['htr/2/mode', { mode: 'auto' }, '/htr/2/mode'],
      ['htr_mod/2/mode', { mode: 'manual', stemp: '22.5', units: 'C' }, '/htr/2/mode'],
      [
        'htr/2/prog_temps',
        { comf_temp: '22.0', eco_temp: '17.5', ice_temp: '7.0', units: 'C' },
        '/htr/2/prog_temps',
      ],
      ['htr/2/boost', { active: true, temperature: '24.0', units: 'C', time: 60 }, '/htr/2/boost'],
      ['htr/2/lock', { locked: true }, '/htr/2/lock'],
      ['htr/2/setup', { ...HEATER_SETUP, away_offset: '1.5' }, '/htr/2/setup'],
      ['htr/2/prog', { prog: weekProg(1) }, '/htr/2/prog'],
      ['htr/2/name', { name: 'Den' }, '/htr/2/name'],
      ['htr/2/select', { select: true }, '/htr/2/select'],
      ['pmo/5/power_limit', { power_limit: '3000' }, '/pmo/5/power_limit'],
    ];
    for (const [suffix, body, path] of writes) {
      const res = await send('POST', `${base}/${suffix}`, body, w.owner);
      expect(res.status, suffix).toBe(200);
      await vi.waitFor(() =>
        expect(gw.commands.at(-1)).toMatchObject({ method: 'POST', path, body }),
      );
    }
    const node = (await getJson(`${base}/htr/2/`, w.owner)).body;
    expect(node).toMatchObject({
      status: {
        mode: 'manual',
        stemp: '22.5',
        comf_temp: '22.0',
        eco_temp: '17.5',
        boost: true,
        locked: true,
        sync_status: 'pending',
      },
      setup: { away_offset: '1.5', sync_status: 'pending' },
      prog: { prog: weekProg(1) },
    });
    expect((await getJson(`${base}/mgr/nodes`, w.owner)).body).toMatchObject({
      nodes: [{ addr: 2, name: 'Den' }, { addr: 5 }],
    });
    expect((await getJson(`${base}/htr/2/prog`, w.owner)).body).toEqual({ prog: weekProg(1) });

    const erased = await send('DELETE', `${base}/htr/2/`, { purge: false }, w.owner);
    expect(erased.status).toBe(200);
    await vi.waitFor(() =>
      expect(gw.commands.at(-1)).toMatchObject({
        method: 'DELETE',
        path: '/htr/2',
        body: { purge: false },
      }),
    );
    expect((await getJson(`${base}/mgr/nodes`, w.owner)).body).toMatchObject({
      nodes: [{ addr: 2, installed: false }, { addr: 5 }],
    });
    expect((await send('DELETE', `${base}/pmo/5/`, { purge: true }, w.owner)).status).toBe(200);
    expect((await getJson(`${base}/pmo/5/`, w.owner)).status).toBe(404);
  });

  it('takes the confirmed state from the gateway after a write', async () => {
    const w = await createWorld(t);
    const gw = await gateway(w.devId);
    const url = `${t.url}/api/v2/devs/${w.devId}/htr/2/mode`;
    expect((await send('POST', url, { mode: 'off' }, w.owner)).status).toBe(200);
    // Commands reach the gateway at least once: a pending command may also be resent when the
    // gateway's subscription lands, so every copy is acknowledged.
    await vi.waitFor(() => expect(gw.commands.length).toBeGreaterThan(0));
    const confirmed = { ...HEATER_STATUS, mode: 'off' };
    await gw.publishUp('/htr/2/status', confirmed);
    for (const id of new Set(gw.commands.map((c) => c.id))) await gw.ack(id);
    await vi.waitFor(async () =>
      expect((await getJson(`${t.url}/api/v2/devs/${w.devId}/htr/2/status`, w.owner)).body).toEqual(
        confirmed,
      ),
    );
  });

  it('records, answers and forwards written temperatures as strings with one decimal (docs/wire-contract.md §1)', async () => {
    const w = await createWorld(t);
    const gw = await gateway(w.devId);
    const base = `${t.url}/api/v2/devs/${w.devId}/htr/2`;
    const writes: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
      ['status', { stemp: '21', units: 'C' }, { stemp: '21.0' }],
      ['mode', { mode: 'manual', stemp: '20.55', units: 'C' }, { stemp: '20.6' }],
      [
        'prog_temps',
        { comf_temp: '22', eco_temp: '17.50', ice_temp: '7', units: 'C' },
        { comf_temp: '22.0', eco_temp: '17.5', ice_temp: '7.0' },
      ],
    ];
    for (const [suffix, body, written] of writes) {
      const res = await send('POST', `${base}/${suffix}`, body, w.owner);
      expect({ suffix, status: res.status, body: res.body }).toEqual({
        suffix,
        status: 200,
        body: expect.objectContaining(written) as unknown,
      });
      await vi.waitFor(() =>
        expect(gw.commands.at(-1)).toMatchObject({
          path: `/htr/2/${suffix}`,
          body: { ...body, ...written },
        }),
      );
    }
    const boost = { active: true, temperature: '24', units: 'C', time: 60 };
    expect((await send('POST', `${base}/boost`, boost, w.owner)).status).toBe(200);
    await vi.waitFor(() =>
      expect(gw.commands.at(-1)).toMatchObject({
        path: '/htr/2/boost',
        body: { ...boost, temperature: '24.0' },
      }),
    );
    expect((await getJson(`${base}/status`, w.owner)).body).toMatchObject({
      stemp: '20.6',
      comf_temp: '22.0',
      eco_temp: '17.5',
      ice_temp: '7.0',
    });
  });

  it('delivers a prog written while the gateway was offline when it reconnects', async () => {
    const w = await createWorld(t);
    const prog = { prog: weekProg(2) };
    const res = await send('POST', `${t.url}/api/v2/devs/${w.devId}/htr/2/prog`, prog, w.guest);
    expect(res).toEqual({ status: 200, body: prog });
    const gw = await gateway(w.devId);
    await vi.waitFor(() =>
      expect(gw.commands).toContainEqual(
        expect.objectContaining({ path: '/htr/2/prog', body: prog }),
      ),
    );
  });

  it('reads power from the power report of a meter and from the status of a heater', async () => {
    const w = await createWorld(t);
    const base = `${t.url}/api/v2/devs/${w.devId}`;
    expect((await getJson(`${base}/pmo/5/power`, w.guest)).body).toEqual({ power: '0.0' });
    const gw = await gateway(w.devId);
    await gw.publishUp('/pmo/5/power', { power: '1234.5' });
    await gw.publishUp('/htr/2/status', { ...HEATER_STATUS, power: '750' });
    await vi.waitFor(async () =>
      expect((await getJson(`${base}/pmo/5/power`, w.guest)).body).toEqual({ power: '1234.5' }),
    );
    await vi.waitFor(async () =>
      expect((await getJson(`${base}/htr/2/power`, w.guest)).body).toEqual({ power: '750.0' }),
    );
    await gw.publishUp('/htr/2/version', {
      hw_version: '1',
      fw_version: '1.13',
      uid: 'u',
      pid: '1',
    });
    await vi.waitFor(async () =>
      expect((await getJson(`${base}/htr_mod/2/version`, w.guest)).body).toMatchObject({
        fw_version: '1.13',
      }),
    );
  });
});
