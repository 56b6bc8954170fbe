import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { signIn } from '../../test/session';
import { useConnectionStore } from '../socket/connection-store';
import { http, useErrorToastStore } from './index';

// Ruling D8: "Changes may not be saved successfully, check your Internet connection" is shown
// when a write gets no answer at all (network error or timeout), once per failure burst.

let down: boolean;
let told: string[];
let stopListening = () => {};

beforeEach(() => {
  signIn();
  down = false;
  useErrorToastStore.setState({ kind: null, message: null, unansweredTold: false });
  useConnectionStore.setState({ sockets: {}, reachable: true });
  installFakeFetch({
    'POST /api/v2/devs/d/htr/1/status': () => {
      if (down) throw new TypeError('Failed to fetch');
      return json({});
    },
    'GET /api/v2/grouped_devs': () => {
      if (down) throw new TypeError('Failed to fetch');
      return json([]);
    },
  });
  told = [];
  stopListening = useErrorToastStore.subscribe((s, before) => {
    if (s.seq !== before.seq && s.kind) told.push(s.kind);
  });
});

afterEach(() => {
  stopListening();
  vi.unstubAllGlobals();
});

const write = () =>
  http.request('/api/v2/devs/d/htr/1/status', { json: { stemp: '21.0' } }).catch(() => undefined);
const read = () => http.request('/api/v2/grouped_devs').catch(() => undefined);

test('a write with no answer says changes may not be saved, once per failure burst', async () => {
  down = true;
  await write();
  await write();
  await write();
  expect(told).toEqual(['changesNotSaved']);
  expect(useConnectionStore.getState().reachable).toBe(false);

  // An answer ends the burst: the next write with no answer is told again.
  down = false;
  await read();
  expect(useConnectionStore.getState().reachable).toBe(true);
  down = true;
  await write();
  expect(told).toEqual(['changesNotSaved', 'changesNotSaved']);
});

test('a read with no answer stays the connection error; a refused write is not "not saved"', async () => {
  down = true;
  await read();
  expect(told).toEqual(['connection']);
  down = false;
  installFakeFetch({
    'POST /api/v2/devs/d/htr/1/status': () =>
      json({ statusCode: 500, error: 'x', message: 'x' }, 500),
  });
  await write();
  expect(told).toEqual(['connection', 'userRequest']);
});

test('signing in with no answer is a connection error, not about changes', async () => {
  down = true;
  installFakeFetch({
    'POST /client/token': () => {
      throw new TypeError('Failed to fetch');
    },
  });
  await http
    .requestToken({ grant_type: 'password', username: 'a@b.c', password: 'x' })
    .catch(() => undefined);
  expect(told).toEqual(['connection']);
});
