// The server's OpenAPI document as docs/wire-contract/endpoints.md: an index of every
// operation, then each one's caller, parameters, body fields, answers and refusals.
import { ERROR_CODES } from '@hearth/protocol';
import { fieldRows, limitsText, shapeText, typeText, type JsonSchema } from './json-schema';
import { byText, code, table } from './markdown';

type Content = Record<string, { schema?: JsonSchema }>;

export interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, unknown>>;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { required?: boolean; content?: Content };
  responses?: Record<string, { description?: string; content?: Content }>;
}

export interface OpenApiDocument {
  info?: { title?: string; version?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

interface Operation extends OpenApiOperation {
  method: string;
  path: string;
  tag: string;
}

const METHOD_ORDER = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];
/** What @fastify/swagger says of an answer its route did not describe. */
const DEFAULT_RESPONSE = 'Default Response';
const DOCUMENT_TITLE = 'Wire contract: endpoints';

const title = (op: Operation) => `${op.method.toUpperCase()} ${op.path}`;
const needsToken = (op: Operation) => (op.security ?? []).some((s) => 'bearer' in s);
const sentence = (text: string) => text.replace(/\s+/g, ' ').replace(/\.?$/, '.');

/** Every operation, by path and then method. */
function operations(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      if (METHOD_ORDER.includes(method))
        ops.push({ ...op, method, path, tag: op.tags?.[0] ?? 'other' });
    }
  }
  return ops.sort(
    (a, b) =>
      byText(a.path, b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
}

/** A heading's anchor as GitHub makes it: lower case, punctuation but - and _ dropped. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');

/** Each operation's anchor, numbered as GitHub numbers a repeated one, headings in document order. */
function anchorsOf(ops: Operation[], tags: string[]): Map<Operation, string> {
  const seen = new Map<string, number>();
  const next = (heading: string) => {
    const base = slug(heading);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}-${n}`;
  };
  const anchors = new Map<Operation, string>();
  next(DOCUMENT_TITLE);
  for (const tag of tags) {
    next(tag);
    for (const op of ops.filter((o) => o.tag === tag)) anchors.set(op, next(title(op)));
  }
  return anchors;
}

/** The summary, else the description's first sentence. */
function summaryOf(op: Operation): string {
  if (op.summary) return op.summary;
  return op.description?.split(/(?<=\.)\s+(?=[A-Z])/)[0]?.replace(/\.$/, '') ?? '';
}

function fieldTable(schema: JsonSchema): string[] {
  const rows = fieldRows(schema);
  if (rows.length === 0) return ['No fields.'];
  return table(
    ['field', 'type', 'required', 'limits'],
    rows.map((r) => [code(r.field), r.type, r.required ? 'yes' : 'no', r.limits]),
  );
}

function parametersPart(op: Operation): string[] {
  const params = [...(op.parameters ?? [])].sort(
    (a, b) => byText(a.in, b.in) || byText(a.name, b.name),
  );
  if (params.length === 0) return [];
  const rows = params.map((p) => {
    const s = p.schema ?? {};
    return [code(p.name), p.in, typeText(s), p.required ? 'yes' : 'no', limitsText(s)];
  });
  return ['', ...table(['parameter', 'in', 'type', 'required', 'limits'], rows)];
}

/** The body's fields; a body that is one of several shapes, one table per shape. */
function bodyPart(op: Operation): string[] {
  const content = op.requestBody?.content ?? {};
  const out: string[] = [];
  for (const type of Object.keys(content).sort(byText)) {
    const schema = content[type]?.schema ?? {};
    out.push('', `Body (${type}, ${op.requestBody?.required ? 'required' : 'optional'}):`);
    const shapes = schema.oneOf ?? schema.anyOf;
    if (!shapes) {
      out.push('', ...fieldTable(schema));
      continue;
    }
    shapes.forEach((shape, i) => {
      const tagged = Object.entries(shape.properties ?? {}).find(([, p]) => p.enum?.length === 1);
      const which = tagged ? `, ${code(tagged[0])} = ${code(String(tagged[1].enum?.[0]))}` : '';
      out.push('', `Shape ${i + 1} of ${shapes.length}${which}:`, '', ...fieldTable(shape));
    });
  }
  return out;
}

function answersPart(op: Operation): string[] {
  return Object.keys(op.responses ?? {})
    .sort(byText)
    .map((status) => {
      const response = op.responses?.[status] ?? {};
      const shape = code(shapeText(response.content?.['application/json']?.schema));
      const said = response.description && response.description !== DEFAULT_RESPONSE;
      return `- ${status}: ${shape}${said ? ` — ${response.description?.replace(/\s+/g, ' ')}` : ''}`;
    });
}

/**
 * The refusals the document shows for an operation: the error statuses it declares, 400 when
 * it checks input, 401 when it takes a token, and the error codes its description names.
 */
function refusalsOf(op: Operation): string[] {
  const found = new Map<string, string>();
  for (const status of Object.keys(op.responses ?? {})) {
    if (Number(status) >= 400) found.set(status, status);
  }
  if (op.parameters?.length || op.requestBody) found.set('400', '400 validation_failed');
  if (needsToken(op)) found.set('401', '401 unauthorized');
  for (const error of ERROR_CODES) {
    const named = new RegExp(`(?:(\\d{3}) )?\\b${error}\\b`).exec(op.description ?? '');
    if (named) found.set(error, named[1] ? `${named[1]} ${error}` : error);
  }
  return [...found.values()].sort(byText);
}

function operationPart(op: Operation): string[] {
  const refusals = refusalsOf(op);
  const caller = needsToken(op)
    ? 'a signed-in user (`Authorization: Bearer <access token>`)'
    : 'anyone, no token';
  return [
    '',
    `### ${code(title(op))}`,
    '',
    ...[op.summary, op.description].filter((t) => t).flatMap((t) => [sentence(t ?? ''), '']),
    `Caller: ${caller}.`,
    ...parametersPart(op),
    ...bodyPart(op),
    '',
    'Answers:',
    '',
    ...answersPart(op),
    ...(refusals.length ? ['', `Refusals: ${refusals.map(code).join(', ')}.`] : []),
  ];
}

