import { convertTemperature, parseDecimal } from '@hearth/protocol';
import { wireSetup } from '../../../lib/devices';
import { SETTING_DEFS } from './setting-defs';
import type { Interval, Values } from './settings-model';

/** Default first valley when one is switched on (midnight to 07:00). */
const DEFAULT_VALLEY: Interval = { start: 0, end: 420 };

function setIn(obj: Record<string, unknown>, path: readonly string[], value: unknown) {
  let cur = obj;
  for (const key of path.slice(0, -1)) {
    const child = cur[key];
    cur[key] = child && typeof child === 'object' ? { ...(child as Record<string, unknown>) } : {};
    cur = cur[key] as Record<string, unknown>;
  }
  cur[path[path.length - 1] as string] = value;
}

export interface SettingWrites {
  setup?: Record<string, unknown>;
  name?: string;
  locked?: boolean;
  mainCircuit?: boolean;
}

/** Spec 3 §4: only changed settings are sent, merged into the full setup object. */
export function settingWrites(
  changed: readonly string[],
  values: Values,
  setup: Record<string, unknown>,
): SettingWrites {
  const out: SettingWrites = {};
  // The rest of the setup goes back as read, its temperatures as the wire wants them.
  const next: Record<string, unknown> = structuredClone(wireSetup(setup));
  let touched = false;
  for (const name of changed) {
    const def = SETTING_DEFS.find((d) => d.name === name);
    const v = values[name];
    if (name === 'name') out.name = String(v).trim();
    else if (name === 'keyboard_lock_enabled') out.locked = v === true;
    else if (name === 'main_circuit_enabled') out.mainCircuit = v === true;
    else if (def?.path) {
      touched = true;
      if (def.kind === 'toggle' && name.startsWith('valley'))
        setIn(next, def.path, v === true ? DEFAULT_VALLEY : { start: 0, end: 0 });
      else if (def.temperature) setIn(next, def.path, Number(v).toFixed(1));
      else if (name === 'max_power') setIn(next, def.path, String(Math.round(Number(v))));
      else setIn(next, def.path, v);
    }
  }
  // An interval edited together with its switch wins over the switch's default.
  for (const name of changed) {
    const def = SETTING_DEFS.find((d) => d.name === name);
    if (def?.kind === 'interval' && def.path) setIn(next, def.path, values[name]);
  }
  if (changed.includes('temperature_units')) convertUnlisted(next, setup, values);
  if (touched) out.setup = next;
  return out;
}

/**
 * Setup temperatures that no setting of this screen edits but that other screens read in the
 * node's units (the Boost dialog's boost temperature): a units change converts them too, or
 * 5.0 °C would come back as 5.0 °F (spec 3 §4: every temperature follows the units).
 */
const UNLISTED_TEMPERATURES: readonly (readonly string[])[] = [['extra_options', 'boost_temp']];

function convertUnlisted(
  next: Record<string, unknown>,
  setup: Record<string, unknown>,
  values: Values,
) {
  const from = setup.units === 'F' ? 'F' : 'C';
  const to = values.temperature_units === 'F' ? 'F' : 'C';
  if (from === to) return;
  for (const path of UNLISTED_TEMPERATURES) {
    let cur: unknown = setup;
    for (const key of path) cur = (cur as Record<string, unknown> | undefined)?.[key];
    const v = typeof cur === 'number' || typeof cur === 'string' ? parseDecimal(cur) : undefined;
    if (v !== undefined) setIn(next, path, convertTemperature(v, from, to).toFixed(1));
  }
}
