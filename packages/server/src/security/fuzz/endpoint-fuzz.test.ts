import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '../../catalog/test-servers';
import { basic, login } from '../../test-support/http';
import {
  createHomeWithDevice,
  createUser,
  startTestHearth,
  type TestHearth,
} from '../../test-support/test-hearth';
import { dbSnapshot } from './db-snapshot';
import {
  encodeBody,
  fuzzOperations,
  hostileRequests,
  requestsFor,
  unboundedStrings,
  type FuzzDoc,
  type FuzzOperation,
  type FuzzRequest,
} from './openapi-fuzz';

/** Runs per operation: with ~75 operations, a few hundred requests in all. */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 6);
/** Fixed, so that CI replays the same requests; FUZZ_SEED explores further (docs/operations.md). */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

interface World {
  userId: string;
  devId: string;
  homeId: string;
  token: string;
}

let t: TestHearth;
let openMeteo: FakeOpenMeteo;
let world: World;
let operations: FuzzOperation[];
let doc: FuzzDoc;

/** One owner with a home, a gateway, a heater and a power monitor: what the real ids name. */
async function buildWorld(): Promise<World> {
  await t.reset();
  const user = await createUser(t.repos, 'owner@fuzz.test');
  const home = await createHomeWithDevice(t.repos, user.id);
  await t.repos.nodes.replaceList(home.devId, [
    { name: 'Heater', addr: 1, type: 'htr', installed: true, lost: false },
    { name: 'Meter', addr: 2, type: 'pmo', installed: true, lost: false },
  ]);
  await t.repos.nodes.setPart(home.devId, 'htr', 1, 'status', {
    mode: 'manual',
    stemp: '20.0',
    mtemp: '19.0',
    units: 'C',
  });
  const { access_token: token } = await login(t.url, user.email, user.password);
  return { userId: user.id, devId: home.devId, homeId: home.homeId, token };
}

const reshapesWorld = (op: FuzzOperation) =>
  op.method === 'DELETE' || op.route === '/api/v2/devs/{dev}/group';

function realValue(name: string, route: string): string {
  const real: Record<string, string> = {
    dev: world.devId,
    gid: world.homeId,
    uid: world.userId,
    type: 'htr',
    addr: '1',
    serialId: '01',
    file: route.startsWith('/client-data/') ? 'appParameters.json' : 'logo.png',
  };
  return real[name] ?? 'x';
}

/** Percent-encodes a path segment; a lone surrogate goes out as the bytes Node would send. */
function pathPart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

function urlOf(op: FuzzOperation, req: FuzzRequest): string {
  const path = op.route.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = req.params[name];
    return pathPart(!param || param.real ? realValue(name, op.route) : param.text);
  });
  const query = new URLSearchParams(req.query).toString();
  return `${t.url}${path}${query ? `?${query}` : ''}`;
}

function authorization(op: FuzzOperation, req: FuzzRequest): string | undefined {
  const tokenRoute = op.route.endsWith('/client/token');
  if (req.auth === 'none') return undefined;
  if (req.auth === 'forged') return tokenRoute ? basic('someone', 'guess') : 'Bearer forged.jwt.x';
  return tokenRoute ? basic() : `Bearer ${world.token}`;
}

async function send(
  op: FuzzOperation,
  req: FuzzRequest,
): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { 'x-forwarded-for': req.from };
  const auth = authorization(op, req);
  if (auth) headers.authorization = auth;
  const body = op.method === 'GET' ? undefined : encodeBody(req.body, op.contentType);
  if (body) headers['content-type'] = body.contentType;
  const res = await fetch(urlOf(op, req), {
    method: op.method,
    headers,
    body: body?.text,
    redirect: 'manual',
  });
  return { status: res.status, text: (await res.text()).slice(0, 300) };
}

