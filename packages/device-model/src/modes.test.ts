import { describe, expect, it } from 'vitest';
import { applyCommand } from './commands';
import { GatewayModel } from './model';
import type { HeaterNode } from './node';
import { createNodes } from './node';
import { createRng } from './rng';
import type { NodeSpec } from './types';
import { heaterSetup, heaterStatus, wireObjects } from './wire-objects';

const DEV = '5100000000000000ab';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Wednesday 14 January 2026, 18:00 UTC: a comfort hour of the default weekday programme. */
const WED_18_UTC = Date.UTC(2026, 0, 14, 18, 0, 0);

function model(
  nodes: NodeSpec[],
  opts: { startMs?: number; timezone?: string; ambient?: boolean } = {},
): GatewayModel {
  return new GatewayModel({
    devId: DEV,
    timezone: opts.timezone ?? 'UTC',
    outdoorC: 5,
    nodes: createNodes(DEV, nodes, createRng(1)),
    startMs: opts.startMs ?? WED_18_UTC,
    seed: 1,
    ambient: opts.ambient ?? false,
  });
}

const heater = (m: GatewayModel, addr = 1) => m.nodes.find((n) => n.addr === addr) as HeaterNode;
const cmd = (m: GatewayModel, path: string, body: unknown) =>
  applyCommand(m, { id: 'x', method: 'POST', path, body });
/** POSTs the node's setup back with some entries changed, as a client does (GET, merge, POST). */
const setup = (
  m: GatewayModel,
  patch: Record<string, unknown>,
  extra?: Record<string, unknown>,
) => {
  const current = heaterSetup(heater(m));
  const extraOptions = { ...(current.extra_options as object), ...extra };
  return cmd(m, '/htr/1/setup', { ...current, ...patch, extra_options: extraOptions });
};

