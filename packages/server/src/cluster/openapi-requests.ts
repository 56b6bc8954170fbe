/** The parts of an OpenAPI 3 document the authorization matrix reads. */
export interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

export interface MatrixRequest {
  method: string;
  /** OpenAPI path, e.g. /api/v2/devs/{dev}/dev_data */
  route: string;
  secured: boolean;
  /** Names a home, device, node or user, so a stranger must be turned away. */
  scoped: boolean;
  url: string;
  body: unknown;
  contentType: string | undefined;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const SCOPE_PARAMS = new Set(['dev', 'gid', 'uid', 'devId', 'groupId', 'userId']);

/** A value of the schema's shape; validity is not the point, reaching the handler often is. */
export function sampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return {};
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sampleOf(variant, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return 'x';
    case 'number':
    case 'integer':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    default: {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? [])
        out[key] = sampleOf(schema.properties?.[key], depth + 1);
      return out;
    }
  }
}

/** Every operation of the document, its path parameters filled from `params`. */
export function matrixRequests(
  doc: OpenApiDoc,
  baseUrl: string,
  params: Record<string, string>,
): MatrixRequest[] {
  const out: MatrixRequest[] = [];
  for (const [route, operations] of Object.entries(doc.paths)) {
    const names = [...route.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
    const path = route.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(params[name] ?? 'x'),
    );
    for (const [method, op] of Object.entries(operations)) {
      if (!METHODS.includes(method)) continue;
      const content = op.requestBody?.content ?? {};
      const contentType = Object.keys(content)[0];
      const schema = contentType ? content[contentType]?.schema : undefined;
      out.push({
        method: method.toUpperCase(),
        route,
        secured: (op.security?.length ?? 0) > 0,
        scoped: names.some((n) => SCOPE_PARAMS.has(n)),
        url: `${baseUrl}${path}`,
        body: method === 'get' ? undefined : sampleOf(schema),
        contentType: method === 'get' ? undefined : (contentType ?? 'application/json'),
      });
    }
  }
  return out;
}
