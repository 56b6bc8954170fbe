import { describe, expect, it } from 'vitest';
import { getJson } from '../test-support/http';
import type { TestHearth } from '../test-support/test-hearth';
import { createWorld, HEATER_SETUP, send, useControlHearth } from './control-test-world';

let t: TestHearth;
useControlHearth((started) => (t = started));

async function stored(base: string, token: string) {
  return {
    heater: (await getJson(`${base}/htr/2/`, token)).body,
    meter: (await getJson(`${base}/pmo/5/`, token)).body,
    pending: await t.repos.commands.listPending(base.split('/').at(-1) ?? ''),
  };
}

// A setup write carries only the settings its node type has (protocol node-settings/), each
// of its type and range: any other key, of any size, used to be stored and forwarded as is.
describe('node setup writes', () => {
  it('refuses a key the node type does not have, a wrong type or an out-of-range value, storing nothing', async () => {
    const w = await createWorld(t);
    const base = `${t.url}/api/v2/devs/${w.devId}`;
    const before = await stored(base, w.owner);
    const bad: Array<[string, Record<string, unknown>, RegExp]> = [
      ['htr/2/setup', { ...HEATER_SETUP, extra: 'x'.repeat(1000) }, /extra/],
      ['htr/2/setup', { ...HEATER_SETUP, padding: Array(5000).fill('x'.repeat(40)) }, /padding/],
      ['htr/2/setup', { ...HEATER_SETUP, max_power: '2000' }, /max_power/],
      ['htr/2/setup', { ...HEATER_SETUP, charge_days: Array(7).fill(true) }, /charge_days/],
      ['htr/2/setup', { ...HEATER_SETUP, circuit_type: 1 }, /circuit_type/],
      ['htr/2/setup', { ...HEATER_SETUP, extra_options: { boost_tmp: '24.0' } }, /boost_tmp/],
      ['htr/2/setup', { ...HEATER_SETUP, control_mode: '4' }, /control_mode/],
      ['htr/2/setup', { ...HEATER_SETUP, control_mode: 9 }, /control_mode must be one of/],
      ['htr/2/setup', { ...HEATER_SETUP, priority: 'urgent' }, /priority must be one of/],
      ['htr/2/setup', { ...HEATER_SETUP, power: '500' }, /power must be 0 or -1/],
      ['htr/2/setup', { ...HEATER_SETUP, window_mode_enabled: 'yes' }, /window_mode_enabled/],
      ['htr/2/setup', { ...HEATER_SETUP, extra_options: { boost_time: 0 } }, /boost_time/],
      ['htr/2/setup', { ...HEATER_SETUP, pir_sleep_interval: { start: 0, end: 2000 } }, /end/],
      ['pmo/5/setup', { away_offset: '1.0' }, /away_offset/],
      ['pmo/5/setup', { circuit_type: 7 }, /circuit_type must be one of/],
    ];
    for (const [suffix, body, message] of bad) {
      const res = await send('POST', `${base}/${suffix}`, body, w.owner);
      const what = `${suffix} ${JSON.stringify(body).slice(0, 80)}`;
      expect(res.status, what).toBe(400);
      expect((res.body as { message: string }).message, what).toMatch(message);
    }
    expect(await stored(base, w.owner)).toEqual(before);
  });

  it("takes each type's own settings, and the node's max power (power) from the owner alone", async () => {
    const w = await createWorld(t);
    const base = `${t.url}/api/v2/devs/${w.devId}`;
    const heater = {
      ...HEATER_SETUP,
      power: '2000',
      control_mode: 5,
      extra_options: { boost_time: 90, setback_enabled: true },
    };
    expect((await send('POST', `${base}/htr/2/setup`, heater, w.guest)).status).toBe(403);
    expect((await send('POST', `${base}/htr/2/setup`, heater, w.owner)).status).toBe(200);
    // Written back as stored, an owner-only value is no change: a guest may save the rest.
    const guestWrite = { ...heater, away_offset: '1.0' };
    expect((await send('POST', `${base}/htr/2/setup`, guestWrite, w.guest)).status).toBe(200);
    const meter = { circuit_type: 1, reverse_power: true };
    expect((await send('POST', `${base}/pmo/5/setup`, meter, w.owner)).status).toBe(200);
    expect(
      (await send('POST', `${base}/pmo/5/setup`, { power_limit: '3000' }, w.guest)).status,
    ).toBe(403);
    expect((await getJson(`${base}/htr/2/setup`, w.owner)).body).toMatchObject({
      power: '2000',
      control_mode: 5,
      away_offset: '1.0',
    });
    expect((await getJson(`${base}/pmo/5/setup`, w.owner)).body).toMatchObject(meter);
  });

  it('takes JSON only: a form or text body is a 415 and stores nothing', async () => {
    const w = await createWorld(t);
    const base = `${t.url}/api/v2/devs/${w.devId}`;
    const before = await stored(base, w.owner);
    const bodies: Array<[string, string]> = [
      ['application/x-www-form-urlencoded', 'units=F&away_offset=1.0'],
      ['text/plain', '{"units":"F"}'],
      ['multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
    ];
    for (const [type, body] of bodies) {
      for (const suffix of ['htr/2/setup', 'htr/2/mode', 'htr/2/name']) {
        const res = await fetch(`${base}/${suffix}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${w.owner}`, 'content-type': type },
          body,
        });
        expect(res.status, `${suffix} ${type}`).toBe(415);
      }
    }
    expect(await stored(base, w.owner)).toEqual(before);
  });
});
