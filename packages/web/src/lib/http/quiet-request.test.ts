import { expect, test } from 'vitest';
import { json } from '../../test/fake-fetch';
import { makeToken } from '../../test/tokens';
import type { ErrorKind } from './errors';
import { createHttpClient } from './http-client';

const NOW = 1_700_000_000_000;

function client(answer: () => Promise<Response>) {
  const reported: ErrorKind[] = [];
  const http = createHttpClient({
    baseUrl: () => 'https://hearth.test',
    fetch: () => (() => answer()) as unknown as typeof fetch,
    now: () => NOW,
    clientAuth: () => 'Basic eA==',
    session: {
      get: () => ({
        token: makeToken({ exp: NOW / 1000 + 3_600 }),
        refreshToken: 'r',
        username: 'u',
      }),
      set: () => undefined,
      clear: () => undefined,
    },
    reportError: (kind) => reported.push(kind),
  });
  return { http, reported };
}

// Spec 3 §8: a power read that fails is ignored, so it must not raise the global toast.
test('a quiet request rejects without reporting, a normal one reports', async () => {
  const failing = () =>
    Promise.resolve(json({ message: 'x', statusCode: 502, error: 'bad_gateway' }, 502));
  const quiet = client(failing);
  await expect(quiet.http.request('/p', { quiet: true })).rejects.toMatchObject({ status: 502 });
  expect(quiet.reported).toEqual([]);
  const loud = client(failing);
  await expect(loud.http.request('/p')).rejects.toMatchObject({ status: 502 });
  expect(loud.reported).toEqual(['dataUpdate']);
});

test('a quiet request that cannot reach the server stays quiet too', async () => {
  const offline = client(() => Promise.reject(new TypeError('network down')));
  await expect(offline.http.request('/p', { quiet: true })).rejects.toMatchObject({ status: 0 });
  expect(offline.reported).toEqual([]);
});
