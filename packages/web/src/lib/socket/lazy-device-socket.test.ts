import { describe, expect, test, vi } from 'vitest';
import type { DeviceSocketOptions } from './device-socket';

const opened = vi.hoisted(() => ({ close: vi.fn(), resume: vi.fn(), count: 0 }));
vi.mock('./device-socket', () => ({
  connectDeviceSocket: () => {
    opened.count += 1;
    return { close: opened.close, resume: opened.resume };
  },
}));

const { connectDeviceSocketLazily } = await import('./lazy-device-socket');

const options = (): DeviceSocketOptions => ({
  origin: 'http://127.0.0.1',
  devId: 'dev',
  getToken: () => Promise.resolve('t'),
  onDevData: vi.fn(),
  onUpdate: vi.fn(),
  onStatus: vi.fn(),
});

describe('connectDeviceSocketLazily', () => {
  test('opens the socket once the client arrives; close and resume reach it', async () => {
    const before = opened.count;
    const connection = connectDeviceSocketLazily(options());
    await vi.waitFor(() => expect(opened.count).toBe(before + 1));
    connection.resume();
    expect(opened.resume).toHaveBeenCalledTimes(1);
    connection.close();
    expect(opened.close).toHaveBeenCalledTimes(1);
  });

  test('closed before the client arrives: no socket is opened', async () => {
    const before = opened.count;
    connectDeviceSocketLazily(options()).close();
    // The import has settled once a later one has.
    await import('./device-socket');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(opened.count).toBe(before);
  });
});
