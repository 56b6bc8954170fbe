import {
  CONTROL_MODES,
  FLOOR_PROBE_BETA,
  FLOOR_PROBE_MAX_TEMP,
  FLOOR_PROBE_RESISTORS,
  NODE_PRIORITIES,
  OPERATIONAL_MODES,
  PIR_PRIORITIES,
  RUNBACK_TEMP_MAX_DEFAULT,
  RUNBACK_TIME,
  SENSOR_MODES,
  type NodeType,
} from '@hearth/protocol';

export type SettingKind =
  'text' | 'toggle' | 'select' | 'slider' | 'number' | 'interval' | 'days' | 'password';

export interface SettingDef {
  name: string;
  kind: SettingKind;
  /** Where the value lives in the node's setup object. */
  path?: readonly string[];
  advanced?: boolean;
  /** Spec 3 §6: only owners may change it. */
  ownerOnly?: boolean;
  /** Spec 3 §5: editable only in admin mode (adminEditable). */
  adminOnly?: boolean;
  /** Spec 3 §6: shown only in admin mode. */
  adminShown?: boolean;
  types: readonly NodeType[];
  /** Values in the node's temperature units (converted when units change). */
  temperature?: 'absolute' | 'offset';
  accepted?: readonly (string | number)[];
  range?: { min: number; max: number; step: number };
  /** Value written back by restore defaults. */
  defaultValue?: unknown;
}

const HEATERS = ['htr', 'acm', 'thm'] as const;
const index = (list: readonly unknown[]) => list.map((_, i) => i);
const E = 'extra_options';

