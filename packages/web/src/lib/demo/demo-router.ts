/** A tiny path router for the demo backend: method, pattern, handler. */
export interface DemoRequest {
  method: string;
  params: string[];
  query: URLSearchParams;
  body: unknown;
}

export interface DemoAnswer {
  status: number;
  body: unknown;
}

export type DemoHandler = (req: DemoRequest) => unknown;

export interface DemoRoute {
  method: string;
  pattern: RegExp;
  handle: DemoHandler;
  /** The success status the server answers with (201 for a created device). */
  status: number;
}

/** A 404 or 400 the way the server answers it (docs/wire-contract.md §1). */
export class DemoHttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string) =>
  new DemoHttpFailure(404, 'not_found', `${what} not found`);

/** The server's answer to a path it does not serve. */
export const routeNotFound = (method: string, path: string) =>
  new DemoHttpFailure(404, 'not_found', `Route ${method} ${path} not found`);

const SEGMENT = '([^/]*)';

/** `route('GET', '/api/v2/devs/:dev/dev_data', h)`: each `:name` captures one segment. */
export function route(method: string, path: string, handle: DemoHandler, status = 200): DemoRoute {
  const source = path
    .split('/')
    .map((s) => (s.startsWith(':') ? SEGMENT : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { method, pattern: new RegExp(`^${source}/?$`), handle, status };
}

export function dispatch(
  routes: readonly DemoRoute[],
  method: string,
  url: string,
  body: unknown,
): DemoAnswer {
  const parsed = new URL(url, 'http://demo.invalid');
  const path = parsed.pathname;
  for (const r of routes) {
    if (r.method !== method) continue;
    const match = r.pattern.exec(path);
    if (!match) continue;
    const params = match.slice(1).map((p) => decodeURIComponent(p));
    const answer = r.handle({ method, params, query: parsed.searchParams, body });
    return { status: r.status, body: answer ?? {} };
  }
  throw routeNotFound(method, path);
}
