import { describe, expect, it, vi } from 'vitest';
import { RUNBACK_TIME } from '@hearth/protocol';
import { getJson } from '../test-support/http';
import type { TestHearth } from '../test-support/test-hearth';
import {
  createWorld,
  useControlHearth,
  HEATER,
  HEATER_SETUP,
  send,
  weekProg,
} from './control-test-world';

let t: TestHearth;
const { gateway } = useControlHearth((started) => (t = started));

describe('node write validation', () => {
  it('refuses bad bodies with 400 and leaves the node and the command queue unchanged', async () => {
    const w = await createWorld(t);
    const base = `${t.url}/api/v2/devs/${w.devId}`;
    const before = (await getJson(`${base}/htr/2/`, w.owner)).body;
    const bad: Array<[string, unknown]> = [
      ['htr/2/prog', { prog: [weekProg(1)['0']] }],
      ['htr/2/prog', { prog: Object.values(weekProg(1)) }],
      ['htr/2/prog', { prog: { ...weekProg(1), 0: Array(23).fill(1) } }],
      ['htr/2/prog', { prog: { ...weekProg(1), 7: Array(24).fill(1) } }],
      ['htr/2/prog', { prog: { ...weekProg(1), 1: Array(48).fill(1) } }],
      ['htr/2/prog', { prog: { ...weekProg(1), 1: Array(24).fill(3) } }],
      ['htr/2/mode', { mode: 'manual', stemp: '35.0', units: 'C' }],
      ['htr/2/mode', { mode: 'manual', stemp: '4.5', units: 'C' }],
      ['htr/2/mode', { mode: 'manual', stemp: '90', units: 'F' }],
      ['htr/2/mode', { mode: 'manual', stemp: '22.0' }],
      ['htr/2/mode', { mode: 'modified_auto' }],
      ['htr/2/status', { mode: 'modified_auto' }],
      ['htr/2/status', { mode: 'modified_auto', stemp: '22.0', units: 'C' }],
      ['htr/2/status', { stemp: '31.0', units: 'C' }],
      ['htr/2/prog_temps', { comf_temp: '22.0', eco_temp: '17.0', ice_temp: '2.0', units: 'C' }],
      ['htr/2/prog_temps', { comf_temp: 22, units: 'C' }],
      ['htr/2/boost', { active: true, temperature: '24.0', time: 60 }],
      ['htr/2/boost', { active: true, temperature: '40.0', units: 'C', time: 60 }],
      ['htr/2/boost', { active: 'yes' }],
      ['htr/2/lock', { locked: 'true' }],
      ['htr/2/setup', [HEATER_SETUP]],
      ['htr/2/setup', { ...HEATER_SETUP, away_offset: 2 }],
      ['htr/2/setup', { ...HEATER_SETUP, extra_options: { boost_temp: 24 } }],
      ['htr/2/setup', { ...HEATER_SETUP, units: 'K' }],
      ['htr/2/setup', { ...HEATER_SETUP, lock_password: '12345' }],
      ['htr/2/setup', { ...HEATER_SETUP, lock_password: 'abcd' }],
      ['htr/2/setup', { ...HEATER_SETUP, lock_password: 1234 }],
      ['htr/2/setup', { ...HEATER_SETUP, away_offset: '5.5' }],
      ['htr/2/setup', { ...HEATER_SETUP, units: 'F', away_offset: '10.0' }],
      ['htr/2/setup', { ...HEATER_SETUP, extra_options: { max_runback_time: 61 } }],
      ['htr/2/setup', { ...HEATER_SETUP, max_floor_probe_temperature: '36.0' }],
      ['htr/2/setup', { ...HEATER_SETUP, floor_probe_beta: 1999 }],
      ['htr/2/setup', { ...HEATER_SETUP, prog_resol: 2 }],
      ['htr/2/setup', { ...HEATER_SETUP, prog_resol: '30' }],
      ['htr/2/setup', { ...HEATER_SETUP, prog_resolution: 30 }],
      ['htr/2/name', { name: 'x'.repeat(31) }],
      ['htr/2/name', { name: '   ' }],
      ['htr/2/select', { select: 1 }],
      ['pmo/5/power_limit', { power_limit: '500' }],
      ['pmo/5/power_limit', { power_limit: '60001' }],
      ['pmo/5/power_limit', { power_limit: '2000.5' }],
      ['htr/2/power_limit', { power_limit: '3000' }],
      ['pmo/5/mode', { mode: 'auto' }],
    ];
    for (const [suffix, body] of bad) {
      const res = await send('POST', `${base}/${suffix}`, body, w.owner);
      expect(res.status, `${suffix} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'validation_failed' });
    }
    const malformed = await fetch(`${base}/htr/2/mode`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.owner}`, 'content-type': 'application/json' },
      body: '{"mode":',
    });
    expect(malformed.status).toBe(400);
    expect((await getJson(`${base}/htr/2/`, w.owner)).body).toEqual(before);
    expect((await getJson(`${base}/mgr/nodes`, w.owner)).body).toMatchObject({
      nodes: [HEATER, {}],
    });
    expect(await t.repos.commands.listPending(w.devId)).toEqual([]);
    // Values within spec 3 §5 and §9 are taken: 9 °F of away offset, a 60-minute runback.
    const inRange = { ...HEATER_SETUP, units: 'F', away_offset: '9.0' };
    expect((await send('POST', `${base}/htr/2/setup`, inRange, w.owner)).status).toBe(200);
    const runback = { ...HEATER_SETUP, extra_options: { max_runback_time: 60 } };
    expect((await send('POST', `${base}/htr/2/setup`, runback, w.owner)).status).toBe(200);
    // The half-hour schedule method (spec 3 §9) is taken.
    const halfHour = { ...HEATER_SETUP, prog_resol: 1 };
    expect((await send('POST', `${base}/htr/2/setup`, halfHour, w.owner)).status).toBe(200);
    // A 4-digit lock password, or none, is taken.
    for (const lock_password of ['1234', '']) {
      const ok = await send(
        'POST',
        `${base}/htr/2/setup`,
        { ...HEATER_SETUP, lock_password },
        w.owner,
      );
      expect(ok.status, `lock_password ${JSON.stringify(lock_password)}`).toBe(200);
    }
  });

  it('uses the limits of the node setup, in either unit', async () => {
    const w = await createWorld(t);
    await t.repos.nodes.setPart(w.devId, 'htr', 2, 'setup', {
      ...HEATER_SETUP,
      min_stemp: '10.0',
      max_stemp: '25.0',
    });
    const url = `${t.url}/api/v2/devs/${w.devId}/htr/2/mode`;
    const post = (stemp: string, units: 'C' | 'F') =>
      send('POST', url, { mode: 'manual', stemp, units }, w.owner).then((r) => r.status);
    expect(await post('25.5', 'C')).toBe(400);
    expect(await post('9.5', 'C')).toBe(400);
    expect(await post('78', 'F')).toBe(400);
    expect(await post('77', 'F')).toBe(200);
    expect(await post('10.0', 'C')).toBe(200);
    expect(await post('25.0', 'C')).toBe(200);
    // The limits belong to the hardware (docs/device-protocol.md): a setup written back with
    // other ones keeps the node's, for the checks that follow as for what is read back.
    const setup = `${t.url}/api/v2/devs/${w.devId}/htr/2/setup`;
    const wider = { ...HEATER_SETUP, min_stemp: '0.0', max_stemp: '40.0', away_offset: '1.0' };
    expect((await send('POST', setup, wider, w.owner)).status).toBe(200);
    expect(await post('30.0', 'C')).toBe(400);
    expect((await getJson(setup, w.owner)).body).toMatchObject({
      min_stemp: '10.0',
      max_stemp: '25.0',
      away_offset: '1.0',
    });
  });

  it('keeps anti-frost <= eco <= comfort and the node limits on programme temperatures, storing nothing when refused', async () => {
    const w = await createWorld(t);
    await t.repos.nodes.setPart(w.devId, 'htr', 2, 'setup', {
      ...HEATER_SETUP,
      min_stemp: '6.0',
      max_stemp: '26.0',
    });
    const base = `${t.url}/api/v2/devs/${w.devId}/htr/2`;
    const before = (await getJson(`${base}/`, w.owner)).body;
    // The node holds ice 7, eco 18, comfort 21 (HEATER_STATUS).
    const refused: Array<[string, Record<string, string>, RegExp]> = [
      ['prog_temps', { eco_temp: '22.0', units: 'C' }, /eco_temp must not be above comf_temp/],
      ['prog_temps', { ice_temp: '18.5', units: 'C' }, /ice_temp must not be above eco_temp/],
      ['prog_temps', { comf_temp: '17.0', units: 'C' }, /eco_temp must not be above comf_temp/],
      [
        'prog_temps',
        { ice_temp: '10.0', eco_temp: '9.0', comf_temp: '20.0', units: 'C' },
        /ice_temp must not be above eco_temp/,
      ],
      ['prog_temps', { comf_temp: '80', units: 'F' }, /comf_temp must be between 42.8 and 78.8 °F/],
      ['prog_temps', { ice_temp: '5.5', units: 'C' }, /ice_temp must be between 6 and 26 °C/],
      ['status', { eco_temp: '21.5', units: 'C' }, /eco_temp must not be above comf_temp/],
      ['status', { stemp: '26.5', units: 'C' }, /stemp must be between 6 and 26 °C/],
      ['boost', { temperature: '27.0', units: 'C' }, /temperature must be between/],
    ];
    for (const [suffix, body, message] of refused) {
      const payload = suffix === 'boost' ? { active: true, ...body } : body;
      const res = await send('POST', `${base}/${suffix}`, payload, w.owner);
      expect(res.status, `${suffix} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'validation_failed' });
      expect((res.body as { message: string }).message).toMatch(message);
    }
    expect((await getJson(`${base}/`, w.owner)).body).toEqual(before);
    expect(await t.repos.commands.listPending(w.devId)).toEqual([]);
    // In order, in either unit, against the node's current values: accepted.
    const ok = await send('POST', `${base}/prog_temps`, { comf_temp: '72', units: 'F' }, w.owner);
    expect(ok.status).toBe(200);
    expect(
      (await send('POST', `${base}/prog_temps`, { eco_temp: '22.0', units: 'C' }, w.owner)).status,
    ).toBe(200);
    expect(
      (await send('POST', `${base}/status`, { ice_temp: '6.0', units: 'C' }, w.owner)).status,
    ).toBe(200);
  });

  it('refuses setback, runback and easy where the node setup turns them off, storing nothing', async () => {
    const w = await createWorld(t);
    await t.repos.nodes.setPart(w.devId, 'htr', 2, 'setup', {
      ...HEATER_SETUP,
      runback_mode_enabled: false,
      easy_mode_enabled: true,
      extra_options: { setback_enabled: false },
    });
    const base = `${t.url}/api/v2/devs/${w.devId}/htr/2`;
    const before = (await getJson(`${base}/`, w.owner)).body;
    for (const [suffix, mode] of [
      ['mode', 'runback'],
      ['status', 'setback'],
    ] as const) {
      const res = await send('POST', `${base}/${suffix}`, { mode }, w.owner);
      expect(res.status, mode).toBe(400);
      expect((res.body as { message: string }).message).toBe(
        `${mode} mode is not enabled on this node; enable it in its settings first`,
      );
    }
    expect((await getJson(`${base}/`, w.owner)).body).toEqual(before);
    expect(await t.repos.commands.listPending(w.devId)).toEqual([]);
    expect((await send('POST', `${base}/mode`, { mode: 'easy' }, w.owner)).status).toBe(200);
    await t.repos.nodes.setPart(w.devId, 'htr', 2, 'setup', {
      ...HEATER_SETUP,
      runback_mode_enabled: true,
      extra_options: { max_runback_temp: '22.0' },
    });
    const runback = (stemp: string, units: 'C' | 'F') =>
      send('POST', `${base}/status`, { mode: 'runback', stemp, units }, w.owner);
    const high = await runback('22.5', 'C');
    expect(high.status).toBe(400);
    expect((high.body as { message: string }).message).toBe(
      'the runback temperature must not be above 22 °C',
    );
    expect((await runback('72', 'F')).status).toBe(400);
    expect((await runback('71', 'F')).status).toBe(200);
  });

  it('refuses a runback time above any node maximum (RUNBACK_TIME, spec 3 §5) when the node names none', async () => {
    const w = await createWorld(t);
    await t.repos.nodes.setPart(w.devId, 'htr', 2, 'setup', {
      ...HEATER_SETUP,
      runback_mode_enabled: true,
    });
    const base = `${t.url}/api/v2/devs/${w.devId}/htr/2`;
    for (const suffix of ['status', 'mode']) {
      const write = { mode: 'runback', time: RUNBACK_TIME.max + 1 };
      const res = await send('POST', `${base}/${suffix}`, write, w.owner);
      expect(res.status, suffix).toBe(400);
      expect(JSON.stringify(res.body), suffix).toContain('time');
    }
    expect(await t.repos.commands.listPending(w.devId)).toEqual([]);
    const longest = { mode: 'runback', time: RUNBACK_TIME.max };
    expect((await send('POST', `${base}/mode`, longest, w.owner)).status).toBe(200);
  });

  it('carries a runback time to the gateway, within the node maximum, and refuses a bad one', async () => {
    const w = await createWorld(t);
    await t.repos.nodes.setPart(w.devId, 'htr', 2, 'setup', {
      ...HEATER_SETUP,
      runback_mode_enabled: true,
      extra_options: { max_runback_time: 45 },
    });
    const base = `${t.url}/api/v2/devs/${w.devId}/htr/2`;
    const before = (await getJson(`${base}/`, w.owner)).body;
    const refused: Array<[string, Record<string, unknown>, string]> = [
      ['status', { mode: 'runback', stemp: '20.0', units: 'C', time: 46 }, 'above 45 minutes'],
      ['mode', { mode: 'runback', time: 46 }, 'above 45 minutes'],
      ['status', { mode: 'runback', stemp: '20.0', units: 'C', time: 0 }, 'time'],
      ['status', { mode: 'runback', stemp: '20.0', units: 'C', time: 2.5 }, 'time'],
      ['status', { mode: 'runback', stemp: '20.0', units: 'C', time: '30' }, 'time'],
      ['status', { mode: 'manual', stemp: '20.0', units: 'C', time: 30 }, 'runback'],
      ['status', { time: 30 }, 'runback'],
      ['mode', { mode: 'auto', time: 30 }, 'runback'],
    ];
    for (const [suffix, body, message] of refused) {
      const res = await send('POST', `${base}/${suffix}`, body, w.guest);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(body)).toContain(message);
    }
    expect((await getJson(`${base}/`, w.owner)).body).toEqual(before);
    expect(await t.repos.commands.listPending(w.devId)).toEqual([]);

    const gw = await gateway(w.devId);
    const write = { mode: 'runback', stemp: '20.0', units: 'C', time: 30 };
    const res = await send('POST', `${base}/status`, write, w.guest);
    expect(res.status).toBe(200);
    // The time goes to the gateway; the stored status stays a status.
    expect(res.body).not.toHaveProperty('time');
    await vi.waitFor(() =>
      expect(gw.commands.at(-1)).toMatchObject({ path: '/htr/2/status', body: write }),
    );
    expect(
      (await send('POST', `${base}/mode`, { mode: 'runback', time: 45 }, w.owner)).status,
    ).toBe(200);
    await vi.waitFor(() =>
      expect(gw.commands.at(-1)).toMatchObject({
        path: '/htr/2/mode',
        body: { mode: 'runback', time: 45 },
      }),
    );
  });
});
