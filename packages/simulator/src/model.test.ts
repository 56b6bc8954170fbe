import { describe, expect, it } from 'vitest';
import { applyCommand } from '@hearth/device-model';
import { createGatewayModel } from './fleet';
import { GatewayModel } from '@hearth/device-model';
import type { HeaterNode, MeterNode } from '@hearth/device-model';
import { createNodes } from '@hearth/device-model';
import { createRng } from '@hearth/device-model';
import type { NodeSpec } from './types';
import { heaterStatus } from '@hearth/device-model';

const DEV = '5100000000000000aa';
const HOUR = 3_600_000;
/** Wednesday 14 January 2026, 09:00 UTC (10:00 in Madrid). */
const WED_9_UTC = Date.UTC(2026, 0, 14, 9, 0, 0);

function model(
  nodes: NodeSpec[],
  opts: { startMs?: number; timezone?: string; outdoorC?: number } = {},
): GatewayModel {
  return new GatewayModel({
    devId: DEV,
    timezone: opts.timezone ?? 'UTC',
    outdoorC: opts.outdoorC ?? 5,
    nodes: createNodes(DEV, nodes, createRng(1)),
    startMs: opts.startMs ?? WED_9_UTC,
    seed: 1,
  });
}

const heater = (m: GatewayModel, addr: number) =>
  m.nodes.find((n) => n.addr === addr) as HeaterNode;
const meter = (m: GatewayModel) => m.nodes.find((n) => n.kind === 'meter') as MeterNode;
const cmd = (m: GatewayModel, path: string, body: unknown, method: 'POST' | 'DELETE' = 'POST') =>
  applyCommand(m, { id: 'x', method, path, body });

describe('thermal model', () => {
  it('heats the room toward the set point and holds it there', () => {
    const m = model([{ type: 'htr', name: 'Room', mode: 'manual', stemp: 21, roomTemp: 15 }]);
    const h = heater(m, 1);
    m.advanceTo(WED_9_UTC + 60_000);
    expect(h.active).toBe(true);
    expect(h.powerW).toBe(h.ratedPowerW);
    let previous = h.roomC;
    for (let i = 1; i <= 8; i++) {
      m.advanceTo(WED_9_UTC + i * HOUR);
      expect(h.roomC).toBeGreaterThanOrEqual(previous - 1e-9);
      previous = h.roomC;
    }
    expect(h.roomC).toBeCloseTo(21, 1);
    // Holding 21 °C against 5 °C outdoors takes part of the rating, not all of it.
    expect(h.powerW).toBeGreaterThan(0);
    expect(h.powerW).toBeLessThan(h.ratedPowerW);
  });

  it('lets the room fall toward the outdoor temperature when off', () => {
    const m = model([{ type: 'htr', name: 'Room', mode: 'off', roomTemp: 20 }], { outdoorC: 3 });
    const h = heater(m, 1);
    m.advanceTo(WED_9_UTC + 2 * HOUR);
    expect(h.roomC).toBeLessThan(20);
    expect(h.roomC).toBeGreaterThan(3);
    m.advanceTo(WED_9_UTC + 30 * HOUR);
    expect(h.roomC).toBeCloseTo(3, 0);
    expect(h.powerW).toBe(0);
    expect(h.active).toBe(false);
  });

  it('keeps energy counters monotonic and the meter at the sum of the heaters', () => {
    const m = model([
      { type: 'htr', name: 'A', mode: 'manual', stemp: 22, roomTemp: 16 },
      { type: 'htr', name: 'B', mode: 'auto', roomTemp: 19 },
      { type: 'acm', name: 'S' },
      { type: 'pmo', name: 'Meter' },
    ]);
    let last = m.nodes.map((n) => n.energyWh);
    for (let i = 1; i <= 48; i++) {
      m.advanceTo(WED_9_UTC + i * HOUR);
      const now = m.nodes.map((n) => n.energyWh);
      now.forEach((e, j) => expect(e).toBeGreaterThanOrEqual(last[j] ?? 0));
      last = now;
      const sum = m.heaters().reduce((s, h) => s + h.powerW, 0);
      expect(meter(m).powerW).toBeCloseTo(sum, 6);
    }
    expect(meter(m).powerW).toBeGreaterThan(0);
  });

  it('keeps the heaters under the heater-system power limit', () => {
    const m = model([
      { type: 'htr', name: 'A', mode: 'manual', stemp: 25, roomTemp: 10, ratedPowerW: 1500 },
      { type: 'htr', name: 'B', mode: 'manual', stemp: 25, roomTemp: 10, ratedPowerW: 1500 },
      { type: 'pmo', name: 'Meter' },
    ]);
    expect(cmd(m, '/htr_system/power_limit', { power_limit: '2000' })).toEqual({ ok: true });
    m.advanceTo(WED_9_UTC + 60_000);
    expect(meter(m).powerW).toBeCloseTo(2000, 6);
  });
});

