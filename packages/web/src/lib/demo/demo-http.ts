import { errorKindFor, HttpError } from '../http/errors';
import { demoBackend } from './demo-session';

export interface DemoRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  json?: unknown;
  form?: Record<string, string>;
  /** A text body (a price CSV): the demo's route gets its text. */
  text?: { body: string; type: string };
  intent?: 'read' | 'write';
}

/**
 * The HTTP client's demo seam: the same answer a server would give, from the demo backend.
 * A failure becomes the HttpError the real path would raise (its toast is suppressed in demo).
 */
export async function demoRequest<T>(path: string, options: DemoRequestOptions): Promise<T> {
  const method =
    options.method ?? (options.json === undefined && options.form === undefined ? 'GET' : 'POST');
  const backend = await demoBackend();
  // A copy, as a network round trip would give, so callers never share the backend's objects.
  const body =
    options.text !== undefined
      ? options.text.body
      : options.json === undefined
        ? undefined
        : structuredClone(options.json);
  const answer = backend.handle(method, path, body);
  const payload = structuredClone(answer.body);
  if (answer.status < 400) return payload as T;
  const intent = options.intent ?? (method === 'GET' ? 'read' : 'write');
  throw new HttpError(answer.status, errorKindFor(answer.status, intent), payload as object);
}
