import { describe, expect, test } from 'vitest';
import { HUB_DISCOVERY_TIMEOUT_MS } from '@hearth/protocol';
import { connectedHubDiscovery } from './hub-discovery';

/** A clock that moves only when the discovery sleeps. */
function clock() {
  let t = 0;
  return { now: () => t, sleep: async (ms: number) => void (t += ms) };
}

describe('hub discovery', () => {
  test('a new heater is confirmed by the id it said (registration waits for it next)', async () => {
    const hub = connectedHubDiscovery({ isConnected: () => Promise.reject(new Error('403')) });
    expect(await hub.confirmed('5100aaaaaaaaaaaa01', false, new AbortController().signal)).toBe(
      '5100aaaaaaaaaaaa01',
    );
  });

  test('a heater of the user is confirmed once it reports connected', async () => {
    const c = clock();
    const answers = [false, false, true];
    const hub = connectedHubDiscovery({
      ...c,
      isConnected: async () => answers.shift() ?? false,
      pollMs: 2_000,
    });
    expect(await hub.confirmed('5100aaaaaaaaaaaa01', true, new AbortController().signal)).toBe(
      '5100aaaaaaaaaaaa01',
    );
    expect(c.now()).toBe(4_000);
  });

  test('one that never comes back times out after 60 s', async () => {
    const c = clock();
    const hub = connectedHubDiscovery({ ...c, isConnected: async () => false });
    await expect(
      hub.confirmed('5100aaaaaaaaaaaa01', true, new AbortController().signal),
    ).rejects.toThrow(`no answer within ${HUB_DISCOVERY_TIMEOUT_MS} ms`);
    expect(c.now()).toBe(HUB_DISCOVERY_TIMEOUT_MS);
  });
});