describe('boost', () => {
  it('ends by itself and returns to the previous mode', () => {
    const m = model([{ type: 'htr', name: 'Room', mode: 'manual', stemp: 19 }]);
    const h = heater(m, 1);
    expect(
      cmd(m, '/htr/1/boost', { active: true, temperature: '25.0', units: 'C', time: 30 }),
    ).toEqual({ ok: true });
    expect(heaterStatus(m, h)).toMatchObject({
      mode: 'boost',
      boost: true,
      stemp: '25.0',
      boost_end_day: 3,
      boost_end_min: 9 * 60 + 30,
    });
    expect(m.nextDeadline()).toBe(WED_9_UTC + 30 * 60_000);
    m.advanceTo(WED_9_UTC + 29 * 60_000);
    expect(h.mode).toBe('boost');
    m.advanceTo(WED_9_UTC + 31 * 60_000);
    expect(heaterStatus(m, h)).toMatchObject({ mode: 'manual', boost: false, stemp: '19.0' });
    expect(m.nextDeadline()).toBeNull();
  });

  it('starts from status {boost:true} with the setup boost temperature and time', () => {
    const m = model([{ type: 'htr', name: 'Room', mode: 'auto' }]);
    expect(cmd(m, '/htr/1/status', { boost: true })).toEqual({ ok: true });
    expect(heaterStatus(m, heater(m, 1))).toMatchObject({
      mode: 'boost',
      stemp: '24.0',
      boost_end_min: 10 * 60,
    });
    expect(cmd(m, '/htr/1/status', { boost: false })).toEqual({ ok: true });
    expect(heater(m, 1).mode).toBe('auto');
  });
});

describe('programme by the device clock', () => {
  // Saturday 3 January 2026, 23:30 UTC is already Sunday 00:30 in Madrid.
  const SAT_2330_UTC = Date.UTC(2026, 0, 3, 23, 30);
  const sundayComfort = {
    prog: {
      '0': Array(24).fill(2),
      '1': Array(24).fill(1),
      '2': Array(24).fill(1),
      '3': Array(24).fill(1),
      '4': Array(24).fill(1),
      '5': Array(24).fill(1),
      '6': Array(24).fill(0),
    },
  };

  it('follows the weekly programme in the gateway time zone, "0" being Sunday', () => {
    for (const [timezone, expected] of [
      ['Europe/Madrid', '21.0'],
      ['UTC', '7.0'],
    ] as const) {
      const m = model([{ type: 'htr', name: 'Room' }], { startMs: SAT_2330_UTC, timezone });
      expect(cmd(m, '/htr/1/prog', sundayComfort)).toEqual({ ok: true });
      expect(heaterStatus(m, heater(m, 1)).stemp).toBe(expected);
    }
  });

  it('turns a set point changed in auto into modified_auto until the next slot', () => {
    const m = model([{ type: 'htr', name: 'Room' }], { startMs: Date.UTC(2026, 0, 14, 9, 10) });
    const h = heater(m, 1);
    // Default weekday programme: comfort 07–09, eco from 09 to 17.
    expect(heaterStatus(m, h).stemp).toBe('18.0');
    expect(cmd(m, '/htr/1/status', { stemp: '18.0', units: 'C' })).toEqual({ ok: true });
    expect(h.mode).toBe('auto');
    expect(cmd(m, '/htr/1/status', { stemp: '20.5', units: 'C' })).toEqual({ ok: true });
    expect(heaterStatus(m, h)).toMatchObject({ mode: 'modified_auto', stemp: '20.5' });
    m.advanceTo(Date.UTC(2026, 0, 14, 16, 50));
    expect(h.mode).toBe('modified_auto');
    m.advanceTo(Date.UTC(2026, 0, 14, 17, 1));
    expect(heaterStatus(m, h)).toMatchObject({ mode: 'auto', stemp: '21.0' });
  });

  it('lowers the programme by the away offset while the home is away, never below anti-frost', () => {
    const m = model([{ type: 'htr', name: 'Room' }], { startMs: Date.UTC(2026, 0, 14, 18) });
    expect(heaterStatus(m, heater(m, 1)).stemp).toBe('21.0');
    expect(cmd(m, '/mgr/away_status', { away: true })).toEqual({ ok: true });
    // away_offset of the default setup: 2.0 °C.
    expect(heaterStatus(m, heater(m, 1)).stemp).toBe('19.0');
    const setup = { ...heater(m, 1).setup, away_offset: '5.0' };
    expect(cmd(m, '/htr/1/setup', setup)).toEqual({ ok: true });
    expect(heaterStatus(m, heater(m, 1)).stemp).toBe('16.0');
    expect(cmd(m, '/htr/1/prog_temps', { comf_temp: '10.0', eco_temp: '9.0', units: 'C' })).toEqual(
      {
        ok: true,
      },
    );
    expect(heaterStatus(m, heater(m, 1)).stemp).toBe('7.0');
  });
});

