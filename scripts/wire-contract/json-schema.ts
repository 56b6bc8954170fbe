// JSON Schema (as @fastify/swagger writes it from the routes' zod schemas) in words: the type
// and limits of one value, the fields of a body as table rows, the shape of an answer.

import { byText, code } from './markdown';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  nullable?: boolean;
  description?: string;
}

export interface FieldRow {
  field: string;
  type: string;
  required: boolean;
  limits: string;
}

/** zod writes `z.number().int()` with the safe-integer bounds: no limit a reader needs. */
const isSafeBound = (n: number | undefined) =>
  n !== undefined && Math.abs(n) >= Number.MAX_SAFE_INTEGER;

const alternatives = (s: JsonSchema) => s.anyOf ?? s.oneOf;
const sortedKeys = (o: Record<string, unknown>) => Object.keys(o).sort(byText);

export function typeText(s: JsonSchema): string {
  const alts = alternatives(s);
  let text: string;
  if (alts) {
    text = [...new Set(alts.map(typeText))].join(' or ');
  } else if (s.type === 'array') {
    const item = s.items ? typeText(s.items) : 'any';
    text = item.includes(' ') ? `(${item})[]` : `${item}[]`;
  } else if (Array.isArray(s.type)) {
    text = s.type.join(' or ');
  } else if (s.type) {
    text = s.type;
  } else if (s.enum?.length === 1 && s.enum[0] === null) {
    return 'null';
  } else {
    text = 'any';
  }
  return s.nullable ? `${text} or null` : text;
}

function rangeText(min: number | undefined, max: number | undefined, unit = ''): string[] {
  const lo = isSafeBound(min) ? undefined : min;
  const hi = isSafeBound(max) ? undefined : max;
  if (lo !== undefined && hi !== undefined)
    return [lo === hi ? `${lo}${unit}` : `${lo}–${hi}${unit}`];
  if (lo !== undefined) return [`at least ${lo}${unit}`];
  if (hi !== undefined) return [`at most ${hi}${unit}`];
  return [];
}

/** What a value must be beyond its type, in words ("" when nothing). */
export function limitsText(s: JsonSchema): string {
  const alts = alternatives(s);
  if (alts) {
    return alts
      .map((alt) => [typeText(alt), limitsText(alt)] as const)
      .filter(([, limits]) => limits)
      .map(([type, limits]) => `${type}: ${limits}`)
      .join('; ');
  }
  const parts: string[] = [];
  if (s.const !== undefined) parts.push(`always ${code(JSON.stringify(s.const))}`);
  if (s.enum && !(s.enum.length === 1 && s.enum[0] === null)) {
    parts.push(`one of ${s.enum.map((v) => code(JSON.stringify(v))).join(', ')}`);
  }
  parts.push(...rangeText(s.minLength, s.maxLength, ' characters'));
  parts.push(...rangeText(s.minimum, s.maximum));
  if (s.multipleOf !== undefined) parts.push(`multiple of ${s.multipleOf}`);
  parts.push(...rangeText(s.minItems, s.maxItems, ' items'));
  if (s.pattern) parts.push(`matches ${code(s.pattern)}`);
  if (s.format) parts.push(`format ${s.format}`);
  if (s.type === 'array' && s.items && !isObject(s.items)) {
    const each = limitsText(s.items);
    if (each) parts.push(`each ${each}`);
  }
  if (s.default !== undefined) parts.push(`default ${code(JSON.stringify(s.default))}`);
  if (s.description) parts.push(s.description);
  return parts.join(', ');
}

const isObject = (s: JsonSchema) =>
  s.type === 'object' || s.properties !== undefined || typeof s.additionalProperties === 'object';

/**
 * One row per field, nested objects as `a.b`, arrays of objects as `a[].b` and objects keyed
 * by any name (records) as `a.*.b`; fields sorted by name at each level.
 */
export function fieldRows(s: JsonSchema, prefix = ''): FieldRow[] {
  const rows: FieldRow[] = [];
  const required = new Set(s.required ?? []);
  for (const key of sortedKeys(s.properties ?? {})) {
    const child = (s.properties ?? {})[key] ?? {};
    const field = `${prefix}${key}`;
    rows.push({
      field,
      type: typeText(child),
      required: required.has(key),
      limits: limitsText(child),
    });
    rows.push(...nestedRows(child, field));
  }
  const extra = s.additionalProperties;
  if (typeof extra === 'object' && Object.keys(extra).length > 0) {
    const field = `${prefix}*`;
    rows.push({ field, type: typeText(extra), required: false, limits: limitsText(extra) });
    rows.push(...nestedRows(extra, field));
  }
  return rows;
}

function nestedRows(s: JsonSchema, field: string): FieldRow[] {
  if (s.type === 'array' && s.items && isObject(s.items)) return fieldRows(s.items, `${field}[].`);
  if (isObject(s)) return fieldRows(s, `${field}.`);
  return [];
}

/** The outline of an answer: `{a, b}` for an object, `[{a, b}]` for a list of them. */
export function shapeText(s: JsonSchema | undefined): string {
  if (!s) return 'no body';
  const alts = alternatives(s);
  if (alts) return alts.map(shapeText).join(' or ');
  if (s.type === 'array') return `[${shapeText(s.items)}]`;
  if (s.properties) return `{${sortedKeys(s.properties).join(', ')}}`;
  if (isObject(s)) return 'object';
  const type = typeText(s);
  return type === 'null' ? 'no body' : type;
}
