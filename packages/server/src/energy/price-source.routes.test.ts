import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PriceSourceAnswer } from '@hearth/protocol';
import { createWorld, type World } from '../devices/control-test-world';
import { homePriceSources } from '../db/schema';
import { startTestHearth, type TestHearth } from '../test-support/test-hearth';
import { createEnergyAutomationRepository } from './automation.repository';
import { call } from './energy.test-helpers';
import {
  fetchPriceText,
  isPrivateAddress,
  parseHostList,
  PriceFetchError,
  priceUrlProblem,
} from './price-fetch';

const HOUR = 3_600_000;
let t: TestHearth;
let prices: Server;
let base: string;
/** What the price server answers at each path. */
const routes = new Map<string, (res: import('node:http').ServerResponse) => void>();

function csv(from: number, hours: number, price = (i: number) => 0.1 + i / 100): string {
  const rows = ['start,price_per_kwh'];
  for (let i = 0; i < hours; i += 1)
    rows.push(`${new Date(from + i * HOUR).toISOString()},${price(i).toFixed(4)}`);
  return `${rows.join('\n')}\n`;
}

beforeAll(async () => {
  prices = createServer((req, res) => {
    const route = routes.get(req.url ?? '');
    if (route) return route(res);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => prices.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(prices.address() as AddressInfo).port}`;
  t = await startTestHearth({ env: { PRICE_URL_HOSTS: '127.0.0.1, prices.example.com' } });
});
afterAll(async () => {
  await t?.stop();
  await new Promise((r) => prices.close(r));
});
beforeEach(async () => {
  routes.clear();
  await t.reset();
});

const path = (w: World) => `/api/hearth/v1/homes/${w.homeId}/tariffs/price_source`;
const thisHour = () => Math.floor(Date.now() / HOUR) * HOUR;

describe('the price URL checks', () => {
  it('allows only listed hosts, https (plain http only for a listed loopback host), no credentials', () => {
    const hosts = parseHostList('prices.example.com, 127.0.0.1');
    expect(hosts).toEqual(['prices.example.com', '127.0.0.1']);
    expect(priceUrlProblem('https://prices.example.com/day.csv?key=1', hosts)).toBeUndefined();
    expect(priceUrlProblem('https://PRICES.example.com/day.csv', hosts)).toBeUndefined();
    expect(priceUrlProblem('http://127.0.0.1:8080/p.csv', hosts)).toBeUndefined();
    expect(priceUrlProblem('http://prices.example.com/p.csv', hosts)).toMatch(/https/);
    expect(priceUrlProblem('https://evil.example.com/p.csv', hosts)).toMatch(/only from the hosts/);
    expect(priceUrlProblem('https://prices.example.com.evil.net/p.csv', hosts)).toBeDefined();
    expect(priceUrlProblem('https://u:p@prices.example.com/p.csv', hosts)).toMatch(/password/);
    expect(priceUrlProblem('file:///etc/passwd', hosts)).toBeDefined();
    expect(priceUrlProblem('https://prices.example.com/p.csv', [])).toMatch(/not allowed any/);
  });

  it('knows the private, loopback and link-local addresses a price service never has', () => {
    for (const a of [
      '10.1.2.3',
      '127.0.0.1',
      '169.254.169.254',
      '172.20.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['1.1.1.1', '172.32.0.1', '2a00:1450::1'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('does not follow a redirect to another host, and stops at the size limit', async () => {
    routes.set('/away', (res) => res.writeHead(302, { location: 'http://localhost/x.csv' }).end());
    routes.set('/big', (res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end('x'.repeat(5000));
    });
    routes.set('/here', (res) => res.writeHead(302, { location: '/ok' }).end());
    routes.set('/ok', (res) => res.writeHead(200).end('fine'));
    const hosts = ['127.0.0.1'];
    await expect(fetchPriceText(`${base}/away`, hosts)).rejects.toThrow(/another address/);
    await expect(fetchPriceText(`${base}/big`, hosts, { maxBytes: 1000 })).rejects.toThrow(
      PriceFetchError,
    );
    expect(await fetchPriceText(`${base}/here`, hosts)).toBe('fine');
  });
});

describe('prices from a URL', () => {
  it('fetches at once and stores the prices from the current slot on as a dynamic tariff; the same prices again add nothing', async () => {
    const w = await createWorld(t);
    routes.set('/day.csv', (res) =>
      res.writeHead(200, { 'content-type': 'text/csv' }).end(csv(thisHour() - HOUR, 30)),
    );
    const url = `${base}/day.csv`;
    const res = await call(t, 'PUT', path(w), { token: w.owner, json: { url, currency: 'EUR' } });
    expect(res.status).toBe(200);
    const answer = res.body as PriceSourceAnswer;
    expect(answer).toMatchObject({ url, currency: 'EUR', last_error: null });
    expect(answer.last_fetch_ms).toBeGreaterThan(Date.now() - 60_000);

    const tariffs = await call(t, 'GET', `/api/hearth/v1/homes/${w.homeId}/tariffs`, {
      token: w.guest,
    });
    const body = tariffs.body as {
      currency: string;
      tariffs: { kind: string; validFrom: number; prices: unknown[] }[];
    };
    expect(body.currency).toBe('EUR');
    expect(body.tariffs).toHaveLength(1);
    // The hour before this one is the past: it is not priced by a fetch made now.
    expect(body.tariffs[0]).toMatchObject({ kind: 'dynamic', validFrom: thisHour() });
    expect(body.tariffs[0]?.prices).toHaveLength(29);

    expect(
      (await call(t, 'PUT', path(w), { token: w.owner, json: { url, currency: 'EUR' } })).status,
    ).toBe(200);
    const again = await call(t, 'GET', `/api/hearth/v1/homes/${w.homeId}/tariffs`, {
      token: w.owner,
    });
    expect((again.body as { tariffs: unknown[] }).tariffs).toHaveLength(1);
    expect(await call(t, 'GET', path(w), { token: w.owner })).toMatchObject({
      status: 200,
      body: { url },
    });
  });

  it('fetches again when due (hourly) and adds the new prices from the current slot on', async () => {
    const w = await createWorld(t);
    let level = 0.1;
    routes.set('/day.csv', (res) => res.writeHead(200).end(csv(thisHour(), 24, () => level)));
    const url = `${base}/day.csv`;
    expect(
      (await call(t, 'PUT', path(w), { token: w.owner, json: { url, currency: 'EUR' } })).status,
    ).toBe(200);
    // Not due yet: the upkeep leaves it.
    level = 0.2;
    await t.hearth.energyTick();
    const tariffsOf = async () =>
      (
        (await call(t, 'GET', `/api/hearth/v1/homes/${w.homeId}/tariffs`, { token: w.owner }))
          .body as {
          tariffs: { validFrom: number; prices: { pricePerKwh: number }[] }[];
        }
      ).tariffs;
    expect(await tariffsOf()).toHaveLength(1);
    // An hour on: due, fetched, the new prices replace the ones from the current slot.
    await t.hearth.db.update(homePriceSources).set({ nextFetchAt: new Date(Date.now() - 1000) });
    await t.hearth.energyTick();
    const after = await tariffsOf();
    expect(after.at(-1)?.prices[0]?.pricePerKwh).toBe(0.2);
    expect(after.at(-1)?.validFrom).toBe(thisHour());
    const [row] = await t.hearth.db.select().from(homePriceSources);
    expect(row?.nextFetchAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
  });

  it('keeps why a fetch failed, in words without the address or its key', async () => {
    const w = await createWorld(t);
    routes.set('/down.csv?key=s3cret', (res) => res.writeHead(500).end('boom'));
    routes.set('/bad.csv', (res) => res.writeHead(200).end('start,price_per_kwh\nyesterday,1\n'));
    const down = await call(t, 'PUT', path(w), {
      token: w.owner,
      json: { url: `${base}/down.csv?key=s3cret`, currency: 'EUR' },
    });
    expect(down.body).toMatchObject({
      last_fetch_ms: null,
      last_error: 'the host answered HTTP 500',
    });
    const bad = await call(t, 'PUT', path(w), {
      token: w.owner,
      json: { url: `${base}/bad.csv`, currency: 'EUR' },
    });
    expect((bad.body as PriceSourceAnswer).last_error).toMatch(/^line 2: /);
    const none = await call(t, 'GET', `/api/hearth/v1/homes/${w.homeId}/tariffs`, {
      token: w.owner,
    });
    expect((none.body as { tariffs: unknown[] }).tariffs).toEqual([]);
  });

  it('refuses a host off the list (price_source_not_allowed) and hostile bodies, storing nothing', async () => {
    const w = await createWorld(t);
    const off = await call(t, 'PUT', path(w), {
      token: w.owner,
      json: { url: 'https://evil.example.com/p.csv', currency: 'EUR' },
    });
    expect(off.status).toBe(400);
    expect((off.body as { error: string }).error).toBe('price_source_not_allowed');
    for (const json of [
      { url: 'http://prices.example.com/p.csv', currency: 'EUR' },
      { url: `https://prices.example.com/${'a'.repeat(3000)}`, currency: 'EUR' },
      { url: 'not a url', currency: 'EUR' },
      { url: `${base}/p.csv`, currency: 'euro' },
      { url: `${base}/p.csv`, currency: 'EUR', slot_minutes: 15 },
      { url: `${base}/p.csv`, currency: 'EUR', fallback_price_per_kwh: 1e6 },
      { currency: 'EUR' },
    ]) {
      const res = await call(t, 'PUT', path(w), { token: w.owner, json });
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
    }
    expect(await t.hearth.db.select().from(homePriceSources)).toEqual([]);
    expect((await call(t, 'GET', path(w), { token: w.owner })).status).toBe(404);
  });

  it('is the owner’s: the people it is shared with 403, strangers 404, no token 401; DELETE stops it', async () => {
    const w = await createWorld(t);
    routes.set('/p.csv', (res) => res.writeHead(200).end(csv(thisHour(), 24)));
    const json = { url: `${base}/p.csv`, currency: 'EUR' };
    expect((await call(t, 'PUT', path(w), { json })).status).toBe(401);
    expect((await call(t, 'PUT', path(w), { token: w.stranger, json })).status).toBe(404);
    expect((await call(t, 'PUT', path(w), { token: w.guest, json })).status).toBe(403);
    expect((await call(t, 'PUT', path(w), { token: w.owner, json })).status).toBe(200);
    expect((await call(t, 'GET', path(w), { token: w.guest })).status).toBe(403);
    expect((await call(t, 'DELETE', path(w), { token: w.guest })).status).toBe(403);
    expect((await call(t, 'DELETE', path(w), { token: w.owner })).status).toBe(204);
    expect((await call(t, 'DELETE', path(w), { token: w.owner })).status).toBe(404);
  });

  it('a due fetch is claimed by one process only, and not again for an hour', async () => {
    const w = await createWorld(t);
    const repo = createEnergyAutomationRepository(t.hearth.db);
    await repo.putPriceSource(w.homeId, {
      url: `${base}/p.csv`,
      currency: 'EUR',
      slotMinutes: null,
      fallbackPricePerKwh: null,
    });
    const now = new Date(Date.now() + 1000);
    const until = new Date(now.getTime() + HOUR);
    const [a, b] = await Promise.all([repo.claimDue(now, until), repo.claimDue(now, until)]);
    expect([a.length, b.length].sort()).toEqual([0, 1]);
    expect(await repo.claimDue(new Date(now.getTime() + HOUR - 1000), until)).toEqual([]);
    expect(await repo.claimDue(until, new Date(until.getTime() + HOUR))).toHaveLength(1);
  });
});
