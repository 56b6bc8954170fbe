import fc from 'fast-check';
import { anyJson, anyText, nearlyValid, type JsonSchema } from './schema-arbitraries';

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