describe('setback, runback and easy', () => {
  it('takes each mode only when the setup enables it', () => {
    const m = model([{ type: 'htr', name: 'Room', mode: 'manual', stemp: 20 }]);
    for (const mode of ['setback', 'runback', 'easy']) {
      expect(cmd(m, '/htr/1/mode', { mode })).toEqual({
        ok: false,
        error: `${mode} mode is not enabled on this node`,
      });
    }
    expect(heaterStatus(m, heater(m))).toMatchObject({ mode: 'manual', stemp: '20.0' });
  });

  it('setback holds the setback temperature of the setup; a set point by hand goes manual', () => {
    const m = model([{ type: 'htr', name: 'Room', mode: 'auto', roomTemp: 21 }]);
    expect(setup(m, {}, { setback_enabled: true, setback_temp: '16.5' })).toEqual({ ok: true });
    expect(cmd(m, '/htr/1/mode', { mode: 'setback' })).toEqual({ ok: true });
    expect(heaterStatus(m, heater(m))).toMatchObject({ mode: 'setback', stemp: '16.5' });
    m.advanceTo(WED_18_UTC + 24 * HOUR);
    expect(heater(m).roomC).toBeCloseTo(16.5, 1);
    expect(cmd(m, '/htr/1/status', { stemp: '19.0', units: 'C' })).toEqual({ ok: true });
    expect(heaterStatus(m, heater(m))).toMatchObject({ mode: 'manual', stemp: '19.0' });
  });

  it('runback heats to its temperature for max_runback_time minutes, then returns to the programme', () => {
    const m = model([{ type: 'htr', name: 'Room', mode: 'manual', stemp: 16 }]);
    const h = heater(m);
    expect(
      setup(
        m,
        { runback_mode_enabled: true },
        { max_runback_time: 45, default_runback_temp: '18.0', max_runback_temp: '23.0' },
      ),
    ).toEqual({ ok: true });
    expect(cmd(m, '/htr/1/status', { mode: 'runback', stemp: '23.5', units: 'C' })).toEqual({
      ok: false,
      error: 'the runback temperature must not be above max_runback_temp',
    });
    expect(h.mode).toBe('manual');
    expect(cmd(m, '/htr/1/status', { mode: 'runback', stemp: '22.0', units: 'C' })).toEqual({
      ok: true,
    });
    expect(heaterStatus(m, h)).toMatchObject({
      mode: 'runback',
      runback: true,
      boost: false,
      stemp: '22.0',
      boost_end_day: 3,
      boost_end_min: 18 * 60 + 45,
    });
    expect(m.nextDeadline()).toBe(WED_18_UTC + 45 * MINUTE);
    m.advanceTo(WED_18_UTC + 44 * MINUTE);
    expect(h.mode).toBe('runback');
    m.advanceTo(WED_18_UTC + 46 * MINUTE);
    // Back to the weekly programme (comfort 21 °C at 18:46 on a weekday), not to manual.
    expect(heaterStatus(m, h)).toMatchObject({ mode: 'auto', runback: false, stemp: '21.0' });
    // Without a temperature it takes the setup's default runback temperature.
    expect(cmd(m, '/htr/1/mode', { mode: 'runback' })).toEqual({ ok: true });
    expect(heaterStatus(m, h)).toMatchObject({ mode: 'runback', stemp: '18.0' });
  });

  it('runback runs for the minutes the write gives, up to max_runback_time', () => {
    const m = model([{ type: 'htr', name: 'Room', mode: 'manual', stemp: 16 }]);
    const h = heater(m);
    setup(m, { runback_mode_enabled: true }, { max_runback_time: 45, max_runback_temp: '23.0' });
    expect(
      cmd(m, '/htr/1/status', { mode: 'runback', stemp: '20.0', units: 'C', time: 50 }),
    ).toEqual({ ok: false, error: 'the runback time must not be above max_runback_time' });
    expect(cmd(m, '/htr/1/status', { stemp: '20.0', units: 'C', time: 20 })).toEqual({
      ok: false,
      error: 'time: time (minutes) goes only with mode "runback"',
    });
    expect(h.mode).toBe('manual');
    expect(
      cmd(m, '/htr/1/status', { mode: 'runback', stemp: '20.0', units: 'C', time: 20 }),
    ).toEqual({ ok: true });
    expect(heaterStatus(m, h)).toMatchObject({ mode: 'runback', boost_end_min: 18 * 60 + 20 });
    expect(m.nextDeadline()).toBe(WED_18_UTC + 20 * MINUTE);
    // Editing the runback time restarts it for the new length.
    m.advanceTo(WED_18_UTC + 10 * MINUTE);
    expect(cmd(m, '/htr/1/mode', { mode: 'runback', stemp: '20.0', units: 'C', time: 5 })).toEqual({
      ok: true,
    });
    expect(m.nextDeadline()).toBe(WED_18_UTC + 15 * MINUTE);
    m.advanceTo(WED_18_UTC + 16 * MINUTE);
    expect(h.mode).toBe('auto');
  });

  it('easy holds one set point, starting from comfort, and says so in the status', () => {
    const m = model([{ type: 'htr', name: 'Room', mode: 'auto' }]);
    expect(setup(m, { easy_mode_enabled: true })).toEqual({ ok: true });
    expect(cmd(m, '/htr/1/mode', { mode: 'easy' })).toEqual({ ok: true });
    expect(heaterStatus(m, heater(m))).toMatchObject({ mode: 'easy', easy: true, stemp: '21.0' });
    expect(cmd(m, '/htr/1/status', { stemp: '22.5', units: 'C' })).toEqual({ ok: true });
    // The programme does not touch it at the next slot.
    m.advanceTo(WED_18_UTC + 6 * HOUR);
    expect(heaterStatus(m, heater(m))).toMatchObject({ mode: 'easy', easy: true, stemp: '22.5' });
  });

  it('holds anti-frost when off only with anti-frost protection on', () => {
    const m = model([{ type: 'htr', name: 'Room', mode: 'off', roomTemp: 4 }]);
    m.advanceTo(WED_18_UTC + HOUR);
    expect(heater(m).powerW).toBe(0);
    expect(setup(m, { anti_frost_protection_enabled: true })).toEqual({ ok: true });
    m.advanceTo(WED_18_UTC + 2 * HOUR);
    expect(heater(m).powerW).toBeGreaterThan(0);
    m.advanceTo(WED_18_UTC + 30 * HOUR);
    expect(heater(m).roomC).toBeCloseTo(7, 1);
  });
});