describe('storage heater', () => {
  it('charges only in valley hours (00:00–07:00 local) and discharges otherwise', () => {
    // 08:00 in Madrid.
    const start = Date.UTC(2026, 0, 14, 7, 0);
    const m = model([{ type: 'acm', name: 'Store', roomTemp: 16 }], {
      startMs: start,
      timezone: 'Europe/Madrid',
    });
    const h = heater(m, 1);
    const charge = () => h.storage?.chargeWh ?? NaN;
    let previous = charge();
    for (let i = 1; i <= 15; i++) {
      m.advanceTo(start + i * HOUR); // until 23:00 local
      expect(h.storage?.charging).toBe(false);
      expect(h.powerW).toBe(0);
      expect(charge()).toBeLessThanOrEqual(previous);
      previous = charge();
    }
    expect(charge()).toBeLessThan(h.ratedPowerW * 3);
    m.advanceTo(start + 16 * HOUR + 30 * 60_000); // 00:30 local
    expect(h.storage?.charging).toBe(true);
    expect(h.powerW).toBe(h.ratedPowerW);
    m.advanceTo(start + 22 * HOUR + 30 * 60_000); // 06:30 local
    expect(charge()).toBeGreaterThan(previous);
    const status = heaterStatus(m, h);
    expect(status.current_charge_per).toBeGreaterThan(50);
    expect(status.charge_level).toBe(Math.round((Number(status.current_charge_per) / 100) * 5));
    m.advanceTo(start + 24 * HOUR + 10 * 60_000); // 08:10 local
    expect(h.storage?.charging).toBe(false);
  });
});

describe('fleet models', () => {
  it('are deterministic for a seed and build the presets', () => {
    const a = createGatewayModel(
      { devId: DEV, secret: 's', timezone: 'UTC', preset: 'flat' },
      WED_9_UTC,
      3,
    );
    const b = createGatewayModel(
      { devId: DEV, secret: 's', timezone: 'UTC', preset: 'flat' },
      WED_9_UTC,
      3,
    );
    a.advanceTo(WED_9_UTC + 5 * HOUR);
    b.advanceTo(WED_9_UTC + 5 * HOUR);
    expect(a.nodes).toEqual(b.nodes);
    expect(a.nodes.map((n) => n.type)).toEqual(['htr', 'htr', 'pmo']);
    expect(() => createGatewayModel({ devId: 'nothex', secret: 's', timezone: 'UTC' }, 0)).toThrow(
      /18 hex/,
    );
    expect(() =>
      createGatewayModel({ devId: DEV, secret: 's', timezone: 'Mars/Base' }, 0),
    ).toThrow();
  });
});
