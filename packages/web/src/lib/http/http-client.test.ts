import { beforeEach, describe, expect, test, vi } from 'vitest';
import { TOKEN_EXPIRY_MARGIN_MS } from '@hearth/protocol';
import { json } from '../../test/fake-fetch';
import { makeToken } from '../../test/tokens';
import type { StoredSession } from '../session/session-storage';
import { HttpError, type ErrorKind } from './errors';
import { createHttpClient } from './http-client';

const NOW = 1_700_000_000_000;
const tokenWith = (msLeft: number) => makeToken({ exp: (NOW + msLeft) / 1000 });

type Handler = (url: string, init: RequestInit) => Promise<Response>;

function setup(initial: StoredSession, handler: Handler) {
  let session: StoredSession = { ...initial };
  const reported: ErrorKind[] = [];
  const details: unknown[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    handler(String(input), init ?? {}),
  );
  const client = createHttpClient({
    baseUrl: () => 'https://hearth.test',
    fetch: () => fetchMock as unknown as typeof fetch,
    now: () => NOW,
    clientAuth: () => 'Basic Y2xpZW50OnNlY3JldA==',
    session: {
      get: () => session,
      set: (s) => {
        session = s;
      },
      clear: () => {
        session = { token: '', refreshToken: '', username: '' };
      },
    },
    reportError: (kind, detail) => {
      reported.push(kind);
      details.push(detail);
    },
  });
  return { client, fetchMock, reported, details, session: () => session };
}

function headersOf(init: RequestInit): Record<string, string> {
  return init.headers as Record<string, string>;
}

const fresh = { token: tokenWith(3_600_000), refreshToken: 'r1', username: 'ana@example.com' };

describe('requests', () => {
  test('send the bearer token to the configured base URL', async () => {
    const { client, fetchMock } = setup(fresh, async () => json({ ok: 1 }));
    await expect(client.request('/api/v2/devs')).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('https://hearth.test/api/v2/devs');
    expect(headersOf(init).Authorization).toBe(`Bearer ${fresh.token}`);
  });

  test('a JSON body is sent as a POST with its content type', async () => {
    const { client, fetchMock } = setup(fresh, async () => new Response(null, { status: 204 }));
    await client.request('/x', { json: { name: 'Home' } });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Home"}');
    expect(headersOf(init)['Content-Type']).toBe('application/json');
  });
});

