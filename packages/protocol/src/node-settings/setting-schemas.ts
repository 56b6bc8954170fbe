import { z } from 'zod';
import type { NodeType } from '../node-types';
import { decimalString } from '../wire';
import { MINUTES_A_DAY, type SettingKind, type SettingsTable } from './setting-kinds';
import { NODE_SETUP_SETTINGS } from './setup-settings';
import { NODE_STATUS_ENTRIES } from './status-entries';

/*
 * The settings tables as schemas: a setup write may carry only its node type's keys, each of
 * its type (a changed value must also keep its range: setting-ranges.ts); a gateway's status
 * or setup report keeps its known entries, each of its type, and loses the others.
 */

const wholeWatts = z.union([
  z
    .string()
    .max(7)
    .regex(/^-?\d+$/, 'must be a whole number of watts, e.g. "2000"'),
  z.number().int(),
]);
const minutes = z.number().int().min(0).max(MINUTES_A_DAY);
const DECIMAL = 'must be a decimal number written as a string, e.g. "20.5"';
/** decimalString, saying the same whatever the wrong type sent. */
const temperatureText = z.string({ error: DECIMAL }).max(16).pipe(decimalString);

/** The type of a value, without its range (what a report and a write must both keep). */
function typeSchema(kind: SettingKind, strict: boolean): z.ZodType {
  switch (kind.type) {
    case 'boolean':
      return z.boolean();
    case 'integer':
      return z.number().int();
    case 'choice':
      return typeof kind.values[0] === 'number' ? z.number().int() : z.string().max(32);
    case 'temperature':
      return temperatureText;
    case 'watts':
      return wholeWatts;
    case 'text':
      return z.string().max(Math.max(kind.maxLength, 64));
    case 'days':
      return z.array(z.boolean()).length(7);
    case 'interval':
      return z.strictObject({ start: minutes, end: minutes });
    case 'group':
      return tableSchema(kind.entries, strict);
  }
}

/** Every entry optional; unknown keys refused (`strict`, writes) or dropped (reports). */
function tableSchema(table: SettingsTable, strict: boolean) {
  const shape = Object.fromEntries(
    Object.entries(table).map(([key, s]) => [key, typeSchema(s.kind, strict).optional()]),
  );
  return strict ? z.strictObject(shape) : z.object(shape);
}

const writeSchemas = new Map<NodeType, z.ZodType<Record<string, unknown>>>();
/**
 * A setup write to a node of `type`: only its settings, each of its type (a full setup read
 * back, or only some of its entries). Ranges: `setupRangeProblem`.
 */
export function setupWriteSchemaFor(type: NodeType): z.ZodType<Record<string, unknown>> {
  let schema = writeSchemas.get(type);
  if (!schema) {
    schema = tableSchema(NODE_SETUP_SETTINGS[type], true) as z.ZodType<Record<string, unknown>>;
    writeSchemas.set(type, schema);
  }
  return schema;
}

/** Any node's setup write, as the route documents it: the settings of every node type. */
export const anySetupWriteSchema = tableSchema(
  { ...NODE_SETUP_SETTINGS.acm, ...NODE_SETUP_SETTINGS.pmo },
  true,
) as z.ZodType<Record<string, unknown>>;

/**
 * A status or setup report of a node of `type`: the known entries, of their types, kept;
 * unknown ones dropped. A known entry of a wrong type fails the whole report.
 */
export function nodeReportSchemaFor(
  type: NodeType,
  part: 'status' | 'setup',
): z.ZodType<Record<string, unknown>> {
  const table = part === 'status' ? NODE_STATUS_ENTRIES[type] : NODE_SETUP_SETTINGS[type];
  return tableSchema(table, false) as z.ZodType<Record<string, unknown>>;
}