/** Spec 3 §3 "Node configuration settings", in screen order. */
export const SETTING_DEFS: readonly SettingDef[] = [
  { name: 'name', kind: 'text', ownerOnly: true, types: ['htr', 'acm', 'thm', 'pmo'] },
  { name: 'max_power', kind: 'number', path: ['power'], adminOnly: true, types: HEATERS },
  { name: 'keyboard_lock_enabled', kind: 'toggle', ownerOnly: true, types: HEATERS },
  {
    name: 'password_lock_enabled',
    kind: 'toggle',
    path: ['password_lock_enabled'],
    ownerOnly: true,
    types: HEATERS,
  },
  {
    name: 'lock_password',
    kind: 'password',
    path: ['lock_password'],
    ownerOnly: true,
    types: HEATERS,
  },
  {
    name: 'priority',
    kind: 'select',
    path: ['priority'],
    ownerOnly: true,
    accepted: NODE_PRIORITIES,
    types: HEATERS,
  },
  {
    name: 'schedule_resolution',
    kind: 'select',
    path: ['prog_resol'],
    ownerOnly: true,
    accepted: [0, 1],
    types: HEATERS,
  },
  {
    name: 'temperature_units',
    kind: 'select',
    path: ['units'],
    accepted: ['C', 'F'],
    types: HEATERS,
  },
  {
    name: 'away_offset',
    kind: 'slider',
    path: ['away_offset'],
    temperature: 'offset',
    types: HEATERS,
  },
  {
    name: 'anti_frost_protection_enabled',
    kind: 'toggle',
    path: ['anti_frost_protection_enabled'],
    types: HEATERS,
  },
  { name: 'true_radiant_enabled', kind: 'toggle', path: ['true_radiant_enabled'], types: HEATERS },
  {
    name: 'window_detection_enabled',
    kind: 'toggle',
    path: ['window_mode_enabled'],
    types: HEATERS,
  },
  { name: 'easy_mode_enabled', kind: 'toggle', path: ['easy_mode_enabled'], types: HEATERS },
  { name: 'runback_mode_enabled', kind: 'toggle', path: ['runback_mode_enabled'], types: HEATERS },
  {
    name: 'max_runback_time',
    kind: 'slider',
    path: [E, 'max_runback_time'],
    range: RUNBACK_TIME,
    types: HEATERS,
  },
  {
    name: 'max_runback_temp',
    kind: 'slider',
    path: [E, 'max_runback_temp'],
    temperature: 'absolute',
    range: { min: 5, max: RUNBACK_TEMP_MAX_DEFAULT, step: 0.5 },
    types: HEATERS,
  },
  {
    name: 'default_runback_temp',
    kind: 'slider',
    path: [E, 'default_runback_temp'],
    temperature: 'absolute',
    types: HEATERS,
  },
  { name: 'setback_mode_enabled', kind: 'toggle', path: [E, 'setback_enabled'], types: HEATERS },
  {
    name: 'setback_temp',
    kind: 'slider',
    path: [E, 'setback_temp'],
    temperature: 'absolute',
    types: HEATERS,
  },
  { name: 'charge_days', kind: 'days', path: ['charge_days'], types: ['acm'] },
  { name: 'valley_1_enabled', kind: 'toggle', path: ['charging_conf', 'slot_1'], types: ['acm'] },
  {
    name: 'valley_1_interval',
    kind: 'interval',
    path: ['charging_conf', 'slot_1'],
    types: ['acm'],
  },
  { name: 'valley_2_enabled', kind: 'toggle', path: ['charging_conf', 'slot_2'], types: ['acm'] },
  {
    name: 'valley_2_interval',
    kind: 'interval',
    path: ['charging_conf', 'slot_2'],
    types: ['acm'],
  },
  { name: 'pir_enabled', kind: 'toggle', path: ['pir_enabled'], types: HEATERS },
  {
    name: 'pir_priority',
    kind: 'select',
    path: ['pir_priority'],
    accepted: index(PIR_PRIORITIES),
    types: HEATERS,
  },
  { name: 'pir_sleep_enabled', kind: 'toggle', path: ['pir_sleep_enabled'], types: HEATERS },
  { name: 'pir_sleep_interval', kind: 'interval', path: ['pir_sleep_interval'], types: HEATERS },
  {
    name: 'control_mode',
    kind: 'select',
    path: ['control_mode'],
    advanced: true,
    accepted: index(CONTROL_MODES),
    defaultValue: 4,
    types: HEATERS,
  },
  {
    name: 'operational_mode',
    kind: 'select',
    path: ['factory_options', 'operating_mode'],
    advanced: true,
    accepted: index(OPERATIONAL_MODES),
    defaultValue: 1,
    types: HEATERS,
  },
  {
    name: 'sensor_mode',
    kind: 'select',
    path: [E, 'sensor_mode'],
    advanced: true,
    accepted: index(SENSOR_MODES),
    defaultValue: 1,
    types: HEATERS,
  },
  {
    name: 'max_floor_probe_temperature',
    kind: 'slider',
    path: ['max_floor_probe_temperature'],
    advanced: true,
    temperature: 'absolute',
    range: FLOOR_PROBE_MAX_TEMP,
    defaultValue: 28,
    types: HEATERS,
  },
  {
    name: 'floor_probe_resistor',
    kind: 'select',
    path: ['floor_probe_resistor'],
    advanced: true,
    adminShown: true,
    accepted: index(FLOOR_PROBE_RESISTORS),
    defaultValue: 1,
    types: HEATERS,
  },
  {
    name: 'floor_probe_beta',
    kind: 'slider',
    path: ['floor_probe_beta'],
    advanced: true,
    adminShown: true,
    range: FLOOR_PROBE_BETA,
    defaultValue: 3950,
    types: HEATERS,
  },
  { name: 'reverse_power', kind: 'toggle', path: ['reverse_power'], types: ['pmo'] },
  {
    name: 'circuit_type',
    kind: 'select',
    path: ['circuit_type'],
    accepted: [0, 1, 2],
    types: ['pmo'],
  },
  { name: 'main_circuit_enabled', kind: 'toggle', ownerOnly: true, types: ['pmo'] },
];
