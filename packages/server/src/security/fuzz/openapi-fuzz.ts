import fc from 'fast-check';
import {
  anyJson,
  anyText,
  deepJson,
  nearlyValid,
  validFor,
  type JsonSchema,
} from './schema-arbitraries';

interface Parameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}
export interface FuzzDoc {
  paths: Record<string, Record<string, Operation>>;
}

export interface FuzzOperation {
  method: string;
  /** OpenAPI path, e.g. /api/v2/devs/{dev}/dev_data */
  route: string;
  pathParams: string[];
  query: Parameter[];
  contentType: string | undefined;
  bodySchema: JsonSchema | undefined;
  /** 5xx answers the route documents as its own (GET /ready's 503): not failures. */
  documented5xx: number[];
}

/** A path parameter: the real thing of the test's world, or any text. */
export type ParamValue = { real: true } | { real: false; text: string };

export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'value'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string };

export interface FuzzRequest {
  params: Record<string, ParamValue>;
  query: Record<string, string>;
  body: FuzzBody;
  auth: 'user' | 'none' | 'forged';
  /** The client address a trusted proxy reports, so no address uses up its sign-in allowance. */
  from: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function fuzzOperations(doc: FuzzDoc): FuzzOperation[] {
  const out: FuzzOperation[] = [];
  for (const [route, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      if (!METHODS.includes(method)) continue;
      const content = op.requestBody?.content ?? {};
      const contentType = Object.keys(content)[0];
      out.push({
        method: method.toUpperCase(),
        route,
        pathParams: [...route.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? ''),
        query: (op.parameters ?? []).filter((p) => p.in === 'query'),
        contentType,
        bodySchema: contentType ? content[contentType]?.schema : undefined,
        documented5xx: Object.keys(op.responses ?? {})
          .map(Number)
          .filter((status) => status >= 500),
      });
    }
  }
  return out;
}

const paramValue: fc.Arbitrary<ParamValue> = fc.oneof(
  { arbitrary: fc.constant({ real: true as const }), weight: 10 },
  { arbitrary: anyText.map((text) => ({ real: false as const, text })), weight: 1 },
  {
    arbitrary: fc
      .constantFrom('htr', 'pmo', 'acm', 'thm', '0', '-1', '99999999999')
      .map((text) => ({ real: false as const, text })),
    weight: 1,
  },
);

const rawBody: fc.Arbitrary<FuzzBody> = fc.record({
  kind: fc.constant('raw' as const),
  text: fc.oneof(
    anyText,
    fc.constantFrom('{', '{"a":', '[1,2', 'null', '"\\ud800"', '{"__proto__":{"x":1}}'),
    fc.constant(`${'['.repeat(2000)}${']'.repeat(2000)}`),
    fc.constantFrom(deepJson(33), deepJson(50_000)),
  ),
  contentType: fc.constantFrom(
    'application/json',
    'application/x-www-form-urlencoded',
    'text/plain',
    'application/xml',
  ),
});

/** Arbitrary requests to one operation: mostly well-formed enough to reach its handler. */
export function requestsFor(op: FuzzOperation): fc.Arbitrary<FuzzRequest> {
  const params = fc.record(Object.fromEntries(op.pathParams.map((name) => [name, paramValue])));
  const query = fc
    .record(
      Object.fromEntries(
        op.query.map((p) => [p.name, nearlyValid(p.schema).map((v) => stringOf(v))]),
      ),
      { requiredKeys: [] },
    )
    .map((q) => q as Record<string, string>);
  const body: fc.Arbitrary<FuzzBody> = op.bodySchema
    ? fc.oneof(
        {
          arbitrary: nearlyValid(op.bodySchema).map((value) => ({ kind: 'value' as const, value })),
          weight: 6,
        },
        { arbitrary: rawBody, weight: 1 },
        { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
      )
    : fc.oneof(
        { arbitrary: fc.constant({ kind: 'none' as const }), weight: 4 },
        { arbitrary: anyJson.map((value) => ({ kind: 'value' as const, value })), weight: 1 },
      );
  const auth = fc.oneof(
    { arbitrary: fc.constant('user' as const), weight: 8 },
    { arbitrary: fc.constantFrom('none' as const, 'forged' as const), weight: 1 },
  );
  const from = fc.ipV4();
  return fc.record({ params, query, body, auth, from });
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** The body on the wire: JSON, form fields, or the raw text as drawn. */
export function encodeBody(
  body: FuzzBody,
  contentType: string | undefined,
): { text: string; contentType: string } | undefined {
  if (body.kind === 'none') return undefined;
  if (body.kind === 'raw') return { text: body.text, contentType: body.contentType };
  if (contentType === 'application/x-www-form-urlencoded') {
    const value = body.value;
    const fields: Array<[string, string]> =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(value).map(([k, v]): [string, string] => [k, stringOf(v)])
        : [['value', stringOf(value)]];
    return { text: new URLSearchParams(fields).toString(), contentType };
  }
  return { text: JSON.stringify(body.value) ?? 'null', contentType: 'application/json' };
}

/**
 * Every string a request may carry (path, query, body, at any depth) that its schema leaves
 * unbounded: no maxLength, no enum or const. Each answers where it is, e.g.
 * `POST /api/v2/devs/{dev}/name body.name`.
 */
export function unboundedStrings(doc: FuzzDoc): string[] {
  const found: string[] = [];
  const walk = (schema: JsonSchema | undefined, where: string, depth: number): void => {
    if (!schema || depth > 12) return;
    for (const variant of [
      ...(schema.anyOf ?? []),
      ...(schema.oneOf ?? []),
      ...(schema.allOf ?? []),
    ])
      walk(variant, where, depth + 1);
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    const bounded =
      schema.maxLength !== undefined || schema.enum !== undefined || schema.const !== undefined;
    if (types.includes('string') && !bounded) found.push(where);
    for (const [key, child] of Object.entries(schema.properties ?? {}))
      walk(child, `${where}.${key}`, depth + 1);
    if (typeof schema.additionalProperties === 'object')
      walk(schema.additionalProperties, `${where}.*`, depth + 1);
    walk(schema.items, `${where}[]`, depth + 1);
  };
  for (const [route, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      if (!METHODS.includes(method)) continue;
      const at = `${method.toUpperCase()} ${route}`;
      for (const p of op.parameters ?? []) walk(p.schema, `${at} ${p.in}.${p.name}`, 0);
      for (const [type, content] of Object.entries(op.requestBody?.content ?? {}))
        walk(content.schema, `${at} body(${type})`, 0);
    }
  }
  return found;
}

/** Every string of a value replaced by what `replace` makes of it (keys stay). */
function mapStrings(value: unknown, replace: (text: string) => string): unknown {
  if (typeof value === 'string') return replace(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, replace));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, replace)]));
  return value;
}

