// @vitest-environment node
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
// The test plays the heater with the simulator's real SoftAP API: web and simulator still
// meet only on the wire (HTTP on loopback).
// eslint-disable-next-line no-restricted-imports
import { startSoftAp, type SoftAp } from '@hearth/simulator';
import { ACCESS_POINT_PORT, ACCESS_POINT_PREFIX } from '@hearth/protocol';
import type { WifiPlatform } from '../../../lib/platform';
import { HeaterApiError, provisionByAccessPoint, type AccessPointDeps } from './access-point';

let ap: SoftAp;
const received: Array<{ essid: string; pass: string }> = [];

beforeEach(async () => {
  received.length = 0;
  ap = await startSoftAp({
    port: 0,
    devId: '5100000000000000aa',
    onNetwork: (n) => received.push(n),
  });
});
afterEach(() => ap.close());

/** A phone that "joins" the heater's network: on loopback the SoftAP is simply reachable. */
function fakeWifi(origin: () => string) {
  const log: string[] = [];
  const wifi: Pick<WifiPlatform, 'joinAccessPoint' | 'leaveAccessPoint'> = {
    joinAccessPoint: async ({ prefix, port }) => {
      log.push(`join ${prefix}* :${port}`);
      return { ssid: 'Heater_00aa', origin: origin() };
    },
    leaveAccessPoint: async () => {
      log.push('leave');
    },
  };
  return { wifi, log };
}

function deps(extra: Partial<AccessPointDeps> = {}) {
  const { wifi, log } = fakeWifi(() => ap.url);
  const events: string[] = [];
  const d: AccessPointDeps = {
    wifi,
    fetch: globalThis.fetch,
    sleep: async (ms) => {
      events.push(`wait ${ms}`);
    },
    signal: new AbortController().signal,
    essid: 'HomeNet',
    encryptedPass: 'c2VjcmV0LWl2LWFuZC1jaXBoZXJ0ZXh0LWFuZC10YWc=',
    onDeviceFound: (id) => events.push(`found ${id}`),
    ...extra,
  };
  return { d, log, events };
}

describe('access point provisioning against the SoftAP', () => {
  test('joins Heater*, reads the device id, toasts, waits 2 s, sends essid and encrypted password', async () => {
    const { d, log, events } = deps();
    expect(await provisionByAccessPoint(d)).toBe('5100000000000000aa');
    expect(log).toEqual([`join ${ACCESS_POINT_PREFIX}* :${ACCESS_POINT_PORT}`, 'leave']);
    expect(events).toEqual(['found 5100000000000000aa', 'wait 2000']);
    expect(received).toEqual([
      { essid: 'HomeNet', pass: 'c2VjcmV0LWl2LWFuZC1jaXBoZXJ0ZXh0LWFuZC10YWc=' },
    ]);
    expect(ap.networks).toEqual([{ essid: 'HomeNet' }]);
  });

  test('the encrypted form of the longest password (64) reaches the heater', async () => {
    // base64(12-byte iv ‖ 64-byte ciphertext ‖ 16-byte tag): 124 characters.
    const longest = Buffer.alloc(12 + 64 + 16, 7).toString('base64');
    const { d } = deps({ encryptedPass: longest });
    expect(await provisionByAccessPoint(d)).toBe('5100000000000000aa');
    expect(received).toEqual([{ essid: 'HomeNet', pass: longest }]);
  });

  test('a network the heater refuses is an error, and the phone still leaves its network', async () => {
    const { d, log } = deps({ essid: 'x'.repeat(33) });
    await expect(provisionByAccessPoint(d)).rejects.toBeInstanceOf(HeaterApiError);
    expect(received).toHaveLength(0);
    expect(log.at(-1)).toBe('leave');
  });

  test('no heater answering is an error', async () => {
    const gone = ap.url;
    await ap.close();
    const { wifi } = fakeWifi(() => gone);
    const { d } = deps({ wifi });
    await expect(provisionByAccessPoint(d)).rejects.toThrow();
    ap = await startSoftAp({ port: 0 });
  });
});
