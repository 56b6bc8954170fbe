import { gatewayTopics } from '@hearth/protocol';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ManualClock, type SimClock } from '@hearth/device-model';
import { startFleet, type Fleet } from './fleet';
import { gatewaySecret, simDevId } from './identity';
import {
  startObserver,
  startTestBroker,
  type Observer,
  type Received,
  type TestBroker,
} from './test-broker';
import type { WindowsOption } from './types';

export const KEY = 'test-gateway-key';
export const START = Date.UTC(2026, 0, 14, 9, 0, 0);

export const up = (devId: string, path: string) => (m: Received) =>
  m.topic === gatewayTopics.up(devId, path);
export const ackOf = (devId: string, id: string) => (m: Received) =>
  m.topic === gatewayTopics.ack(devId) && (m.body as { id: string }).id === id;

/**
 * One simulated gateway at a time over a real broker, with an observer of every topic, for
 * the tests of a file. `firstIndex` keeps each file's dev_ids apart from the others' (the
 * broker may be shared, and it keeps retained messages).
 */
export function useSimGateways(firstIndex: number) {
  let broker: TestBroker;
  let observer: Observer;
  let fleet: Fleet | undefined;
  let gatewayIndex = 0;

  beforeAll(async () => {
    broker = await startTestBroker(KEY);
    observer = await startObserver(broker.url);
  });

  afterEach(async () => {
    await fleet?.stop();
    fleet = undefined;
  });

  afterAll(async () => {
    await observer.close();
    await broker.close();
  });

  /**
   * Starts one gateway and waits until it has announced its whole state. Each test gets
   * its own dev_id so that retained messages and sessions never mix.
   */
  async function startOne(
    opts: {
      secret?: string;
      reportIntervalMs?: number;
      reportPhase?: 'aligned' | 'spread';
      /** The gateway's first timer fires this much late (a process busy at start). */
      firstTimerLateMs?: number;
      windows?: WindowsOption;
    } = {},
  ): Promise<{ devId: string; clock: ManualClock }> {
    const devId = simDevId(firstIndex + gatewayIndex++);
    const clock = new ManualClock(START);
    let late = opts.firstTimerLateMs ?? 0;
    const gatewayClock: SimClock = {
      now: () => clock.now(),
      setTimeout: (fn, ms) => {
        const extra = late;
        late = 0;
        return clock.setTimeout(fn, ms + extra);
      },
      clearTimeout: (handle) => clock.clearTimeout(handle),
    };
    fleet = await startFleet({
      mqttUrl: broker.url,
      gateways: [
        {
          devId,
          secret: opts.secret ?? gatewaySecret(KEY, devId),
          timezone: 'Europe/Madrid',
          preset: 'house',
        },
      ],
      clock: gatewayClock,
      seed: 7,
      reportIntervalMs: opts.reportIntervalMs,
      reportPhase: opts.reportPhase,
      windows: opts.windows,
    });
    if (!opts.secret) await observer.waitFor(up(devId, '/pmo_system'));
    return { devId, clock };
  }

  function sendCmd(
    devId: string,
    cmd: { id: string; method: string; path: string; body?: unknown },
  ): Promise<unknown> {
    return observer.client.publishAsync(gatewayTopics.cmd(devId), JSON.stringify(cmd), {
      qos: 1,
    });
  }

  return { startOne, sendCmd, observer: () => observer, fleet: () => fleet };
}
