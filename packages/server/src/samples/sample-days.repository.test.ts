import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { gatewayTopics, type GatewaySample } from '@hearth/protocol';
import { createWorld, gatewayFor, HEATER } from '../devices/control-test-world';
import { getJson, login } from '../test-support/http';
import type { TestGateway } from '../test-support/test-gateway';
import {
  createUser,
  randomDevId,
  startTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';

let t: TestHearth;
const open: TestGateway[] = [];
beforeAll(async () => {
  t = await startTestHearth();
});
afterAll(() => t.stop());
beforeEach(async () => {
  for (const gw of open.splice(0)) await gw.end();
  await t.reset();
});

const utc = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h) / 1000;
// 1 kW at a steady 20 °C: the counter gains 250 Wh every 15 minutes.
const at = (t0: number, i: number): GatewaySample => ({
  type: 'htr',
  addr: 2,
  t: t0 + i * 900,
  counter: 1000 + i * 250,
  temp: '20.0',
});

describe('day totals kept as gateways report', () => {
  it('match the samples for batches in order, late batches and repeated batches', async () => {
    const w = await createWorld(t);
    const gw = await gatewayFor(t, w.devId);
    open.push(gw);
    // Local midnight of 10 February in Madrid (CET) is 23:00 UTC the day before.
    const t0 = utc(2026, 2, 9, 23);
    const all = Array.from({ length: 4 * 36 }, (_, i) => at(t0, i));
    const late = all.filter((_, i) => i % 10 === 5);
    const inOrder = all.filter((_, i) => i % 10 !== 5);
    const publish = (list: GatewaySample[]) =>
      gw.client.publishAsync(gatewayTopics.samples(w.devId), JSON.stringify({ samples: list }), {
        qos: 1,
      });
    const stored = async (n: number) => {
      // Samples gather until none has come for a second (ingest.service.ts SAMPLES_GATHER).
      await vi.waitFor(
        async () =>
          expect(await t.repos.samples.range(w.devId, 'htr', 2, 0, utc(2027, 1, 1))).toHaveLength(
            n,
          ),
        { timeout: 5000 },
      );
      await t.hearth.gatewayIdle();
    };
    const days = async () =>
      (
        await getJson(
          `${t.url}/api/v2/devs/${w.devId}/htr/2/samples?start=${t0}&end=${t0 + 2 * 86400}&group=day`,
          w.guest,
        )
      ).body;
    // 36 hours of samples: the first day whole, the second until the last sample.
    const expected = {
      samples: [
        { t: t0, counter_delta: 24_000, temp: '20.0' },
        { t: t0 + 86400, counter_delta: 11_750, temp: '20.0' },
      ],
    };
    await publish(inOrder.slice(0, 40));
    await stored(40);
    await publish(inOrder.slice(40));
    await stored(inOrder.length);
    expect(await days()).toEqual(expected);
    await publish(late);
    await publish(all.slice(0, 20));
    await stored(all.length);
    expect(await days()).toEqual(expected);
    const month = await getJson(
      `${t.url}/api/v2/devs/${w.devId}/htr/2/samples?start=${utc(2026, 1, 31, 23)}&end=${utc(2026, 2, 28, 23)}&group=month`,
      w.guest,
    );
    expect(month.body).toEqual({
      samples: [{ t: utc(2026, 1, 31, 23), counter_delta: 35_750, temp: '20.0' }],
    });
  });
});

