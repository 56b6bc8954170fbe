import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import {
  CLIENT_DATA_FILES,
  type DevData,
  type GroupedHome,
  type UpdateEvent,
} from '@hearth/protocol';
import { fetchClientData } from '../client-data';
import { http, HttpError, useErrorToastStore } from '../http';
import { useSessionStore } from '../session/session-store';
import type { SocketStatus } from '../socket/device-socket';
import { connectDemoDevice } from './demo-socket';

const network = vi.fn(() => Promise.reject(new Error('the network must not be used')));

beforeEach(() => {
  vi.stubGlobal('fetch', network);
  useSessionStore.getState().startDemo();
});

afterEach(() => {
  useSessionStore.getState().clear();
  vi.unstubAllGlobals();
  network.mockClear();
});

test('in demo mode the HTTP client answers from the demo backend, without a token or the network', async () => {
  const homes = await http.request<GroupedHome[]>('/api/v2/grouped_devs');
  expect(homes).toHaveLength(5);
  expect(network).not.toHaveBeenCalled();
});

test('demo failures raise the usual HttpError, and the error toast stays suppressed', async () => {
  await expect(http.request('/api/v2/devs/000000000000000000/dev_data')).rejects.toBeInstanceOf(
    HttpError,
  );
  expect(useErrorToastStore.getState().kind).toBeNull();
  expect(network).not.toHaveBeenCalled();
});

test('leaving demo mode (logout clears the session) goes back to the network and starts the next demo afresh', async () => {
  const devId = 'de3000000000000003';
  await http.request(`/api/v2/devs/${devId}/htr/1/mode`, { json: { mode: 'off' } });
  useSessionStore.getState().clear();
  expect(useSessionStore.getState().demo).toBe(false);
  expect(useErrorToastStore.getState().suppressed).toBe(false);
  await expect(http.request('/api/v2/grouped_devs')).rejects.toBeInstanceOf(HttpError);
  useSessionStore.getState().startDemo();
  const data = await http.request<DevData>(`/api/v2/devs/${devId}/dev_data`);
  expect(data.nodes.find((n) => n.addr === 1)?.status?.mode).toBe('auto');
});

test('a login attempt (setSession or endDemo) leaves demo mode', () => {
  useSessionStore.getState().endDemo();
  expect(useSessionStore.getState().demo).toBe(false);
  useSessionStore.getState().startDemo();
  useSessionStore.getState().setSession({ token: 't', refreshToken: 'r', username: 'u' });
  expect(useSessionStore.getState().demo).toBe(false);
});

test('the demo socket gives the snapshot, then the updates that demo writes produce', async () => {
  const devId = 'de3000000000000003';
  const statuses: SocketStatus[] = [];
  const snapshots: DevData[] = [];
  const updates: UpdateEvent[] = [];
  const connection = connectDemoDevice({
    origin: 'http://unused.invalid',
    devId,
    getToken: () => Promise.reject(new Error('no token in demo mode')),
    onDevData: (s) => snapshots.push(s),
    onUpdate: (e) => updates.push(e),
    onStatus: (s) => statuses.push(s),
  });
  await vi.waitFor(() => expect(snapshots).toHaveLength(1));
  expect(statuses).toEqual(['connecting', 'connected']);
  await http.request(`/api/v2/devs/${devId}/htr/2/status`, { json: { stemp: '21.5', units: 'C' } });
  expect(updates.filter((u) => u.path === '/htr/2/status').at(-1)?.body).toMatchObject({
    stemp: '21.5',
  });
  connection.close();
  expect(network).not.toHaveBeenCalled();
});

test("the brand's client data is the default brand's, answered in the browser (spec 1 §7)", async () => {
  const loaded = await fetchClientData('01');
  expect(Object.keys(loaded)).toEqual([...CLIENT_DATA_FILES]);
  expect(loaded.appParameters?.title).toBe('Hearth');
  expect(loaded.capabilities?.supportedTimezones).toContain('Europe/Madrid');
  // Another serial id gets the same: the demo is the default brand.
  expect(await fetchClientData('02')).toEqual(loaded);
  await expect(http.request('/client-data/01/secrets.json')).rejects.toMatchObject({
    status: 404,
  });
  expect(network).not.toHaveBeenCalled();
});