export interface HostileRequest {
  label: string;
  req: FuzzRequest;
  /** False when the operation's fitting body or query holds no string to spoil: it may pass. */
  spoilt: boolean;
}

/**
 * Requests to one operation that carry what every endpoint must refuse with a 4xx and store
 * nothing of: a body nested 50,000 levels deep, a fitting body or query whose every string
 * holds a lone surrogate or runs past its maximum length, an over-long path parameter. Drawn
 * with `seed`, so that CI sends the same ones.
 */
export function hostileRequests(op: FuzzOperation, seed: number): HostileRequest[] {
  const base: FuzzRequest = {
    params: Object.fromEntries(op.pathParams.map((n) => [n, { real: true as const }])),
    query: {},
    body: { kind: 'none' },
    auth: 'user',
    from: '198.51.100.9',
  };
  const draw = (schema: JsonSchema | undefined) =>
    fc.sample(validFor(schema, 0, false), { seed, numRuns: 1 })[0];
  const lone = (text: string) => `${text.slice(0, 1)}\ud800${text.slice(1)}`;
  const long = (text: string) => (text || 'x').repeat(Math.ceil(2001 / Math.max(text.length, 1)));
  const out: HostileRequest[] = [];
  const spoil = (
    label: string,
    value: unknown,
    how: (text: string) => string,
    inQuery: boolean,
  ) => {
    const spoilt = mapStrings(value, how);
    const req: FuzzRequest = inQuery
      ? { ...base, query: spoilt as Record<string, string> }
      : { ...base, body: { kind: 'value', value: spoilt } };
    // A URL carries no lone surrogate: the query's encoder sends U+FFFD in its place, which is
    // a character like any other, so such a query may pass; it must still be no 5xx.
    const carried = !(inQuery && how === lone);
    out.push({
      label,
      req,
      spoilt: carried && JSON.stringify(spoilt) !== JSON.stringify(value),
    });
  };
  if (op.method !== 'GET') {
    const text = deepJson(50_000);
    out.push({
      label: 'body nested 50,000 deep',
      req: { ...base, body: { kind: 'raw', text, contentType: 'application/json' } },
      spoilt: true,
    });
  }
  if (op.bodySchema && op.method !== 'GET') {
    const fitting = draw(op.bodySchema);
    spoil('lone surrogate in every body string', fitting, lone, false);
    spoil('every body string too long', fitting, long, false);
  }
  if (op.query.length > 0) {
    const query = Object.fromEntries(op.query.map((p) => [p.name, stringOf(draw(p.schema))]));
    spoil('lone surrogate in every query value', query, lone, true);
    spoil('every query value too long', query, long, true);
  }
  for (const name of op.pathParams) {
    out.push({
      label: `path ${name} too long`,
      req: { ...base, params: { ...base.params, [name]: { real: false, text: 'x'.repeat(2001) } } },
      spoilt: true,
    });
  }
  return out;
}
