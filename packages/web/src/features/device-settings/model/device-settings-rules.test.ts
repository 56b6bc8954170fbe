import { describe, expect, test } from 'vitest';
import type { GroupedHome } from '@hearth/protocol';
import { deviceSettingsRules } from './device-settings-rules';

const dev = (dev_id: string, product_id: string) => ({
  dev_id,
  name: dev_id,
  product_id,
  fw_version: '1',
  serial_id: '1',
});
const HEATER = 'aaaaaaaaaaaaaaaaa1';
const BOX = 'bbbbbbbbbbbbbbbbb1';
const home = (owner: boolean, devs: GroupedHome['devs'], id = 'h1'): GroupedHome => ({
  id,
  name: id,
  owner,
  devs,
});

describe('device settings rules (spec 2 §2, §6)', () => {
  test('the wifi configuration is offered only in the native app, for wifi heater products', () => {
    const h = home(true, [dev(HEATER, '021D'), dev(BOX, '0105')]);
    expect(deviceSettingsRules(h, HEATER, [h], true).showWifiConfig).toBe(true);
    expect(deviceSettingsRules(h, HEATER, [h], false).showWifiConfig).toBe(false);
    expect(deviceSettingsRules(h, BOX, [h], true).showWifiConfig).toBe(false);
  });

  test('heater settings are hidden with a wifi heater in the home, even as its only device', () => {
    const heaterOnly = home(true, [dev(HEATER, '0A31')]);
    expect(deviceSettingsRules(heaterOnly, HEATER, [heaterOnly], false).showHeaterSettings).toBe(
      false,
    );
    const boxOnly = home(true, [dev(BOX, '0105')]);
    expect(deviceSettingsRules(boxOnly, BOX, [boxOnly], false).showHeaterSettings).toBe(true);
  });

  test('a guest may not rename, delete or transfer', () => {
    const mine = home(true, [], 'h2');
    const guest = home(false, [dev(BOX, '0105')]);
    const rules = deviceSettingsRules(guest, BOX, [guest, mine], false);
    expect(rules).toMatchObject({ canEditName: false, canDelete: false, transferTargets: [] });
  });
});
