import { describe, expect, test } from 'vitest';
import {
  changedNames,
  correctBounded,
  editValue,
  initialValues,
  isEditable,
  rangeOf,
  restoreDefaults,
  visibleDefs,
  type NodeConfigContext,
} from './settings-model';
import { settingWrites } from './setting-writes';
import { SETTING_DEFS } from './setting-defs';

const setup = {
  units: 'C',
  away_offset: '2.0',
  priority: 'medium',
  control_mode: 4,
  runback_mode_enabled: false,
  extra_options: {
    max_runback_time: 60,
    max_runback_temp: '30.0',
    default_runback_temp: '18.0',
    setback_temp: '17.0',
    setback_enabled: false,
    sensor_mode: 1,
  },
  factory_options: {
    operating_mode: 1,
    window_mode_available: true,
    true_radiant_available: false,
  },
  window_mode_enabled: false,
  true_radiant_enabled: false,
};
const ctx = (over: Partial<NodeConfigContext> = {}): NodeConfigContext => ({
  type: 'htr',
  addr: 3,
  name: 'Hall',
  setup,
  locked: false,
  owner: true,
  adminMode: false,
  wifiHeater: false,
  mainCircuit: [],
  installedPmos: [],
  ...over,
});
const def = (name: string) => SETTING_DEFS.find((d) => d.name === name)!;