describe('window and presence sensors', () => {
  it('drops to anti-frost while it detects an open window, and back when it is shut', () => {
    const m = model([{ type: 'htr', name: 'Room', mode: 'manual', stemp: 21, roomTemp: 21 }]);
    const h = heater(m);
    m.advanceTo(WED_18_UTC + HOUR);
    const holding = h.powerW;
    expect(holding).toBeGreaterThan(0);
    // Detection off: the window is open, the node does not know and heats against it.
    m.setWindow(h, true, 30);
    m.advanceTo(WED_18_UTC + HOUR + 10 * MINUTE);
    expect(heaterStatus(m, h)).toMatchObject({ window_open: false, stemp: '21.0' });
    expect(h.powerW).toBe(h.ratedPowerW);
    expect(setup(m, { window_mode_enabled: true })).toEqual({ ok: true });
    m.advanceTo(WED_18_UTC + HOUR + 20 * MINUTE);
    expect(heaterStatus(m, h)).toMatchObject({ window_open: true, stemp: '7.0', mode: 'manual' });
    expect(h.powerW).toBe(0);
    const cooled = h.roomC;
    expect(cooled).toBeLessThan(20);
    m.advanceTo(WED_18_UTC + 2 * HOUR);
    expect(heaterStatus(m, h)).toMatchObject({ window_open: false, stemp: '21.0' });
    expect(h.powerW).toBeGreaterThan(holding);
  });

  it('reports presence only on nodes with a PIR, and window_open only where detection exists', () => {
    const m = model([
      { type: 'htr', name: 'R' },
      { type: 'acm', name: 'S' },
      { type: 'thm', name: 'T' },
    ]);
    expect(heaterStatus(m, heater(m, 1))).toMatchObject({ presence: false, window_open: false });
    expect(heaterStatus(m, heater(m, 2))).toMatchObject({ presence: false, window_open: false });
    expect(heaterStatus(m, heater(m, 3))).not.toHaveProperty('presence');
    expect(heaterStatus(m, heater(m, 3))).toHaveProperty('window_open', false);
    m.setPresence(heater(m, 1), true, 15);
    expect(heaterStatus(m, heater(m, 1)).presence).toBe(true);
    m.advanceTo(WED_18_UTC + 20 * MINUTE);
    expect(heaterStatus(m, heater(m, 1)).presence).toBe(false);
  });

  it('with the PIR on, an empty room gets eco in a comfort slot (priority eco) or comfort in an eco slot (priority comfort)', () => {
    const m = model([{ type: 'htr', name: 'Room', mode: 'auto' }]);
    const h = heater(m);
    expect(setup(m, { pir_enabled: true, pir_priority: 0 })).toEqual({ ok: true });
    m.setPresence(h, false, 600);
    expect(heaterStatus(m, h).stemp).toBe('18.0');
    m.setPresence(h, true, 600);
    expect(heaterStatus(m, h).stemp).toBe('21.0');
    expect(setup(m, { pir_priority: 1 })).toEqual({ ok: true });
    // 23:00 is an eco hour: someone there brings comfort.
    m.advanceTo(Date.UTC(2026, 0, 14, 23, 5));
    expect(heaterStatus(m, h).stemp).toBe('21.0');
    m.setPresence(h, false, 60);
    expect(heaterStatus(m, h).stemp).toBe('18.0');
  });

  it('lives the same seeded day every time: people mostly in comfort hours, windows aired now and then', () => {
    const run = () => {
      const m = model([{ type: 'htr', name: 'Room' }], { ambient: true });
      const seen: Array<[boolean, boolean]> = [];
      for (let q = 1; q <= 7 * 96; q++) {
        m.advanceTo(WED_18_UTC + q * 15 * MINUTE);
        seen.push([heater(m).presence, heater(m).windowOpen]);
      }
      return seen;
    };
    const first = run();
    expect(run()).toEqual(first);
    const present = first.filter(([p]) => p).length;
    const aired = first.filter(([, w]) => w).length;
    expect(present).toBeGreaterThan(first.length * 0.2);
    expect(present).toBeLessThan(first.length * 0.8);
    expect(aired).toBeGreaterThan(0);
    expect(aired).toBeLessThan(first.length * 0.05);
  });
});

