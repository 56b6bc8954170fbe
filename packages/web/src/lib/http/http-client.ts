import {
  HTTP_TIMEOUT_MS,
  SCOPE_PROBLEMS,
  TOKEN_EXPIRY_MARGIN_MS,
  type ErrorBody,
  type TokenResponse,
} from '@hearth/protocol';
import {
  HttpError,
  errorKindFor,
  parseRetryAfter,
  type ErrorKind,
  type RequestIntent,
} from './errors';
import { isGlobalError, refusalOf } from './refusal';
import { isTokenExpiring } from '../session/jwt';
import type { StoredSession } from '../session/session-storage';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A JSON body. */
  json?: unknown;
  /** A form-encoded body (the token endpoint wants one). */
  form?: Record<string, string>;
  /** A text body with its content type (a price CSV is sent as text/csv). */
  text?: { body: string; type: string };
  /** Whether to send the bearer token; 401 signs out only for authenticated calls. */
  auth?: boolean;
  /** Read or write decides the error kind (spec 1 §8); defaults from the method. */
  intent?: RequestIntent;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The caller ignores failures (spec 3 §8: a power read failure is ignored): no global toast. */
  quiet?: boolean;
}

export interface HttpClientDeps {
  baseUrl: () => string;
  fetch: () => typeof fetch;
  now: () => number;
  clientAuth: () => string;
  session: {
    get: () => StoredSession;
    set: (session: StoredSession) => void;
    clear: () => void;
  };
  /** The global error toast; `retryAfterMs` is the server's wait when it named one. */
  reportError: (kind: ErrorKind, detail?: { retryAfterMs?: number }) => void;
  /** The global error toast with a message of its own (an i18n key). */
  reportMessage?: (key: string) => void;
  /** Every request's fate: an answer (any status) or none at all (the server not reached). */
  onAnswer?: (answered: boolean) => void;
  /**
   * Demo mode's seam (docs/design.md §4): when it returns a handler, every request is answered
   * by it in the browser instead of the network, with no token.
   */
  local?: () => LocalHandler | null;
}

export type LocalHandler = (path: string, options: RequestOptions) => Promise<unknown>;

export type TokenGrant =
  | { grant_type: 'password'; username: string; password: string }
  | { grant_type: 'refresh_token'; refresh_token: string };

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

function asErrorBody(value: unknown): Partial<ErrorBody> | undefined {
  return typeof value === 'object' && value !== null ? (value as Partial<ErrorBody>) : undefined;
}

/** Aborts on the caller's signal or after the timeout, whichever comes first. */
function withTimeout(
  timeoutMs: number,
  outer?: AbortSignal,
): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    timeoutMs,
  );
  const onOuterAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  if (outer?.aborted) onOuterAbort();
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    },
  };
}

const SCOPE_PROBLEM_CODES: ReadonlySet<string> = new Set(SCOPE_PROBLEMS);

/**
 * A guest's refusal (403 `outside_scope`, docs/sharing.md) is told with its reason: the server
 * names it in brackets at the end of its message; the app words it itself.
 */
function scopeProblemKey(error: HttpError): string | undefined {
  if (error.body?.error !== 'outside_scope') return undefined;
  const code = /\(([a-z_]+)\)\s*$/.exec(error.body.message ?? '')?.[1] ?? '';
  return `sharing.problems.${SCOPE_PROBLEM_CODES.has(code) ? code : 'write_not_allowed'}`;
}

