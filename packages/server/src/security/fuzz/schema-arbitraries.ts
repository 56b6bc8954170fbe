import fc from 'fast-check';

/** The JSON Schema keywords of the server's OpenAPI document that the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Strings that have broken parsers, routers and SQL elsewhere. */
const NASTY_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '../../etc/passwd',
  '%00',
  '\u0000',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '\u202e\ud83d\udd25',
  '\ud800',
  'x'.repeat(10_000),
  '__proto__',
  'constructor',
];

/** Any JSON value, nasty strings and huge numbers included. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom<unknown>(...NASTY_STRINGS),
  fc.constantFrom<unknown>(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -0, 0.1, {
    __proto__: { polluted: true },
  }),
);

export const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(...NASTY_STRINGS),
  fc.integer().map(String),
  fc.double({ noNaN: false }).map(String),
);

/** JSON text nested `depth` levels deep, arrays and objects in turn. */
export function deepJson(depth: number): string {
  const open = Array.from({ length: depth }, (_, i) => (i % 2 ? '{"a":' : '[')).join('');
  const close = Array.from({ length: depth }, (_, i) => ((depth - 1 - i) % 2 ? '}' : ']')).join('');
  return `${open}1${close}`;
}

/**
 * Text a field's schema may let through but the server must refuse with a 400: a lone UTF-16
 * surrogate inside an otherwise fitting value, and a value past the field's maximum length (or
 * past any sane one where the schema names none).
 */
export function hostileText(valid: string, schema: JsonSchema): fc.Arbitrary<string> {
  const tooLong = Math.max((schema.maxLength ?? 0) + 1, 2001);
  return fc.oneof(
    fc
      .tuple(fc.nat({ max: valid.length }), fc.constantFrom('\ud800', '\udfff', '\udc00\ud800'))
      .map(([at, lone]) => `${valid.slice(0, at)}${lone}${valid.slice(at)}`),
    fc.constant((valid || 'x').repeat(Math.ceil(tooLong / Math.max(valid.length, 1)))),
    fc.constant('x'.repeat((schema.maxLength ?? 60) + 1)),
  );
}

function matching(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern), { size: 'small' });
  } catch {
    // A pattern fast-check cannot invert: any text, most of it refused.
    return anyText;
  }
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum;
  const max = schema.maximum ?? schema.exclusiveMaximum;
  if (integer) {
    return fc.integer({
      min: Math.max(min ?? -1_000_000, Number.MIN_SAFE_INTEGER),
      max: Math.min(max ?? 1_000_000, Number.MAX_SAFE_INTEGER),
    });
  }
  return fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true });
}

/**
 * Values that follow `schema` two times in three and break it the rest (a wrong type,
 * a missing or extra key, at any depth): the valid ones reach the services, the others
 * probe the validation itself.
 */
export function nearlyValid(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: validFor(schema, 0, false), weight: 2 },
    { arbitrary: validFor(schema, 0, true), weight: 1 },
  );
}

function child(schema: JsonSchema | undefined, depth: number, mutate: boolean) {
  const valid = validFor(schema, depth + 1, mutate);
  return mutate
    ? fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: anyJson, weight: 1 })
    : valid;
}

export function validFor(
  schema: JsonSchema | undefined,
  depth: number,
  mutate: boolean,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return anyJson;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => validFor(v, depth + 1, mutate)));
  if (schema.allOf?.length) return validFor(schema.allOf[0], depth + 1, mutate);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => validFor({ ...schema, type }, depth, mutate)));
  }
  switch (types[0]) {
    case 'string': {
      const text = schema.pattern
        ? matching(schema.pattern)
        : fc.string({ minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? 40 });
      if (!mutate) return text;
      return fc.oneof(
        { arbitrary: text, weight: 4 },
        { arbitrary: text.chain((valid) => hostileText(valid, schema)), weight: 1 },
      );
    }
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(child(schema.items, depth, mutate), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 8, 60),
      });
    case 'object':
    case undefined:
      return objectFor(schema, depth, mutate);
    default:
      return anyJson;
  }
}

function objectFor(schema: JsonSchema, depth: number, mutate: boolean): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const keys = Object.keys(properties);
  if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 });
  const shape = Object.fromEntries(keys.map((key) => [key, child(properties[key], depth, mutate)]));
  const requiredKeys = keys.filter((k) => required.has(k));
  const record = fc.record(shape, { requiredKeys });
  if (!mutate) return record;
  return record.chain((value) =>
    fc
      .tuple(
        // Now and then a required key goes missing or a stranger key comes along.
        fc.option(fc.constantFrom(...keys), { freq: 8 }),
        fc.option(fc.tuple(fc.string({ maxLength: 8 }), anyJson), { freq: 8 }),
      )
      .map(([drop, extra]) => {
        const out: Record<string, unknown> = { ...value };
        if (drop !== null) delete out[drop];
        if (extra !== null) out[extra[0]] = extra[1];
        return out;
      }),
  );
}
