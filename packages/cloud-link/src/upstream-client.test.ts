import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeCloud, type CloudAnswer, type CloudRequest } from '../test/fake-cloud.ts';
import { CLOUD_LINK_TIMING } from './timing.ts';
import {
  UpstreamClient,
  UpstreamRateLimitedError,
  UpstreamRequestError,
} from './upstream-client.ts';
import { UpstreamSession, UpstreamUnreachableError } from './upstream-session.ts';

let cloud: FakeCloud;
let session: UpstreamSession;
let client: UpstreamClient;
let clock: number;
let sleeps: number[];

beforeEach(async () => {
  cloud = new FakeCloud();
  const upstream = await cloud.start();
  clock = 5_000_000;
  sleeps = [];
  session = new UpstreamSession({
    upstream,
    username: 'owner@example.com',
    password: 'right',
    now: () => clock,
    refreshAhead: false,
  });
  client = new UpstreamClient({
    upstream,
    session,
    now: () => clock,
    sleep: (ms) => {
      sleeps.push(ms);
      clock += ms;
      return Promise.resolve();
    },
  });
});

afterEach(async () => {
  session.close();
  await cloud.stop();
});

const homes = [
  {
    id: 'g1',
    name: 'Home',
    owner: true,
    devs: [{ dev_id: 'abc123', name: 'Box', product_id: '0', fw_version: '1', serial_id: '14' }],
  },
];

function routes(table: Record<string, (request: CloudRequest) => CloudAnswer>): void {
  cloud.api = (request) => table[`${request.method} ${request.path}`]?.(request) ?? { status: 404 };
}

describe('upstream REST client', () => {
  it('reads the homes with the bearer token and the brand headers', async () => {
    routes({ 'GET /api/v2/grouped_devs': () => ({ status: 200, body: homes }) });
    expect(await client.groupedDevs()).toEqual(homes);
    const [request] = cloud.apiRequests;
    expect(request?.headers.authorization).toBe('Bearer access-1');
    expect(request?.headers['x-serialid']).toBe('14');
    expect(request?.headers['x-referer']).toBe('https://app.example.com');
  });

  it('reads a device, its nodes and a node part, and posts a part as JSON', async () => {
    const nodes = [{ name: 'Hall', addr: 2, type: 'htr', installed: true, lost: false }];
    routes({
      'GET /api/v2/devs/abc123/dev_data': () => ({ status: 200, body: { connected: true, nodes } }),
      'GET /api/v2/devs/abc123/mgr/nodes': () => ({ status: 200, body: { nodes } }),
      'GET /api/v2/devs/abc123/htr/2/status': () => ({ status: 200, body: { stemp: '21.0' } }),
      'POST /api/v2/devs/abc123/htr/2/status': () => ({ status: 201 }),
    });
    expect(await client.devData('abc123')).toEqual({ connected: true, nodes });
    expect(await client.nodes('abc123')).toEqual(nodes);
    const hall = { type: 'htr', addr: 2 };
    expect(await client.readNode('abc123', hall, 'status')).toEqual({ stemp: '21.0' });
    await client.writeNode('abc123', hall, 'status', { stemp: '20.5', units: 'C' });
    const post = cloud.apiRequests.at(-1);
    expect(post?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post?.body ?? '')).toEqual({ stemp: '20.5', units: 'C' });
  });

  it('renews a refused token once and repeats the request', async () => {
    routes({
      'GET /api/v2/grouped_devs': (request) =>
        request.headers.authorization === 'Bearer access-1'
          ? { status: 401 }
          : { status: 200, body: homes },
    });
    expect(await client.groupedDevs()).toEqual(homes);
    expect(cloud.requests.map((r) => r.form.grant_type)).toEqual(['password', 'refresh_token']);
  });

  it('waits as Retry-After says on 429, else by its backoff, then gives up', async () => {
    let answers = 0;
    routes({
      'GET /api/v2/grouped_devs': () => {
        answers += 1;
        if (answers === 1) return { status: 429, headers: { 'retry-after': '7' } };
        if (answers === 2) return { status: 429 };
        return { status: 200, body: homes };
      },
    });
    expect(await client.groupedDevs()).toEqual(homes);
    expect(sleeps).toEqual([7_000, CLOUD_LINK_TIMING.rateLimitBackoffMs[1]]);
    routes({ 'GET /api/v2/grouped_devs': () => ({ status: 429 }) });
    sleeps = [];
    await expect(client.groupedDevs()).rejects.toBeInstanceOf(UpstreamRateLimitedError);
    expect(sleeps).toEqual([...CLOUD_LINK_TIMING.rateLimitBackoffMs]);
  });

  it('tells a refused request from an unreachable cloud', async () => {
    routes({
      'GET /api/v2/devs/gone/dev_data': () => ({ status: 404 }),
      'GET /api/v2/devs/busy/dev_data': () => ({ status: 502 }),
    });
    const refused = await client.devData('gone').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UpstreamRequestError);
    expect((refused as UpstreamRequestError).status).toBe(404);
    await expect(client.devData('busy')).rejects.toBeInstanceOf(UpstreamUnreachableError);
  });

  it('fetches samples no faster than one request a second', async () => {
    routes({
      'GET /api/v2/devs/abc123/htr/2/samples?start=100&end=200': () => ({
        status: 200,
        body: { samples: [{ t: 150, temp: '20.1', counter: '1200' }] },
      }),
    });
    const hall = { type: 'htr', addr: 2 };
    const all = await Promise.all([
      client.samples('abc123', hall, 100, 200),
      client.samples('abc123', hall, 100, 200),
      client.samples('abc123', hall, 100.9, 200.2),
    ]);
    expect(all.flat()).toHaveLength(3);
    expect(sleeps).toEqual([
      CLOUD_LINK_TIMING.samplesMinIntervalMs,
      CLOUD_LINK_TIMING.samplesMinIntervalMs,
    ]);
  });
});