describe('day totals across a daylight-saving change', () => {
  it('a late sample on the 23-hour day recomputes that day alone and leaves the next one whole', async () => {
    const w = await createWorld(t);
    const gw = await gatewayFor(t, w.devId);
    open.push(gw);
    // Madrid springs forward on 29 March 2026: that local day starts at 23:00 UTC the day
    // before and lasts 23 hours; 30 March starts at 22:00 UTC.
    const t0 = utc(2026, 3, 28, 23);
    const all = Array.from({ length: 4 * (23 + 24) }, (_, i) => at(t0, i));
    // The late sample is warmer, so its day's mean shows whether the day was recomputed.
    const late = [{ ...at(t0, 40), temp: '48.0' }];
    const publish = (list: GatewaySample[]) =>
      gw.client.publishAsync(gatewayTopics.samples(w.devId), JSON.stringify({ samples: list }), {
        qos: 1,
      });
    const stored = async (n: number) => {
      await vi.waitFor(
        async () =>
          expect(await t.repos.samples.range(w.devId, 'htr', 2, 0, utc(2027, 1, 1))).toHaveLength(
            n,
          ),
        { timeout: 5000 },
      );
      await t.hearth.gatewayIdle();
    };
    await publish(all.filter((_, i) => i !== 40));
    await stored(all.length - 1);
    // A sample of the short day arriving after the next day's: its day is computed again.
    await publish(late);
    await stored(all.length);
    const days = await getJson(
      `${t.url}/api/v2/devs/${w.devId}/htr/2/samples?start=${t0}&end=${t0 + 2 * 86400}&group=day`,
      w.guest,
    );
    expect(days.body).toEqual({
      samples: [
        // (91 × 20 + 48) / 92 samples of the 23-hour day.
        { t: t0, counter_delta: 23 * 1000, temp: '20.3' },
        { t: utc(2026, 3, 29, 22), counter_delta: 24 * 1000 - 250, temp: '20.0' },
      ],
    });
  });
});

describe('samples of many gateways in one batch', () => {
  it('keep each gateway in its own zone and match the totals of separate inserts', async () => {
    const w = await createWorld(t);
    const other = await createUser(t.repos, 'other@example.com');
    // A second gateway whose home has no zone: its days are UTC days.
    const home = await t.repos.homes.create({ ownerId: other.id, name: 'Other', geoData: {} });
    const devB = randomDevId();
    await t.repos.devices.claim(devB, home.id, { name: 'B', productId: '0002', serialId: '1' });
    const t0 = utc(2026, 2, 9, 23);
    const all = Array.from({ length: 4 * 36 }, (_, i) => at(t0, i));
    const late = all.filter((_, i) => i % 10 === 5);
    const inOrder = all.filter((_, i) => i % 10 !== 5);
    await t.repos.samples.insertBatch([
      { devId: w.devId, list: inOrder.slice(0, 40) },
      { devId: devB, list: inOrder.slice(0, 40) },
    ]);
    // One gateway late (its days recomputed), the other in order, in the same batch.
    await t.repos.samples.insertBatch([
      { devId: devB, list: inOrder.slice(40) },
      { devId: w.devId, list: [...inOrder.slice(40), ...late] },
    ]);
    await t.repos.samples.insertBatch([{ devId: devB, list: late }]);
    const days = async (devId: string, token: string) =>
      (
        await getJson(
          `${t.url}/api/v2/devs/${devId}/htr/2/samples?start=${t0}&end=${t0 + 2 * 86400}&group=day`,
          token,
        )
      ).body;
    expect(await days(w.devId, w.guest)).toEqual({
      samples: [
        { t: t0, counter_delta: 24_000, temp: '20.0' },
        { t: t0 + 86400, counter_delta: 11_750, temp: '20.0' },
      ],
    });
    await t.repos.nodes.replaceList(devB, [HEATER]);
    const tokenB = (await login(t.url, other.email, other.password)).access_token;
    // UTC days start an hour after Madrid's: 4 quarter-hours of 250 Wh move to the day before.
    expect(await days(devB, tokenB)).toEqual({
      samples: [
        { t: t0 - 23 * 3600, counter_delta: 1_000, temp: '20.0' },
        { t: t0 + 3600, counter_delta: 24_000, temp: '20.0' },
        { t: t0 + 3600 + 86400, counter_delta: 10_750, temp: '20.0' },
      ],
    });
  });
});