describe('limits', () => {
  it('publishes per-type limits in the setup, in the node units, and refuses set points outside them', () => {
    const m = model([
      { type: 'htr', name: 'R' },
      { type: 'acm', name: 'S' },
      { type: 'thm', name: 'T' },
    ]);
    expect(heaterSetup(heater(m, 1))).toMatchObject({ min_stemp: '5.0', max_stemp: '30.0' });
    expect(heaterSetup(heater(m, 2))).toMatchObject({ min_stemp: '7.0', max_stemp: '28.0' });
    expect(heaterSetup(heater(m, 3))).toMatchObject({ min_stemp: '5.0', max_stemp: '35.0' });
    expect(cmd(m, '/acm/2/status', { stemp: '6.5', units: 'C' })).toEqual({
      ok: false,
      error: 'stemp must be between 7 and 28 °C',
    });
    expect(cmd(m, '/htr/1/status', { stemp: '6.5', units: 'C' })).toEqual({ ok: true });
    expect(cmd(m, '/thm/3/status', { stemp: '33.0', units: 'C' })).toEqual({ ok: true });
    expect(cmd(m, '/htr/1/status', { stemp: '87', units: 'F' })).toMatchObject({ ok: false });
    // Units change: the limits follow; a client's copy of them changes nothing.
    const s = heaterSetup(heater(m, 1));
    expect(
      cmd(m, '/htr/1/setup', { ...s, units: 'F', min_stemp: '0.0', max_stemp: '99.0' }),
    ).toEqual({
      ok: true,
    });
    expect(heaterSetup(heater(m, 1))).toMatchObject({
      units: 'F',
      min_stemp: '41.0',
      max_stemp: '86.0',
    });
  });

  it('keeps anti-frost <= eco <= comfort and changes nothing when a command breaks it', () => {
    const m = model([{ type: 'htr', name: 'Room' }]);
    const before = heaterStatus(m, heater(m));
    for (const body of [
      { eco_temp: '22.0', units: 'C' },
      { ice_temp: '19.0', units: 'C' },
      { comf_temp: '17.0', eco_temp: '17.5', units: 'C' },
    ]) {
      const result = cmd(m, '/htr/1/prog_temps', body);
      expect(result.ok, JSON.stringify(body)).toBe(false);
      expect(heaterStatus(m, heater(m))).toEqual(before);
    }
    expect(cmd(m, '/htr/1/status', { mode: 'manual', eco_temp: '25.0', units: 'C' })).toMatchObject(
      {
        ok: false,
      },
    );
    expect(heater(m).mode).toBe('auto');
    expect(
      cmd(m, '/htr/1/prog_temps', { comf_temp: '23.0', eco_temp: '21.5', units: 'C' }),
    ).toEqual({
      ok: true,
    });
  });
});

describe('geo data', () => {
  it('runs the clock and the programme in the zone the server sends, and echoes the geo data', () => {
    // 23:30 UTC on Saturday is 00:30 on Sunday in Madrid.
    const m = model([{ type: 'htr', name: 'Room' }], { startMs: Date.UTC(2026, 0, 3, 23, 30) });
    expect(m.local()).toMatchObject({ w: 6, h: 23 });
    expect(wireObjects(m).some((o) => o.path === '/geo_data')).toBe(false);
    const geo = {
      country: 'ES',
      state: 'Madrid',
      city: 'Madrid',
      zip: '28001',
      tz_code: 'Europe/Madrid',
    };
    expect(cmd(m, '/geo_data', geo)).toEqual({ ok: true });
    expect(m.timezone).toBe('Europe/Madrid');
    expect(m.local()).toMatchObject({ w: 0, h: 0, m: 30 });
    expect(wireObjects(m).find((o) => o.path === '/geo_data')?.body).toEqual(geo);
    expect(cmd(m, '/geo_data', { tz_code: 'Mars/Olympus' })).toEqual({
      ok: false,
      error: 'unknown time zone: Mars/Olympus',
    });
    expect(m.timezone).toBe('Europe/Madrid');
  });
});

describe('timer (sensor mode 3)', () => {
  /** On (1) on Wednesday 18:00–19:00 only, off (0) the rest of the week. */
  const onAtSix = Object.fromEntries(
    ['0', '1', '2', '3', '4', '5', '6'].map((d) => [
      d,
      Array.from({ length: 24 }, (_, h) => (d === '3' && h === 18 ? 1 : 0)),
    ]),
  );

  it('heats to comfort in an on slot; in an off slot it does not heat and reports 0', () => {
    const m = model([{ type: 'htr', name: 'Water heater', mode: 'auto', roomTemp: 15 }]);
    expect(setup(m, {}, { sensor_mode: 3 })).toEqual({ ok: true });
    expect(cmd(m, '/htr/1/prog', { prog: onAtSix })).toEqual({ ok: true });
    m.advanceTo(WED_18_UTC + 10 * MINUTE);
    expect(heaterStatus(m, heater(m))).toMatchObject({ mode: 'auto', stemp: '21.0', active: true });
    m.advanceTo(WED_18_UTC + HOUR + 10 * MINUTE);
    expect(heaterStatus(m, heater(m))).toMatchObject({
      mode: 'auto',
      stemp: '0.0',
      power: '0.0',
      active: false,
    });
  });

  it('reads the same programme as anti-frost and eco when it is not a timer', () => {
    const m = model([{ type: 'htr', name: 'Room', mode: 'auto' }]);
    expect(cmd(m, '/htr/1/prog', { prog: onAtSix })).toEqual({ ok: true });
    expect(heaterStatus(m, heater(m)).stemp).toBe('18.0');
    m.advanceTo(WED_18_UTC + HOUR);
    expect(heaterStatus(m, heater(m)).stemp).toBe('7.0');
  });
});