beforeAll(async () => {
  openMeteo = await startFakeOpenMeteo([
    { name: 'Madrid', country_code: 'ES', latitude: 40.42, longitude: -3.7, postcodes: ['28001'] },
  ]);
  t = await startTestHearth({
    env: {
      TRUST_PROXY: 'loopback',
      CHANGES_PER_HOUR: '1000000',
      WEATHER_URL: openMeteo.url,
      GEOCODER_URL: openMeteo.url,
    },
  });
  world = await buildWorld();
  doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as FuzzDoc;
  operations = fuzzOperations(doc);
});
afterAll(async () => {
  await t?.stop();
  await openMeteo?.close();
});

// Every operation of the server's own OpenAPI document gets arbitrary and malformed path
// parameters, queries, bodies and credentials. Whatever comes in: never a 5xx the route does
// not document, and a refused request leaves every stored row as it was.
describe('fuzzing every endpoint', () => {
  it('only the readiness route documents a 5xx of its own (503 while a dependency is down)', () => {
    expect(
      operations
        .filter((op) => op.documented5xx.length > 0)
        .map((op) => [op.route, op.documented5xx]),
    ).toEqual([['/ready', [503]]]);
  });

  it('reads the whole document', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  it('sees a stored change in its snapshot of the database', async () => {
    const before = await dbSnapshot(t.hearth.db);
    const res = await fetch(`${t.url}/api/v2/devs/${world.devId}/name`, {
      method: 'POST',
      headers: { authorization: `Bearer ${world.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Renamed by the fuzz check' }),
    });
    expect(res.status).toBe(200);
    const after = await dbSnapshot(t.hearth.db);
    // The rename and its line in the home's activity log.
    expect(Object.keys(after).filter((k) => after[k] !== before[k])).toEqual([
      'activity_log',
      'devs',
    ]);
  });

  it('refuses a NUL character in a body, key, query or path with a 400 and stores nothing', async () => {
    // Found by this fuzzing: PostgreSQL stores no NUL, so a node setup holding one was a 500.
    const node = `${t.url}/api/v2/devs/${world.devId}/htr/1`;
    const before = await dbSnapshot(t.hearth.db);
    const answers = await Promise.all(
      [
        [`${node}/setup`, { extra: 'a\u0000b' }],
        [`${node}/setup`, { 'k\u0000': 1 }],
        [`${node}/name`, { name: 'Kitchen\u0000' }],
        [`${node}/samples?start=0&end=3600&tz=%00`, undefined],
        [`${t.url}/api/v2/devs/%00/dev_data`, undefined],
      ].map(async ([url, body]) => {
        const res = await fetch(String(url), {
          method: body === undefined ? 'GET' : 'POST',
          headers: { authorization: `Bearer ${world.token}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return res.status;
      }),
    );
    expect(answers).toEqual([400, 400, 400, 400, 400]);
    expect(await dbSnapshot(t.hearth.db)).toEqual(before);
  });

  it('bounds the length of every string a request may carry (path, query, body)', () => {
    expect(unboundedStrings(doc)).toEqual([]);
  });

  it('refuses lone surrogates, deep nesting and over-long text with a clear 400 and stores nothing', async () => {
    // Found by an attacker's test: each of these was a 500.
    const node = `${t.url}/api/v2/devs/${world.devId}/htr/1`;
    const before = await dbSnapshot(t.hearth.db);
    const post = async (url: string, text: string) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${world.token}`, 'content-type': 'application/json' },
        body: text,
      });
      return { status: res.status, message: ((await res.json()) as { message: string }).message };
    };
    const answers = await Promise.all([
      post(`${node}/name`, '{"name":"Kitchen \\ud800"}'),
      post(`${t.url}/api/v2/devs/${world.devId}/name`, '{"name":"\\udc00Hall"}'),
      post(`${t.url}/api/v2/groups/${world.homeId}/name`, JSON.stringify({ name: 'Home\ud83d' })),
      post(`${node}/name`, `{"name":${'['.repeat(50_000)}${']'.repeat(50_000)}}`),
      post(`${node}/setup`, `${'{"a":'.repeat(33)}1${'}'.repeat(33)}`),
      post(`${node}/setup`, JSON.stringify({ priority: 'x'.repeat(200_000) })),
    ]);
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(answers[0]?.message).toMatch(/lone UTF-16 surrogate/);
    expect(answers[3]?.message).toMatch(/nested at most 32 levels/);
    expect(answers[5]?.message).toMatch(/at most 2000 characters/);
    expect(await dbSnapshot(t.hearth.db)).toEqual(before);
  });

  it('answers a deep, lone-surrogate or over-long input to every endpoint with a 4xx that stores nothing', async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const [index, op] of operations.entries()) {
      for (const { label, req, spoilt } of hostileRequests(op, SEED + index)) {
        sent += 1;
        await t.hearth.gatewayIdle();
        const before = await dbSnapshot(t.hearth.db);
        const res = await send(op, req);
        const where = `${op.method} ${op.route} (${label})`;
        if (res.status >= 500 && !op.documented5xx.includes(res.status))
          problems.push(`${where} → ${res.status} ${res.text}`);
        else if (spoilt && res.status < 400) problems.push(`${where} → ${res.status}, not refused`);
        if (res.status >= 400) {
          await t.hearth.gatewayIdle();
          const after = await dbSnapshot(t.hearth.db);
          const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
          if (changed.length > 0)
            problems.push(`${where} → ${res.status} but changed ${changed.join(', ')}`);
        }
        if (res.status < 300 && reshapesWorld(op)) world = await buildWorld();
      }
    }
    expect(sent).toBeGreaterThan(operations.length * 2);
    expect(problems).toEqual([]);
  }, 240_000);

  it('answers numbers beyond what the database holds in any path parameter with a 4xx', async () => {
    // Found by this fuzzing: a node address past PostgreSQL's integer was a 500.
    const wrong: string[] = [];
    for (const op of operations.filter((o) => o.pathParams.length > 0)) {
      for (const huge of ['99999999999', '1e400', '-99999999999']) {
        const params = Object.fromEntries(
          op.pathParams.map((name) => [name, { real: false as const, text: huge }]),
        );
        for (const name of op.pathParams) {
          const req: FuzzRequest = {
            params: {
              ...params,
              ...Object.fromEntries(
                op.pathParams.filter((n) => n !== name).map((n) => [n, { real: true as const }]),
              ),
            },
            query: {},
            body: { kind: 'none' },
            auth: 'user',
            from: '198.51.100.7',
          };
          const res = await send(op, req);
          if (res.status >= 500 && !op.documented5xx.includes(res.status))
            wrong.push(`${op.method} ${op.route} ${name}=${huge} → ${res.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it(
    'answers arbitrary input without a 5xx, and a refused request changes nothing stored',
    async () => {
      const problems: string[] = [];
      const reached = new Set<string>();
      let requests = 0;
      for (const [index, op] of operations.entries()) {
        await fc.assert(
          fc.asyncProperty(requestsFor(op), async (req) => {
            requests += 1;
            await t.hearth.gatewayIdle();
            const before = await dbSnapshot(t.hearth.db);
            const res = await send(op, req);
            const where = `${op.method} ${op.route} ${JSON.stringify(req).slice(0, 300)}`;
            if (res.status >= 500 && !op.documented5xx.includes(res.status))
              problems.push(`${where} → ${res.status} ${res.text}`);
            if (res.status >= 400 && res.status < 500) {
              await t.hearth.gatewayIdle();
              const after = await dbSnapshot(t.hearth.db);
              const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
              if (changed.length > 0) {
                problems.push(`${where} → ${res.status} but changed ${changed.join(', ')}`);
              }
            }
            if (res.status < 300) reached.add(`${op.method} ${op.route}`);
            // A request that deleted or moved the world's device or user: start the next from a whole one.
            if (res.status < 300 && reshapesWorld(op)) world = await buildWorld();
          }),
          { seed: SEED + index, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        );
      }
      expect(requests).toBe(operations.length * RUNS_PER_OPERATION);
      expect(problems).toEqual([]);
      // Not only refusals: a good share of the operations accepted some of what they were sent,
      // so the services behind the validation were fuzzed too.
      expect(reached.size).toBeGreaterThan(operations.length / 3);
    },
    Math.max(240_000, RUNS_PER_OPERATION * 40_000),
  );
});
