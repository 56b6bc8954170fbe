import type { NodeType } from '../node-types';
import {
  BOOST_TIME,
  CONTROL_MODES,
  FLOOR_PROBE_BETA,
  FLOOR_PROBE_RESISTORS,
  LOCK_PASSWORD_MAX,
  NODE_PRIORITIES,
  OPERATIONAL_MODES,
  PIR_PRIORITIES,
  RUNBACK_TIME,
  SCHEDULE_METHOD_HALF_HOUR,
  SCHEDULE_METHOD_HOUR,
  SENSOR_MODES,
} from '../rules/constants';
import {
  boolean,
  choice,
  group,
  indexes,
  integer,
  interval,
  MINUTES_A_DAY,
  temperature,
  text,
  type NodeSetting,
  type SettingsTable,
} from './setting-kinds';

/*
 * The settings each node type has in its setup (spec 3 §3 "Setup" and "Node configuration
 * settings", §5, §6): declared once, read by the server (setup writes, gateway reports), the
 * simulator and the app's demo.
 */

/** What the device says of its own write state; accepted in a write and ignored. */
export const syncStatus: NodeSetting = { ...text(16), hardware: true };

const scheduleMethod = choice([SCHEDULE_METHOD_HOUR, SCHEDULE_METHOD_HALF_HOUR]);

const HEATER_SETUP: SettingsTable = {
  units: choice(['C', 'F']),
  prog_resol: { ...scheduleMethod, ownerOnly: true },
  prog_resolution: { ...scheduleMethod, ownerOnly: true },
  extra_options: group({
    boost_temp: temperature,
    boost_time: integer(BOOST_TIME.min, BOOST_TIME.max),
    default_runback_temp: temperature,
    max_runback_time: integer(RUNBACK_TIME.min, RUNBACK_TIME.max),
    max_runback_temp: temperature,
    setback_temp: temperature,
    sensor_mode: choice(indexes(SENSOR_MODES)),
    setback_enabled: boolean,
  }),
  sync_status: syncStatus,
  control_mode: choice(indexes(CONTROL_MODES)),
  power: { kind: { type: 'watts' }, ownerOnly: true },
  offset: temperature,
  priority: { ...choice(NODE_PRIORITIES), ownerOnly: true },
  away_mode: integer(0, 255),
  away_offset: temperature,
  modified_auto_span: integer(0, MINUTES_A_DAY),
  window_mode_enabled: boolean,
  true_radiant_enabled: boolean,
  runback_mode_enabled: boolean,
  easy_mode_enabled: boolean,
  anti_frost_protection_enabled: boolean,
  keyboard_lock_enabled: { ...boolean, ownerOnly: true },
  password_lock_enabled: { ...boolean, ownerOnly: true },
  lock_password: { ...text(LOCK_PASSWORD_MAX), ownerOnly: true },
  pir_enabled: boolean,
  pir_priority: choice(indexes(PIR_PRIORITIES)),
  pir_sleep_enabled: boolean,
  pir_sleep_interval: interval,
  max_floor_probe_temperature: temperature,
  floor_probe_resistor: choice(indexes(FLOOR_PROBE_RESISTORS)),
  floor_probe_beta: integer(FLOOR_PROBE_BETA.min, FLOOR_PROBE_BETA.max),
  factory_options: group({
    temp_compensation_enabled: boolean,
    window_mode_available: boolean,
    true_radiant_available: boolean,
    pir_available: boolean,
    operating_mode: choice(indexes(OPERATIONAL_MODES)),
  }),
  min_stemp: { ...temperature, hardware: true },
  max_stemp: { ...temperature, hardware: true },
};

/** Storage heaters also charge on chosen days, in up to two valleys (spec 3 §3). */
const STORAGE_SETUP: SettingsTable = {
  ...HEATER_SETUP,
  charge_days: { kind: { type: 'days' } },
  charging_conf: group({ slot_1: interval, slot_2: interval }),
};

const METER_SETUP: SettingsTable = {
  sync_status: syncStatus,
  circuit_type: choice([0, 1, 2]),
  reverse_power: boolean,
  // The power limit route is the owner's (docs/wire-contract.md §5); the setup's copy may not go around it.
  power_limit: { kind: { type: 'watts' }, ownerOnly: true },
};

/** The setup settings of each node type. */
export const NODE_SETUP_SETTINGS: Readonly<Record<NodeType, SettingsTable>> = {
  htr: HEATER_SETUP,
  thm: HEATER_SETUP,
  acm: STORAGE_SETUP,
  pmo: METER_SETUP,
};

/** The top-level setup entries of `type` that only an owner may change. */
export function ownerOnlySetupKeys(type: NodeType): string[] {
  return Object.entries(NODE_SETUP_SETTINGS[type])
    .filter(([, s]) => s.ownerOnly)
    .map(([key]) => key);
}

/** The top-level setup entries of `type` that belong to the hardware: a write keeps the node's. */
export function hardwareSetupKeys(type: NodeType): string[] {
  return Object.entries(NODE_SETUP_SETTINGS[type])
    .filter(([, s]) => s.hardware)
    .map(([key]) => key);
}
