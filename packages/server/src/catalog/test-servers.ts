import { createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { catalogPlugin, type CatalogOptions } from './index';

/**
 * Test support (not a test): the catalog plugin alone on a real port, and a small real HTTP
 * server that answers like Open-Meteo's geocoding and forecast APIs and counts what it is asked.
 */

export interface FakePlace {
  name: string;
  country_code: string;
  admin1?: string;
  admin2?: string;
  latitude: number;
  longitude: number;
  postcodes?: string[];
}

export type FakeMode = 'ok' | 'invalid-json' | 'wrong-shape' | 'http-500';

export interface FakeOpenMeteo {
  url: string;
  counts: { search: number; forecast: number };
  searches: URLSearchParams[];
  forecasts: URLSearchParams[];
  mode: FakeMode;
  close(): Promise<void>;
}

const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Forecast figures picked so that each mapping rule (rounding, %→fraction, codes) shows. */
export const FAKE_FORECAST = {
  current: {
    temperature_2m: 12.34,
    relative_humidity_2m: 81,
    wind_speed_10m: 14.76,
    weather_code: 61,
    is_day: 1,
  },
  daily: {
    time: ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'],
    weather_code: [0, 2, 95, null],
    temperature_2m_max: [15.26, 14, 11.5, null],
    temperature_2m_min: [5.04, 6, 3.25, null],
  },
};

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body);
}

export async function startFakeOpenMeteo(places: FakePlace[]): Promise<FakeOpenMeteo> {
  const fake: FakeOpenMeteo = {
    url: '',
    counts: { search: 0, forecast: 0 },
    searches: [],
    forecasts: [],
    mode: 'ok',
    close: () => Promise.resolve(),
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const q = url.searchParams;
    if (url.pathname === '/v1/search') {
      fake.counts.search += 1;
      fake.searches.push(q);
    } else if (url.pathname === '/v1/forecast') {
      fake.counts.forecast += 1;
      fake.forecasts.push(q);
    } else {
      send(res, 404, '{"error":true,"reason":"not found"}');
      return;
    }
    if (fake.mode === 'invalid-json') return send(res, 200, '{"current": {"temperature_2m": 1');
    if (fake.mode === 'wrong-shape') return send(res, 200, '{"results": "nope", "current": 3}');
    if (fake.mode === 'http-500') return send(res, 500, '{"error":true,"reason":"down"}');
    if (url.pathname === '/v1/forecast') return send(res, 200, JSON.stringify(FAKE_FORECAST));
    const name = fold(q.get('name') ?? '');
    const country = q.get('countryCode');
    const results = places.filter(
      (p) =>
        (!country || p.country_code === country) &&
        (fold(p.name) === name || (p.postcodes ?? []).includes(q.get('name') ?? '')),
    );
    // Like Open-Meteo: no `results` key at all when nothing matches.
    send(
      res,
      200,
      JSON.stringify(
        results.length > 0 ? { results, generationtime_ms: 0.1 } : { generationtime_ms: 0.1 },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
  return fake;
}

/** A URL on which nothing listens: bind a port, then free it. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export interface RunningCatalog {
  app: FastifyInstance;
  url: string;
}

export async function startCatalog(opts: CatalogOptions): Promise<RunningCatalog> {
  const app = Fastify({ logger: false });
  await app.register(catalogPlugin, opts);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** GET with the path sent byte for byte (fetch would resolve `..` segments before sending). */
export function rawGet(baseUrl: string, path: string): Promise<{ status: number; body: unknown }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: 'GET' }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: text ? (JSON.parse(text) as unknown) : undefined,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}