describe('token refresh', () => {
  let refreshCalls: RequestInit[];
  const renewed = tokenWith(4 * 3_600_000);
  const handler: Handler = async (url, init) => {
    if (url.endsWith('/client/token')) {
      refreshCalls.push(init);
      return json({
        access_token: renewed,
        refresh_token: 'r2',
        expires_in: 14400,
        token_type: 'bearer',
      });
    }
    return json({ seen: headersOf(init).Authorization });
  };
  beforeEach(() => {
    refreshCalls = [];
  });

  test('renews a token with less than 10 minutes left before the call', async () => {
    const { client, session } = setup(
      { ...fresh, token: tokenWith(TOKEN_EXPIRY_MARGIN_MS - 1000) },
      handler,
    );
    await expect(client.request('/a')).resolves.toEqual({ seen: `Bearer ${renewed}` });
    expect(refreshCalls).toHaveLength(1);
    const init = refreshCalls[0] as RequestInit;
    expect(headersOf(init).Authorization).toBe('Basic Y2xpZW50OnNlY3JldA==');
    expect(headersOf(init)['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'r1',
    });
    expect(session()).toEqual({ token: renewed, refreshToken: 'r2', username: 'ana@example.com' });
  });

  test('keeps a token with more than 10 minutes left', async () => {
    const { client } = setup(
      { ...fresh, token: tokenWith(TOKEN_EXPIRY_MARGIN_MS + 1000) },
      handler,
    );
    await client.request('/a');
    expect(refreshCalls).toHaveLength(0);
  });

  test('concurrent calls share one refresh', async () => {
    const { client } = setup({ ...fresh, token: tokenWith(0) }, handler);
    await Promise.all([client.request('/a'), client.request('/b'), client.request('/c')]);
    expect(refreshCalls).toHaveLength(1);
  });

  test('a refused refresh token ends the session', async () => {
    const { client, session } = setup({ ...fresh, token: tokenWith(0) }, async () =>
      json({ message: 'bad', statusCode: 401, error: 'invalid_grant' }, 401),
    );
    await expect(client.request('/a')).rejects.toBeInstanceOf(HttpError);
    expect(session().token).toBe('');
  });

  test('no refresh token ends the session', async () => {
    const { client, session, fetchMock } = setup(
      { ...fresh, token: tokenWith(0), refreshToken: '' },
      handler,
    );
    await expect(client.request('/a')).rejects.toThrow('no refresh token available');
    expect(session().token).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('errors', () => {
  test('401 on an authenticated call clears the session without a toast', async () => {
    const { client, session, reported } = setup(fresh, async () => json({ message: 'x' }, 401));
    await expect(client.request('/a')).rejects.toMatchObject({ status: 401 });
    expect(session().token).toBe('');
    expect(reported).toEqual([]);
  });

  test('401 from the token endpoint leaves the session alone', async () => {
    const { client, session } = setup(fresh, async () => json({ message: 'x' }, 401));
    await expect(
      client.requestToken({ grant_type: 'password', username: 'a', password: 'b' }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(session().token).toBe(fresh.token);
  });

  test.each([
    ['GET', 500, 'dataUpdate'],
    ['POST', 500, 'userRequest'],
    ['POST', 429, 'tooManyRequest'],
    ['GET', 408, 'connection'],
    ['GET', 403, 'dataUpdate'],
  ] as const)('%s answered %i is reported as %s and rethrown', async (method, status, kind) => {
    const { client, reported } = setup(fresh, async () =>
      json({ message: 'x', statusCode: status }, status),
    );
    await expect(client.request('/a', { method })).rejects.toMatchObject({
      status,
      kind,
      reported: true,
    });
    expect(reported).toEqual([kind]);
  });

  test('a 5xx write is told once: the error says the toast has told it, so a screen adds no line of its own', async () => {
    const { client, reported } = setup(fresh, async () => json({ message: 'x' }, 503));
    const error = await client.request('/a', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ kind: 'userRequest', reported: true });
    expect(reported).toEqual(['userRequest']);
  });

  test('a quiet call that fails is not marked as told: its caller tells it', async () => {
    const { client, reported } = setup(fresh, async () => json({ message: 'x' }, 500));
    const error = await client.request('/a', { method: 'POST', quiet: true }).catch((e) => e);
    expect(error).toMatchObject({ status: 500, reported: false });
    expect(reported).toEqual([]);
  });

  test('a throttled sign-in (429 too_many_attempts) is its own kind, not the hourly change limit', async () => {
    const { client, reported } = setup(fresh, async () =>
      json({ message: 'wait', statusCode: 429, error: 'too_many_attempts' }, 429),
    );
    await expect(
      client.requestToken({ grant_type: 'password', username: 'a', password: 'b' }),
    ).rejects.toMatchObject({ status: 429, kind: 'tooManyAttempts' });
    expect(reported).toEqual(['tooManyAttempts']);
  });

  test("a throttled sign-in carries the server's wait (Retry-After) to the error and the toast (ruling D12)", async () => {
    const { client, reported, details } = setup(fresh, async () => {
      const answer = json({ message: 'wait', statusCode: 429, error: 'too_many_attempts' }, 429);
      answer.headers.set('Retry-After', '840');
      return answer;
    });
    const error = await client
      .requestToken({ grant_type: 'password', username: 'a', password: 'b' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'tooManyAttempts', retryAfterMs: 840_000 });
    expect(reported).toEqual(['tooManyAttempts']);
    expect(details).toEqual([{ retryAfterMs: 840_000 }]);
  });

  test.each([[400], [409]])('%i is left to the caller', async (status) => {
    const { client, reported } = setup(fresh, async () =>
      json({ message: 'taken', error: 'device_conflict' }, status),
    );
    const error = await client.request('/a', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status,
      message: 'taken',
      body: { error: 'device_conflict' },
      reported: false,
    });
    expect(reported).toEqual([]);
  });

  test.each([
    [400, 'validation_failed'],
    [413, 'validation_failed'],
    [409, 'already_registered'],
    [400, undefined],
    [409, undefined],
  ])(
    "a refusal is left to the caller: the server's code decides, the status only without one (%i %s)",
    async (status, error) => {
      const { client, reported } = setup(fresh, async () =>
        json({ message: 'no', statusCode: status, error }, status),
      );
      const failed = await client.request('/a', { method: 'POST' }).catch((e: unknown) => e);
      expect(failed).toMatchObject({ status, reported: false });
      expect(reported).toEqual([]);
    },
  );

  test.each([
    [409, 'internal_error', 'userRequest'],
    [400, 'bad_gateway', 'userRequest'],
    [404, 'not_found', 'userRequest'],
    [502, undefined, 'userRequest'],
  ] as const)(
    'an answer whose code is no refusal goes to the global toast, whatever its status (%i %s)',
    async (status, error, kind) => {
      const { client, reported } = setup(fresh, async () =>
        json({ message: 'x', statusCode: status, error }, status),
      );
      const failed = await client.request('/a', { method: 'POST' }).catch((e: unknown) => e);
      expect(failed).toMatchObject({ status, reported: true });
      expect(reported).toEqual([kind]);
    },
  );

  test('refused credentials are no toast: the code says so (invalid_grant)', async () => {
    const { client, reported } = setup(fresh, async () =>
      json({ message: 'x', statusCode: 401, error: 'invalid_grant' }, 401),
    );
    await expect(
      client.requestToken({ grant_type: 'password', username: 'a', password: 'b' }),
    ).rejects.toMatchObject({ status: 401, reported: false });
    expect(reported).toEqual([]);
  });

  test('a refresh refused as bad input (400 invalid_request) ends the session too', async () => {
    const { client, session } = setup({ ...fresh, token: tokenWith(0) }, async () =>
      json({ message: 'bad', statusCode: 400, error: 'invalid_request' }, 400),
    );
    await expect(client.request('/a')).rejects.toBeInstanceOf(HttpError);
    expect(session().token).toBe('');
  });

  test('a refresh that failed on the server keeps the session for a retry', async () => {
    const { client, session } = setup({ ...fresh, token: tokenWith(0) }, async () =>
      json({ message: 'x', statusCode: 500, error: 'internal_error' }, 500),
    );
    await expect(client.request('/a')).rejects.toBeInstanceOf(HttpError);
    expect(session().refreshToken).toBe('r1');
  });

  test('a network failure is a connection error', async () => {
    const { client, reported } = setup(fresh, async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.request('/a')).rejects.toMatchObject({ status: 0, kind: 'connection' });
    expect(reported).toEqual(['connection']);
  });

  test('a call that does not answer in time is aborted as a connection error', async () => {
    const { client, reported } = setup(fresh, (_url, init) => {
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    });
    await expect(client.request('/slow', { timeoutMs: 5 })).rejects.toMatchObject({
      kind: 'connection',
    });
    expect(reported).toEqual(['connection']);
  });

  test('a caller that cancels gets no toast', async () => {
    const controller = new AbortController();
    const { client, reported } = setup(fresh, (_url, init) => {
      // Like the real fetch: an already-aborted signal rejects at once.
      const abortError = () => new DOMException('aborted', 'AbortError');
      if (init.signal?.aborted) return Promise.reject(abortError());
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(abortError()));
      });
    });
    const pending = client.request('/a', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(reported).toEqual([]);
  });
});
