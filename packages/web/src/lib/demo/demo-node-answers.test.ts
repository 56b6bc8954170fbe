import { expect, test } from 'vitest';
import type { UpdateEvent } from '@hearth/protocol';
import { createDemoBackend } from './demo-backend';

const DEV = 'de3000000000000001';
const HTR = `/api/v2/devs/${DEV}/htr/1`;
const PMO = `/api/v2/devs/${DEV}/pmo/7`;
// Wednesday 2026-01-14 10:00 UTC.
const START = Date.UTC(2026, 0, 14, 10, 0, 0);

function setup() {
  const backend = createDemoBackend({ now: () => START, random: () => 0.5 });
  const events: UpdateEvent[] = [];
  backend.subscribe(DEV, (e) => events.push(e));
  return { backend, events };
}

const hourlyWeek = (slots: number) =>
  Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, Array(slots).fill(1)]));

test.each([
  ['status', { stemp: '21.0' }, 'units is required'],
  ['status', { stemp: 21, units: 'C' }, 'expected string'],
  ['status', { mode: 'modified_auto' }, ''],
  ['status', { mode: 'auto', colour: 'red' }, ''],
  ['status', {}, 'at least one field'],
  ['status', { stemp: '45.0', units: 'C' }, ''],
  ['status', { comf_temp: '10.0', units: 'C' }, ''],
  ['mode', { mode: 'manual', stemp: '20.0' }, 'units is required'],
  ['mode', { mode: 'auto', time: 30 }, 'runback'],
  ['prog_temps', { units: 'C' }, 'at least one'],
  ['boost', { temperature: '22.0', units: 'C' }, ''],
  ['boost', { active: true, temperature: '22.0' }, 'units is required'],
  ['boost', { active: true, time: 0 }, ''],
  ['lock', { locked: 'yes' }, ''],
  ['name', { name: '  ' }, 'must not be empty'],
  ['name', { name: 'x'.repeat(31) }, 'at most 30'],
  ['select', {}, ''],
  ['prog', { prog: hourlyWeek(48) }, '24 slots'],
  ['setup', { away_offset: 2 }, 'decimal number'],
  ['setup', { units: 'K' }, 'units'],
  ['setup', { away_offset: '5.5' }, 'away_offset must be between 0 and 5'],
  ['setup', { lock_password: '12a' }, 'lock_password'],
  ['setup', { prog_resol: 2 }, 'prog_resol'],
  ['setup', { extra_options: { max_runback_time: 61 } }, 'max_runback_time'],
  ['status', { mode: 'setback' }, 'setback mode is not enabled'],
  ['mode', { mode: 'setback' }, 'setback mode is not enabled'],
])(
  'POST htr/1/%s %j is the server’s 400, and nothing changes or is pushed',
  (action, body, words) => {
    const { backend, events } = setup();
    const before = backend.handle('GET', HTR).body;
    const answer = backend.handle('POST', `${HTR}/${action}`, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ statusCode: 400, error: 'validation_failed' });
    expect((answer.body as { message: string }).message).toContain(words);
    expect(backend.handle('GET', HTR).body).toEqual(before);
    expect(events).toEqual([]);
  },
);

test('a node path the server does not have is its 404, and a heater write to a power monitor its 400', () => {
  const { backend } = setup();
  expect(backend.handle('POST', `${HTR}/colour`, { colour: 'red' })).toMatchObject({
    status: 404,
    body: { error: 'not_found' },
  });
  expect(backend.handle('POST', `${PMO}/mode`, { mode: 'off' }).status).toBe(400);
  expect(backend.handle('POST', `${HTR}/power_limit`, { power_limit: '2000' }).status).toBe(400);
  expect(backend.handle('DELETE', HTR, { purge: 'yes' }).status).toBe(400);
});

test('node writes answer what the server answers: the status, setup or prog written, or the value sent', () => {
  const { backend } = setup();
  const status = backend.handle('POST', `${HTR}/status`, {
    mode: 'manual',
    stemp: '22',
    units: 'C',
  });
  expect(status.body).toMatchObject({ mode: 'manual', stemp: '22.0', units: 'C' });
  expect(backend.handle('POST', `${HTR}/lock`, { locked: true }).body).toMatchObject({
    locked: true,
  });
  expect(backend.handle('POST', `${HTR}/setup`, { away_offset: '1.5' }).body).toMatchObject({
    away_offset: '1.5',
  });
  const prog = hourlyWeek(24);
  expect(backend.handle('POST', `${HTR}/prog`, { prog }).body).toEqual({ prog });
  expect(backend.handle('POST', `${HTR}/name`, { name: 'Lounge' }).body).toEqual({
    name: 'Lounge',
  });
  expect(backend.handle('POST', `${HTR}/select`, { select: true }).body).toEqual({ select: true });
  expect(backend.handle('POST', `${PMO}/power_limit`, { power_limit: 3000 }).body).toEqual({
    power_limit: '3000',
  });
  expect(backend.handle('DELETE', HTR, { purge: false }).body).toEqual({ purge: false });
});

test('a partial setup write of extra_options changes that option and keeps the others, as the server merges it', () => {
  const { backend } = setup();
  const before = backend.handle('GET', `${HTR}/setup`).body as {
    extra_options: Record<string, unknown>;
  };
  expect(Object.keys(before.extra_options).length).toBeGreaterThan(1);
  expect(backend.handle('POST', `${HTR}/setup`, { extra_options: { boost_time: 30 } }).status).toBe(
    200,
  );
  const after = backend.handle('GET', `${HTR}/setup`).body as {
    extra_options: Record<string, unknown>;
  };
  expect(after.extra_options).toEqual({ ...before.extra_options, boost_time: 30 });
});