describe('node settings model', () => {
  test('only settings the device reports are shown; priority hidden for wifi heaters', () => {
    const names = visibleDefs(ctx()).map((d) => d.name);
    expect(names).toContain('window_detection_enabled');
    expect(names).not.toContain('true_radiant_enabled');
    expect(names).not.toContain('charge_days');
    expect(visibleDefs(ctx({ wifiHeater: true })).map((d) => d.name)).not.toContain('priority');
  });

  test('owner-only settings are read-only for guests; max power needs admin mode', () => {
    expect(isEditable(def('priority'), ctx({ owner: false }))).toBe(false);
    expect(isEditable(def('temperature_units'), ctx({ owner: false }))).toBe(true);
    expect(isEditable(def('max_power'), ctx())).toBe(false);
    expect(isEditable(def('max_power'), ctx({ adminMode: true }))).toBe(true);
    expect(
      isEditable(
        def('main_circuit_enabled'),
        ctx({ type: 'pmo', installedPmos: [3], mainCircuit: [3] }),
      ),
    ).toBe(false);
    expect(
      isEditable(
        def('main_circuit_enabled'),
        ctx({ type: 'pmo', installedPmos: [3, 4], mainCircuit: [3] }),
      ),
    ).toBe(true);
  });

  test('changing units converts temperatures and the away offset, and drops other edits', () => {
    const initial = initialValues(ctx());
    // Spec 3 §9: away offsets 0–5 by 0.5 in °C, 0–9 by 1 in °F.
    expect(rangeOf(def('away_offset'), initial, ctx())).toEqual({ min: 0, max: 5, step: 0.5 });
    const edited = editValue(initial, initial, 'priority', 'high');
    const f = editValue(edited, initial, 'temperature_units', 'F');
    expect(f.priority).toBe('medium');
    expect(f.default_runback_temp).toBe(64);
    expect(f.setback_temp).toBe(63);
    expect(f.away_offset).toBe(4);
    expect(rangeOf(def('away_offset'), f, ctx())).toEqual({ min: 0, max: 9, step: 1 });
  });

  test('runback mode change resets the other pending edits', () => {
    const initial = initialValues(ctx());
    const edited = editValue(initial, initial, 'max_runback_time', 30);
    const next = editValue(edited, initial, 'runback_mode_enabled', true);
    expect(next.max_runback_time).toBe(60);
    expect(next.runback_mode_enabled).toBe(true);
  });

  test('a runback or easy mode change after a units change keeps the units and their values', () => {
    const initial = initialValues(ctx());
    const f = editValue(initial, initial, 'temperature_units', 'F');
    for (const toggle of ['runback_mode_enabled', 'easy_mode_enabled']) {
      const next = editValue(f, initial, toggle, true);
      expect(next.temperature_units).toBe('F');
      expect(next[toggle]).toBe(true);
      expect([next.default_runback_temp, next.setback_temp, next.away_offset]).toEqual([64, 63, 4]);
    }
    // Back to the loaded units: the loaded values as they were.
    const c = editValue(
      editValue(f, initial, 'temperature_units', 'C'),
      initial,
      'easy_mode_enabled',
      true,
    );
    expect([c.default_runback_temp, c.setback_temp, c.away_offset]).toEqual([18, 17, 2]);
  });

  test('a lowered limit corrects the values it bounds, in a chain (spec 3 §5)', () => {
    const initial = initialValues(ctx());
    const edit = (values: typeof initial, name: string, value: number) =>
      correctBounded(editValue(values, initial, name, value), name, ctx());
    // Default runback 18 → 12: the setback (17) may now be at most 11.5.
    const lower = edit(initial, 'default_runback_temp', 12);
    expect([lower.default_runback_temp, lower.setback_temp]).toEqual([12, 11.5]);
    expect(changedNames(lower, initial).sort()).toEqual(['default_runback_temp', 'setback_temp']);
    // Maximum runback 30 → 15: the default runback comes down to 15, then the setback to 14.5.
    const max = edit(initial, 'max_runback_temp', 15);
    expect([max.max_runback_temp, max.default_runback_temp, max.setback_temp]).toEqual([
      15, 15, 14.5,
    ]);
    // A value still in range, or a setting that bounds nothing, changes nothing else.
    expect(edit(initial, 'default_runback_temp', 20).setback_temp).toBe(17);
    expect(edit(initial, 'max_runback_time', 30)).toEqual({ ...initial, max_runback_time: 30 });
  });

  test('setback temperature tops out a step below the default runback temperature', () => {
    const initial = initialValues(ctx());
    expect(rangeOf(def('setback_temp'), initial, ctx())).toEqual({ min: 5, max: 17.5, step: 0.5 });
    expect(rangeOf(def('max_runback_time'), initial, ctx())).toEqual({ min: 0, max: 60, step: 1 });
  });

  test('only changed settings are written, temperatures as decimal strings', () => {
    const initial = initialValues(ctx());
    const values = { ...initial, setback_temp: 16.5, name: 'Hall 2', keyboard_lock_enabled: true };
    const changed = changedNames(values, initial);
    expect(changed.sort()).toEqual(['keyboard_lock_enabled', 'name', 'setback_temp']);
    const w = settingWrites(changed, values, setup);
    expect(w.name).toBe('Hall 2');
    expect(w.locked).toBe(true);
    expect(w.setup?.extra_options).toMatchObject({
      setback_temp: '16.5',
      default_runback_temp: '18.0',
    });
    expect(settingWrites([], initial, setup)).toEqual({});
  });

  test('temperatures the device reported as numbers go back as decimal strings (docs/wire-contract.md §1)', () => {
    const numeric = {
      ...setup,
      away_offset: 2,
      extra_options: { ...setup.extra_options, default_runback_temp: 18, max_runback_temp: 30 },
    };
    const w = settingWrites(['pir_enabled'], { pir_enabled: true }, numeric);
    expect(w.setup).toMatchObject({
      away_offset: '2.0',
      extra_options: { default_runback_temp: '18.0', max_runback_temp: '30.0' },
    });
    expect(w.setup?.control_mode).toBe(4);
  });

  test('a units change converts the boost temperature too, which no setting here edits', () => {
    const withBoost = { ...setup, extra_options: { ...setup.extra_options, boost_temp: '24.0' } };
    const initial = initialValues(ctx({ setup: withBoost }));
    const values = editValue(initial, initial, 'temperature_units', 'F');
    const w = settingWrites(changedNames(values, initial), values, withBoost);
    expect(w.setup).toMatchObject({
      units: 'F',
      extra_options: { boost_temp: '75.0', setback_temp: '63.0' },
    });
    // Back in °C from °F: converted the other way.
    const inF = { ...withBoost, units: 'F', extra_options: { boost_temp: '75.0' } };
    const fromF = settingWrites(['temperature_units'], { temperature_units: 'C' }, inF);
    expect(fromF.setup?.extra_options).toMatchObject({ boost_temp: '24.0' });
  });

  test('restore defaults resets the advanced settings', () => {
    const initial = initialValues(ctx());
    const restored = restoreDefaults({
      ...initial,
      control_mode: 0,
      sensor_mode: 3,
      priority: 'high',
    });
    expect(restored).toMatchObject({ control_mode: 4, sensor_mode: 1, priority: 'high' });
  });

  test('an easy mode change resets the other pending edits, as units and runback do (spec 3 §4)', () => {
    const easy = ctx({ setup: { ...setup, easy_mode_enabled: false } });
    const initial = initialValues(easy);
    const edited = editValue(initial, initial, 'setback_temp', 15);
    const next = editValue(edited, initial, 'easy_mode_enabled', true);
    expect(next.setback_temp).toBe(17);
    expect(next.easy_mode_enabled).toBe(true);
  });

  test('floor probe resistor and beta show in admin mode only; the maximum probe temperature always (spec 3 §6)', () => {
    const floor = {
      ...setup,
      max_floor_probe_temperature: '28.0',
      floor_probe_resistor: 1,
      floor_probe_beta: 3950,
    };
    const shown = (admin: boolean) =>
      visibleDefs(ctx({ setup: floor, adminMode: admin })).map((d) => d.name);
    expect(shown(false)).toContain('max_floor_probe_temperature');
    expect(shown(false)).not.toContain('floor_probe_resistor');
    expect(shown(false)).not.toContain('floor_probe_beta');
    expect(shown(true)).toEqual(
      expect.arrayContaining(['floor_probe_resistor', 'floor_probe_beta']),
    );
  });

  test('slider bounds: floor probe 20–35 °C by 0.5, beta 2000–5000 by 1, runback temperature up to 30 °C (spec 3 §5)', () => {
    const initial = initialValues(ctx());
    expect(rangeOf(def('max_floor_probe_temperature'), initial, ctx())).toEqual({
      min: 20,
      max: 35,
      step: 0.5,
    });
    expect(rangeOf(def('floor_probe_beta'), initial, ctx())).toEqual({
      min: 2000,
      max: 5000,
      step: 1,
    });
    expect(rangeOf(def('max_runback_temp'), initial, ctx())).toMatchObject({ max: 30 });
  });
});
