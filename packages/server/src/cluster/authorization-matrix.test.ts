import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_NAMESPACE } from '@hearth/protocol';
import { login } from '../test-support/http';
import {
  createHomeWithDevice,
  createUser,
  startTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';
import { matrixRequests, type MatrixRequest, type OpenApiDoc } from './openapi-requests';

const DAY = Array.from({ length: 24 }, () => 2);
/**
 * Valid requests for writes whose schema a generated sample fails, so the stranger's
 * refusal is an authorization decision and not a validation one (asserted strictly below).
 */
const VALID: Record<string, { body?: unknown; query?: string }> = {
  'POST /api/v2/devs/{dev}/{type}/{addr}/status': { body: { stemp: '21.0', units: 'C' } },
  'POST /api/v2/devs/{dev}/{type}/{addr}/prog': {
    body: { prog: Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, DAY])) },
  },
  'POST /api/v2/devs/{dev}/{type}/{addr}/prog_temps': {
    body: { ice_temp: '7.0', eco_temp: '18.0', comf_temp: '21.0', units: 'C' },
  },
  'GET /api/v2/devs/{dev}/{type}/{addr}/samples': { query: 'start=0&end=3600' },
  'POST /api/v2/devs/{dev}/htr_system/power_limit': { body: { power_limit: '2000' } },
};

function withValid(req: MatrixRequest): MatrixRequest {
  const valid = VALID[`${req.method} ${req.route}`];
  if (!valid) return req;
  return {
    ...req,
    body: valid.body ?? req.body,
    url: valid.query ? `${req.url}?${valid.query}` : req.url,
  };
}

async function send(req: MatrixRequest, token: string | undefined): Promise<number> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let body: string | undefined;
  if (req.body !== undefined) {
    const form = req.contentType === 'application/x-www-form-urlencoded';
    headers['content-type'] = form ? req.contentType! : 'application/json';
    body = form
      ? new URLSearchParams(req.body as Record<string, string>).toString()
      : JSON.stringify(req.body);
  }
  const res = await fetch(req.url, { method: req.method, headers, body });
  await res.arrayBuffer();
  return res.status;
}

function socketError(url: string, query: Record<string, string>): Promise<string> {
  const socket = io(`${url}${SOCKET_NAMESPACE}`, {
    path: '/socket.io/',
    transports: ['websocket'],
    query,
    reconnection: false,
  });
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.close();
      resolve('connected');
    });
    socket.once('connect_error', (err) => {
      socket.close();
      resolve(err.message);
    });
  });
}

// Every operation the server registers, read from its own OpenAPI document at test time,
// so an endpoint added later is covered without touching this file.
describe('authorization matrix', () => {
  let t: TestHearth;
  let requests: MatrixRequest[];
  let strangerToken: string;
  let owner: { devId: string; homeId: string; userId: string; token: string };
  beforeAll(async () => {
    t = await startTestHearth();
    const ownerUser = await createUser(t.repos, 'owner@matrix.test');
    const home = await createHomeWithDevice(t.repos, ownerUser.id);
    // One announced heater, so the owner's node requests reach a real node.
    await t.repos.nodes.replaceList(home.devId, [
      { name: 'Heater', addr: 1, type: 'htr', installed: true, lost: false },
    ]);
    await t.repos.nodes.setPart(home.devId, 'htr', 1, 'status', {
      mode: 'manual',
      stemp: '20.0',
      mtemp: '19.0',
      units: 'C',
    });
    const stranger = await createUser(t.repos, 'stranger@matrix.test');
    owner = {
      ...home,
      userId: ownerUser.id,
      token: (await login(t.url, ownerUser.email, ownerUser.password)).access_token,
    };
    strangerToken = (await login(t.url, stranger.email, stranger.password)).access_token;
    const doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as OpenApiDoc;
    requests = matrixRequests(doc, t.url, {
      dev: home.devId,
      gid: home.homeId,
      uid: ownerUser.id,
      type: 'htr',
      addr: '1',
      serialId: '01',
    });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('reads a document that lists the device and home endpoints', () => {
    const routes = requests.map((r) => `${r.method} ${r.route}`);
    expect(routes).toContain('GET /api/v2/devs/{dev}/dev_data');
    expect(requests.filter((r) => r.secured).length).toBeGreaterThan(10);
    expect(requests.filter((r) => r.scoped).length).toBeGreaterThan(10);
  });

  it('answers anonymous callers of every secured endpoint with 401, and never a 5xx', async () => {
    const wrong: string[] = [];
    for (const req of requests) {
      const status = await send(req, undefined);
      if (status >= 500 || (req.secured && status !== 401))
        wrong.push(`${req.method} ${req.route} → ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('turns a stranger away from another user’s homes, devices, nodes and account', async () => {
    const wrong: string[] = [];
    for (const req of requests.filter((r) => r.scoped && r.secured).map(withValid)) {
      const status = await send(req, strangerToken);
      const key = `${req.method} ${req.route}`;
      // 400 is a body the schema rejects before anyone is looked up: still nothing leaks.
      const allowed = key in VALID ? [403, 404] : [400, 403, 404];
      if (!allowed.includes(status)) wrong.push(`${key} → ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets the owner through the requests the stranger was refused', async () => {
    for (const key of Object.keys(VALID)) {
      const req = requests.find((r) => `${r.method} ${r.route}` === key);
      if (!req) continue;
      // Otherwise the refusals above would prove nothing.
      expect([200, 201, 202, 204], key).toContain(await send(withValid(req), owner.token));
    }
  });

  it('still lets the owner read what the stranger was refused, unchanged', async () => {
    const res = await fetch(`${t.url}/api/v2/devs/${owner.devId}/dev_data`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(200);
    const grouped = await fetch(`${t.url}/api/v2/grouped_devs`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(JSON.stringify(await grouped.json())).toContain(owner.devId);
  });

  it('refuses sockets without a token, and a stranger’s socket to the owner’s gateway', async () => {
    expect(await socketError(t.url, { dev_id: owner.devId })).toBe('unauthorized');
    expect(await socketError(t.url, { dev_id: owner.devId, token: 'forged' })).toBe('unauthorized');
    expect(await socketError(t.url, { dev_id: owner.devId, token: strangerToken })).toBe(
      'not_found',
    );
    expect(await socketError(t.url, { dev_id: owner.devId, token: owner.token })).toBe('connected');
  });
});
