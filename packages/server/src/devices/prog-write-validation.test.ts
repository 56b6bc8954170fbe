import { describe, expect, it } from 'vitest';
import { getJson } from '../test-support/http';
import type { TestHearth } from '../test-support/test-hearth';
import { createWorld, useControlHearth, HEATER_SETUP, send, weekProg } from './control-test-world';

let t: TestHearth;
useControlHearth((started) => (t = started));

describe('weekly programme and schedule method (spec 3 §3 prog, §4, §9)', () => {
  it("refuses a programme whose day length is not the node's schedule method's, storing nothing", async () => {
    const w = await createWorld(t);
    const base = `${t.url}/api/v2/devs/${w.devId}/htr/2`;
    const halfHourly = Object.fromEntries(
      Object.entries(weekProg(1)).map(([day, slots]) => [day, [...slots, ...slots]]),
    );
    const before = (await getJson(`${base}/`, w.owner)).body;
    // HEATER_SETUP says 60 min (prog_resol 0): a week of 48 slots a day is refused.
    const wrong = await send('POST', `${base}/prog`, { prog: halfHourly }, w.owner);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ statusCode: 400, error: 'validation_failed' });
    expect(wrong.body).toMatchObject({ message: expect.stringMatching(/24 slots a day/) });
    expect((await getJson(`${base}/`, w.owner)).body).toEqual(before);
    expect(await t.repos.commands.listPending(w.devId)).toEqual([]);
    // Once the method is 30 min, the half-hourly week is taken and the hourly one refused.
    const setup = { ...HEATER_SETUP, prog_resol: 1 };
    expect((await send('POST', `${base}/setup`, setup, w.owner)).status).toBe(200);
    expect((await send('POST', `${base}/prog`, { prog: halfHourly }, w.owner)).status).toBe(200);
    const hourly = await send('POST', `${base}/prog`, { prog: weekProg(2) }, w.owner);
    expect(hourly.status).toBe(400);
    expect(hourly.body).toMatchObject({ message: expect.stringMatching(/48 slots a day/) });
    expect((await getJson(`${base}/prog`, w.owner)).body).toEqual({ prog: halfHourly });
  });

  it('reshapes the stored programme when the schedule method changes, so it stays writable', async () => {
    const w = await createWorld(t);
    const base = `${t.url}/api/v2/devs/${w.devId}/htr/2`;
    const hourly = {
      ...weekProg(1),
      '2': [...Array<number>(12).fill(2), ...Array<number>(12).fill(0)],
    };
    await t.repos.nodes.setPart(w.devId, 'htr', 2, 'prog', { prog: hourly });
    const half = { ...HEATER_SETUP, prog_resol: 1 };
    expect((await send('POST', `${base}/setup`, half, w.owner)).status).toBe(200);
    // Spec 3 §4: to half-hourly duplicates each hour entry.
    const read = (await getJson(`${base}/prog`, w.owner)).body as {
      prog: Record<string, number[]>;
    };
    expect(read.prog['2']).toEqual([...Array<number>(24).fill(2), ...Array<number>(24).fill(0)]);
    expect(read.prog['0']).toHaveLength(48);
    // Edited and saved as read, before the device reports its own programme: taken.
    const edited = { ...read.prog, '0': Array<number>(48).fill(2) };
    expect((await send('POST', `${base}/prog`, { prog: edited }, w.owner)).status).toBe(200);
    // Back to hourly keeps every other half-hour entry.
    expect((await send('POST', `${base}/setup`, HEATER_SETUP, w.owner)).status).toBe(200);
    expect((await getJson(`${base}/prog`, w.owner)).body).toEqual({
      prog: { ...hourly, '0': Array<number>(24).fill(2) },
    });
  });
});