export function createHttpClient(deps: HttpClientDeps) {
  let refreshing: Promise<string> | null = null;

  function fail(error: HttpError, quiet = false): never {
    const scopeKey = scopeProblemKey(error);
    if (!quiet && scopeKey && deps.reportMessage) {
      deps.reportMessage(scopeKey);
      error.reported = true;
      throw error;
    }
    if (!quiet && isGlobalError(error)) {
      if (error.retryAfterMs === undefined) deps.reportError(error.kind);
      else deps.reportError(error.kind, { retryAfterMs: error.retryAfterMs });
      error.reported = true;
    }
    throw error;
  }

  async function send<T>(path: string, options: RequestOptions, token: string | null): Promise<T> {
    const method =
      options.method ?? (options.json === undefined && options.form === undefined ? 'GET' : 'POST');
    const intent = options.intent ?? (method === 'GET' ? 'read' : 'write');
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    let body: string | undefined;
    if (options.text) {
      headers['Content-Type'] = options.text.type;
      body = options.text.body;
    } else if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    if (token) headers.Authorization = `Bearer ${token}`;

    const { signal, done } = withTimeout(options.timeoutMs ?? HTTP_TIMEOUT_MS, options.signal);
    let response: Response;
    try {
      response = await deps.fetch()(`${deps.baseUrl()}${path}`, { method, headers, body, signal });
    } catch (cause) {
      // A caller that cancelled (a query going away) gets its own abort back, no toast.
      if (options.signal?.aborted) throw cause;
      deps.onAnswer?.(false);
      // A signed-in change with no answer may not be saved (ruling D8); signing in, signing up
      // and every read are told as the connection error.
      const kind = intent === 'write' && token ? 'changesNotSaved' : 'connection';
      return fail(new HttpError(0, kind, undefined, { cause }), options.quiet);
    } finally {
      done();
    }
    deps.onAnswer?.(true);

    let payload: unknown;
    try {
      payload = await readBody(response);
    } catch (cause) {
      return fail(
        new HttpError(
          response.status,
          response.ok ? 'unknown' : errorKindFor(response.status, intent),
          undefined,
          { cause },
        ),
        options.quiet,
      );
    }
    if (response.ok) return payload as T;
    if (response.status === 401 && token) {
      deps.session.clear();
    }
    const errorBody = asErrorBody(payload);
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), deps.now());
    return fail(
      new HttpError(
        response.status,
        errorKindFor(response.status, intent, errorBody?.error),
        errorBody,
        retryAfterMs === undefined ? undefined : { retryAfterMs },
      ),
      options.quiet,
    );
  }

  /** POST /client/token with the client's Basic credentials (docs/wire-contract.md §2). */
  function requestToken(grant: TokenGrant): Promise<TokenResponse> {
    return send<TokenResponse>(
      '/client/token',
      { method: 'POST', form: grant, auth: false, headers: { Authorization: deps.clientAuth() } },
      null,
    );
  }

  async function refresh(): Promise<string> {
    const current = deps.session.get();
    if (!current.refreshToken) {
      deps.session.clear();
      throw new HttpError(401, 'unknown', { message: 'no refresh token available' });
    }
    try {
      const answer = await requestToken({
        grant_type: 'refresh_token',
        refresh_token: current.refreshToken,
      });
      deps.session.set({
        token: answer.access_token,
        refreshToken: answer.refresh_token,
        username: current.username,
      });
      return answer.access_token;
    } catch (error) {
      // A refused refresh token means the session is over; a network failure keeps it for a retry.
      const { kind } = refusalOf(error);
      if (kind === 'own' || kind === 'unauthorized') deps.session.clear();
      throw error;
    }
  }

  /** The access token, renewed first when under the expiry margin (spec 1 §4). */
  async function getValidToken(): Promise<string> {
    const { token } = deps.session.get();
    if (!token) {
      deps.session.clear();
      throw new HttpError(401, 'unknown', { message: 'not signed in' });
    }
    if (!isTokenExpiring(token, TOKEN_EXPIRY_MARGIN_MS, deps.now())) return token;
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function answerLocally<T>(
    handler: LocalHandler,
    path: string,
    options: RequestOptions,
  ): Promise<T> {
    try {
      return (await handler(path, options)) as T;
    } catch (error) {
      if (error instanceof HttpError) return fail(error, options.quiet);
      throw error;
    }
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const local = deps.local?.();
    if (local) return answerLocally<T>(local, path, options);
    const token = options.auth === false ? null : await getValidToken();
    return send<T>(path, options, token);
  }

  return { request, requestToken, getValidToken };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
