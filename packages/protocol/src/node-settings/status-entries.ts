import { NODE_MODES } from '../modes';
import type { NodeType } from '../node-types';
import {
  boolean,
  choice,
  integer,
  MINUTES_A_DAY,
  temperature,
  text,
  type SettingsTable,
} from './setting-kinds';

/** The entries of a heating node's status (spec 3 §3), as its gateway reports them. */
const HEATER_STATUS: SettingsTable = {
  mode: choice(NODE_MODES),
  stemp: temperature,
  mtemp: temperature,
  units: choice(['C', 'F']),
  comf_temp: temperature,
  eco_temp: temperature,
  ice_temp: temperature,
  boost: boolean,
  runback: boolean,
  easy: boolean,
  boost_end_day: integer(0, 6),
  boost_end_min: integer(0, MINUTES_A_DAY),
  sync_status: text(16),
  power: temperature,
  // Spec 3 §6: the keyboard lock is the owner's, on /status as on /lock.
  locked: { ...boolean, ownerOnly: true },
  active: boolean,
  presence: boolean,
  window_open: boolean,
  charge_level: integer(0, 5),
  current_charge_per: integer(0, 100),
  charging: boolean,
  french_rule_pir_state: integer(0, 255),
};

/** The status entries of each node type (a power monitor reports none). */
export const NODE_STATUS_ENTRIES: Readonly<Record<NodeType, SettingsTable>> = {
  htr: HEATER_STATUS,
  thm: HEATER_STATUS,
  acm: HEATER_STATUS,
  pmo: {},
};

/** The status entries of `type` that only an owner may change (spec 3 §6: the keyboard lock). */
export function ownerOnlyStatusKeys(type: NodeType): string[] {
  return Object.entries(NODE_STATUS_ENTRIES[type])
    .filter(([, s]) => s.ownerOnly)
    .map(([key]) => key);
}
