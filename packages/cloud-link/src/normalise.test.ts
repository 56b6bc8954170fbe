import { describe, expect, it } from 'vitest';
import { hearthNodeType, normaliseClock, normaliseSetup, normaliseStatus } from './normalise.ts';

describe('what real fleets report, in Hearth words', () => {
  it('knows the node types and carries htr_mod as a radiator', () => {
    expect(['htr', 'htr_mod', 'acm', 'pmo', 'thm', 'xyz'].map(hearthNodeType)).toEqual([
      'htr',
      'htr',
      'acm',
      'pmo',
      'thm',
      undefined,
    ]);
    expect(normaliseStatus('xyz', { stemp: '20.0' })).toEqual({});
  });

  it('takes locked and other booleans as 0/1 or booleans', () => {
    expect(normaliseStatus('htr', { locked: 1, active: '0', window_open: false })).toEqual({
      locked: true,
      active: false,
      window_open: false,
    });
    expect(normaliseStatus('acm', { locked: 0, charging: true })).toEqual({
      locked: false,
      charging: true,
    });
  });

  it('takes error_code as a number or a string', () => {
    expect(normaliseStatus('htr', { error_code: 3 })).toEqual({ error_code: '3' });
    expect(normaliseStatus('thm', { error_code: 'E2' })).toEqual({ error_code: 'E2' });
  });

  it('writes temperatures as decimal strings and leaves out what was not reported', () => {
    expect(normaliseStatus('htr', { stemp: 21, mtemp: '19.4', units: 'C' })).toEqual({
      stemp: '21.0',
      mtemp: '19.4',
      units: 'C',
    });
    expect(normaliseStatus('pmo', { power: '1200' })).toEqual({ power: '1200' });
  });

  it('reshapes an htr_mod status as a radiator status', () => {
    const raw = {
      on: true,
      mode: 'manual',
      selected_temp: 'eco',
      comfort_temp: '21.0',
      eco_offset: '3.5',
      ice_temp: '7.0',
      mtemp: '18.2',
      units: 'C',
      locked: 1,
    };
    expect(normaliseStatus('htr_mod', raw)).toEqual({
      mode: 'manual',
      comf_temp: '21.0',
      eco_temp: '17.5',
      ice_temp: '7.0',
      stemp: '17.5',
      mtemp: '18.2',
      units: 'C',
      locked: true,
    });
    expect(normaliseStatus('htr_mod', { on: 0, mode: 'self_learn' })).toEqual({ mode: 'off' });
    expect(normaliseStatus('htr_mod', { on: true, mode: 'presence' })).toEqual({ mode: 'auto' });
  });

  it('coerces setup entries by the type table, inside groups too', () => {
    const setup = normaliseSetup('htr', {
      extra_options: { setback_enabled: 1, boost_time: '60', boost_temp: 22 },
      window_mode_enabled: 0,
      units: 'C',
    });
    expect(setup).toEqual({
      extra_options: { setback_enabled: true, boost_time: 60, boost_temp: '22.0' },
      window_mode_enabled: false,
      units: 'C',
    });
  });

  it("moves a cloud's 0-based month to Hearth's 1–12, and leaves a Hearth month alone", () => {
    const raw = { y: 2026, n: 0, d: 15, h: 8, m: 30, s: 0, w: 4 };
    expect(normaliseClock(raw, 0)).toEqual({ ...raw, n: 1 });
    expect(normaliseClock({ ...raw, n: 1 }, 1)).toEqual({ ...raw, n: 1 });
    expect(normaliseClock({ ...raw, n: 11 }, 0)?.n).toBe(12);
    expect(normaliseClock({ ...raw, n: 12 }, 0)).toBeUndefined();
    expect(normaliseClock({ y: 2026, n: 0, d: 15, h: 8, m: 30, s: 0 }, 0)?.w).toBe(4);
    expect(normaliseClock('12:00', 0)).toBeUndefined();
  });
});
