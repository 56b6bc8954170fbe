// Shared setup of the energy route tests (not a test file itself).
import type { GatewaySample } from '@hearth/protocol';
import type { TestHearth } from '../test-support/test-hearth';

export const utc = (y: number, m: number, d: number, h = 0, min = 0) =>
  Date.UTC(y, m - 1, d, h, min) / 1000;

/** A heater drawing a steady 1 kW, sampled every 15 minutes over [from, to] (seconds). */
export function steady(from: number, to: number, addr = 2, counterAtFrom = 0): GatewaySample[] {
  const out: GatewaySample[] = [];
  for (let t = from, c = counterAtFrom; t <= to; t += 900, c += 250) {
    out.push({ type: 'htr', addr, t, counter: c, temp: '20.0' });
  }
  return out;
}

export interface Call {
  status: number;
  body: unknown;
}

/** One call of the API with a JSON body or CSV text, answered as status and parsed body. */
export async function call(
  t: TestHearth,
  method: string,
  path: string,
  opts: { token?: string; json?: unknown; csv?: string; raw?: string } = {},
): Promise<Call> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.json !== undefined || opts.raw !== undefined) {
    headers['content-type'] = 'application/json';
    body = opts.raw ?? JSON.stringify(opts.json);
  } else if (opts.csv !== undefined) {
    headers['content-type'] = 'text/csv';
    body = opts.csv;
  }
  const res = await fetch(`${t.url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

export interface Bucket {
  key: string;
  start: number;
  end: number;
  kwh: number;
  cost: number;
  unpriced_kwh: number;
}

export interface Costs {
  currency: string | null;
  time_zone: string;
  home: { buckets: Bucket[] };
  nodes: { dev: string; type: string; addr: number; name: string; buckets: Bucket[] }[];
  month_to_date: {
    key: string;
    start: number;
    end: number;
    kwh_to_date: number;
    cost_to_date: number;
    unpriced_kwh_to_date: number;
    projected_kwh: number;
    projected_cost: number;
    basis: string;
  };
}