const INTRO = [
  "Every operation of the server's OpenAPI document (served at `GET /api/openapi.json`, browsable at `/api/docs`): first an index by path, then each operation under its tag. [The overview](../wire-contract.md) says what the conventions mean; [protocol-tables.md](protocol-tables.md) lists the node settings, error codes and gateway topics.",
  '',
  "Refusals are those the document shows: the error statuses an operation declares, `400 validation_failed` when it checks parameters or a body, `401 unauthorized` when it takes a token, and the error codes its description names. Any operation may also refuse as the overview's conventions say (403 to a user who may not do it, 404 for what the user may not see, 429 past a limit).",
];

export function renderEndpoints(doc: OpenApiDocument): string {
  const ops = operations(doc);
  const tags = [...new Set(ops.map((op) => op.tag))].sort(byText);
  const anchors = anchorsOf(ops, tags);
  const index = ops.map((op) => [
    op.method.toUpperCase(),
    `[${code(op.path)}](#${anchors.get(op) ?? ''})`,
    summaryOf(op),
    needsToken(op) ? 'token' : 'anyone',
    op.tag,
  ]);
  const lines = [
    "<!-- Generated by `npm run docs:wire` from the server's OpenAPI document: do not edit. -->",
    '',
    `# ${DOCUMENT_TITLE}`,
    '',
    ...INTRO,
    '',
    ...table(['method', 'path', 'summary', 'caller', 'tag'], index),
  ];
  for (const tag of tags) {
    lines.push('', `## ${tag}`);
    for (const op of ops.filter((o) => o.tag === tag)) lines.push(...operationPart(op));
  }
  return `${lines.join('\n')}\n`;
}
