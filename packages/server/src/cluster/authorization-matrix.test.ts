import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOCKET_NAMESPACE, type DevData } from '@hearth/protocol';
import { gatewayFor } from '../devices/control-test-world';
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
  'POST /api/v2/devs/{dev}/{type}/{addr}/mode': { body: { mode: 'manual' } },
  'POST /api/v2/devs/{dev}/{type}/{addr}/boost': { body: { active: true } },
};

/**
 * The roles of docs/sharing.md around one home: its owner, a resident, a guest whose scope
 * holds the room the requests name (htr/1, 16–24 °C), a guest whose scope holds another room
 * (htr/2), a guest whose dates are over, a stranger and nobody.
 */
const ROLES = [
  'owner',
  'resident',
  'guestIn',
  'guestOut',
  'expired',
  'stranger',
  'anonymous',
] as const;
type Role = (typeof ROLES)[number];

/** The only writes a guest may make: set point, mode and boost of a room of the scope. */
const GUEST_WRITES = new Set([
  'POST /api/v2/devs/{dev}/{type}/{addr}/status',
  'POST /api/v2/devs/{dev}/{type}/{addr}/mode',
  'POST /api/v2/devs/{dev}/{type}/{addr}/boost',
]);
/**
 * A resident's writes (docs/sharing.md "Roles"): control of every heater and its weekly
 * programme, holidays and one-off days, a window hold's override and a
 * storage heater's charge plan. Every other write that names the home, a device or a person
 * is the owner's: devices, people, home settings.
 */
const RESIDENT_WRITES = new Set([
  ...GUEST_WRITES,
  'POST /api/v2/devs/{dev}/{type}/{addr}/prog',
  'POST /api/v2/devs/{dev}/{type}/{addr}/prog_temps',
  // The setup entries that are not the owner's (spec 3 §6: lock, priority, resolution and
  // power are; node-control.service.ts), and lighting up a heater to find it.
  'POST /api/v2/devs/{dev}/{type}/{addr}/setup',
  'POST /api/v2/devs/{dev}/{type}/{addr}/select',
  'POST /api/hearth/v1/devs/{dev}/{type}/{addr}/comfort/window/override',
  'PUT /api/hearth/v1/devs/{dev}/{type}/{addr}/charge_plan',
  'POST /api/hearth/v1/homes/{gid}/holidays',
  'PUT /api/hearth/v1/homes/{gid}/holidays/{id}',
  'DELETE /api/hearth/v1/homes/{gid}/holidays/{id}',
  'POST /api/hearth/v1/homes/{gid}/one_offs',
  'DELETE /api/hearth/v1/homes/{gid}/one_offs/{id}',
]);
/**
 * Reads that are the owner's alone: the people of the home, its diagnostics and where its
 * prices come from (a URL that may hold a key).
 */
const OWNER_READS = new Set([
  'GET /api/v2/groups/{gid}/members',
  'GET /api/v2/groups/{gid}/guest_users',
  'GET /api/hearth/v1/homes/{gid}/diagnostics',
  'GET /api/hearth/v1/homes/{gid}/tariffs/price_source',
]);
/** Reads a guest may not make: the log of the home (owners and residents only). */
const MEMBER_READS = new Set([
  'GET /api/v2/groups/{gid}/activity',
  'GET /api/v2/groups/{gid}/activity.csv',
]);
const REFUSED = [400, 403, 404];

/**
 * What each role gets from a request (docs/sharing.md): `refused` is 400, 403 or 404 (a body
 * the schema rejects is refused before anyone is looked up); `401` exactly; `403` exactly
 * (the guest check, before the route's own); `404` exactly (as to a stranger); `allowed` any
 * answer but 401, 403 and 5xx (a sample body may still be invalid or name nothing). Every
 * request of the matrix names the owner's home, device, node htr/1 or account when it names
 * one. A 5xx is wrong for everyone.
 */
type Expect = 'refused' | '401' | '403' | '404' | 'allowed' | 'any';
function expected(role: Role, req: MatrixRequest): Expect {
  const key = `${req.method} ${req.route}`;
  if (role === 'anonymous') return req.secured ? '401' : 'any';
  if (!req.secured || !req.scoped) return 'any';
  const write = req.method !== 'GET';
  const namesNode = req.route.includes('{type}/{addr}');
  // Throughout, a write the role may not make is refused, whatever its body.
  const namesUser = req.route.includes('{uid}');
  const valid = key in VALID;
  switch (role) {
    case 'owner':
      return 'any';
    case 'stranger':
      return 'refused';
    case 'expired':
      // A guest outside their dates: the home and its devices are as a stranger's.
      if (key === 'GET /api/v2/groups/{gid}/my_access') return 'allowed';
      return valid && !namesUser ? '404' : 'refused';
    case 'guestOut':
      if (key === 'GET /api/v2/groups/{gid}/my_access') return 'allowed';
      if (namesNode) return valid ? '403' : 'refused';
      if (write || namesUser || OWNER_READS.has(key) || MEMBER_READS.has(key)) return 'refused';
      return 'any';
    case 'guestIn':
      if (write) return GUEST_WRITES.has(key) ? 'allowed' : 'refused';
      if (namesUser || OWNER_READS.has(key) || MEMBER_READS.has(key)) return 'refused';
      // The shared room reads as the owner's; the rest of the home as its routes decide
      // (a guest's rights end at the rooms of the scope, so refusing more is not wrong).
      return namesNode ? 'allowed' : 'any';
    case 'resident':
      if (write) return RESIDENT_WRITES.has(key) ? 'allowed' : 'refused';
      if (namesUser || OWNER_READS.has(key)) return 'refused';
      return 'allowed';
  }
}
function meets(status: number, want: Expect): boolean {
  if (status >= 500) return false;
  switch (want) {
    case 'refused':
      return REFUSED.includes(status);
    case '401':
      return status === 401;
    case '403':
      return status === 403;
    case '404':
      return status === 404;
    case 'allowed':
      return ![401, 403].includes(status);
    case 'any':
      return true;
  }
}

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
  const tokens = {} as Record<Role, string | undefined>;
  const userIds: string[] = [];
  beforeAll(async () => {
    t = await startTestHearth();
    const ownerUser = await createUser(t.repos, 'owner@matrix.test');
    const home = await createHomeWithDevice(t.repos, ownerUser.id);
    // Two announced heaters, so the node requests reach a real node (htr/1) and a guest
    // can be given the other one.
    await t.repos.nodes.replaceList(home.devId, [
      { name: 'Heater', addr: 1, type: 'htr', installed: true, lost: false },
      { name: 'Bedroom', addr: 2, type: 'htr', installed: true, lost: false },
    ]);
    for (const addr of [1, 2])
      await t.repos.nodes.setPart(home.devId, 'htr', addr, 'status', {
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
    tokens.owner = owner.token;
    tokens.stranger = strangerToken;
    tokens.anonymous = undefined;
    userIds.push(ownerUser.id, stranger.id);
    const node = (addr: number) => ({ devId: home.devId, type: 'htr', addr });
    const members: [Role, 'resident' | 'guest', Record<string, unknown>][] = [
      ['resident', 'resident', {}],
      ['guestIn', 'guest', { nodes: [node(1)], minC: 16, maxC: 24, boost: true }],
      ['guestOut', 'guest', { nodes: [node(2)] }],
      ['expired', 'guest', { validTo: '2020-01-31' }],
    ];
    for (const [role, kind, scope] of members) {
      const user = await createUser(t.repos, `${role.toLowerCase()}@matrix.test`);
      userIds.push(user.id);
      await t.repos.homes.addGuest({
        groupId: home.homeId,
        email: user.email,
        userId: user.id,
        pending: false,
      });
      const res = await fetch(`${t.url}/api/v2/groups/${home.homeId}/members`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, role: kind, scope }),
      });
      expect(res.status, role).toBe(200);
      tokens[role] = (await login(t.url, user.email, user.password)).access_token;
    }
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

  /**
   * Every row of the tables that hold the fixture's home, devices, nodes or people, as JSON:
   * what a refused request must leave as it was.
   */
  async function stored(): Promise<string> {
    const rows = async (query: string) =>
      ((await t.hearth.db.execute(sql.raw(query))) as unknown as { rows: unknown[] }).rows;
    const columns = (await rows(
      `select table_name, column_name from information_schema.columns
       where table_schema = 'public' and column_name in ('group_id', 'dev_id', 'user_id', 'owner_id')
       order by table_name, column_name`,
    )) as { table_name: string; column_name: string }[];
    const keys: Record<string, string> = {
      group_id: `'${owner.homeId}'`,
      owner_id: `'${owner.userId}'`,
      dev_id: `'${owner.devId}'`,
      user_id: userIds.map((id) => `'${id}'`).join(','),
    };
    const out: Record<string, unknown[]> = {};
    const tables = [
      ...new Set(columns.map((c) => c.table_name)),
      'groups',
      'users',
      'member_roles',
    ];
    for (const table of tables) {
      const own = columns.filter((c) => c.table_name === table);
      const where =
        table === 'groups'
          ? `id = '${owner.homeId}'`
          : table === 'users'
            ? `id in (${keys.user_id})`
            : table === 'member_roles'
              ? `guest_id in (select id from guests where group_id = '${owner.homeId}')`
              : own.map((c) => `${c.column_name}::text in (${keys[c.column_name]})`).join(' or ');
      out[table] = await rows(`select * from "${table}" where ${where} order by 1`);
    }
    return JSON.stringify(out);
  }

  it('answers every route to each role as docs/sharing.md says, and a refused request stores nothing', async () => {
    const before = await stored();
    // What the comparison holds: the home's nodes, commands, members and their rights.
    const held = JSON.parse(before) as Record<string, unknown[]>;
    for (const table of ['groups', 'devs', 'nodes', 'commands', 'guests', 'member_roles'])
      expect(held, table).toHaveProperty(table);
    expect(held.nodes).toHaveLength(2);
    expect(held.member_roles).toHaveLength(4);
    const wrong: string[] = [];
    let checked = 0;
    // Every role whose requests are refused somewhere, owner and allowed writes excepted:
    // those change the home, and come after the comparison below.
    for (const role of ROLES) {
      if (role === 'owner') continue;
      for (const req of requests.map(withValid)) {
        const want = expected(role, req);
        const write = req.method !== 'GET';
        if (want === 'any' || (write && want === 'allowed')) continue;
        const status = await send(req, tokens[role]);
        checked++;
        if (!meets(status, want))
          wrong.push(`${role} ${req.method} ${req.route} → ${status} (want ${want})`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(300);
    // Nothing a refused request reached changed: no command, no pending state, no log entry.
    expect(await stored()).toBe(before);
  });

  it('lets each member make the writes their role gives them', async () => {
    const wrong: string[] = [];
    for (const role of ['guestIn', 'resident'] as const) {
      for (const req of requests.map(withValid)) {
        if (req.method === 'GET' || expected(role, req) !== 'allowed') continue;
        const status = await send(req, tokens[role]);
        const key = `${req.method} ${req.route}`;
        // With a valid body the write goes through; a sample body may still be refused as invalid.
        const ok = key in VALID ? status >= 200 && status < 300 : meets(status, 'allowed');
        if (!ok) wrong.push(`${role} ${key} → ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("refuses a scoped guest's writes outside its bounds and stores nothing", async () => {
    const before = await stored();
    const url = (addr: number, path: string) =>
      `${t.url}/api/v2/devs/${owner.devId}/htr/${addr}/${path}`;
    const attempts: [string, unknown, string][] = [
      [url(1, 'status'), { stemp: '25.0', units: 'C' }, 'above_max'],
      [url(1, 'status'), { stemp: '15.0', units: 'C' }, 'below_min'],
      [url(1, 'status'), { stemp: '80.0', units: 'F' }, 'above_max'],
      [url(2, 'status'), { stemp: '20.0', units: 'C' }, 'node_not_shared'],
      [url(1, 'status'), { stemp: '20.0', units: 'C', locked: true }, 'write_not_allowed'],
      [url(1, 'lock'), { locked: true }, 'write_not_allowed'],
    ];
    for (const [target, body, problem] of attempts) {
      const res = await fetch(target, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.guestIn}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, `${target} ${JSON.stringify(body)}`).toBe(403);
      expect(((await res.json()) as { message: string }).message).toContain(`(${problem})`);
    }
    expect(await stored()).toBe(before);
  });

  it('opens sockets and answers every socket event per role', async () => {
    const gw = await gatewayFor(t, owner.devId);
    const sockets: Socket[] = [];
    try {
      const connect = (token: string | undefined, devId = owner.devId) => {
        const socket = io(`${t.url}${SOCKET_NAMESPACE}`, {
          path: '/socket.io/',
          transports: ['websocket'],
          reconnection: false,
          query: token ? { token, dev_id: devId } : { dev_id: devId },
        });
        sockets.push(socket);
        const heard: string[] = [];
        socket.on('update', (u: { path: string }) => void heard.push(u.path));
        const state = new Promise<string>((resolve) => {
          socket.once('connect', () => resolve('connected'));
          socket.once('connect_error', (err) => resolve(err.message));
        });
        return { socket, heard, state };
      };
      const want: Record<Role, string> = {
        owner: 'connected',
        resident: 'connected',
        guestIn: 'connected',
        guestOut: 'connected',
        expired: 'not_found',
        stranger: 'not_found',
        anonymous: 'unauthorized',
      };
      const open = Object.fromEntries(ROLES.map((r) => [r, connect(tokens[r])])) as Record<
        Role,
        ReturnType<typeof connect>
      >;
      for (const role of ROLES) expect(await open[role].state, role).toBe(want[role]);

      // dev_data: the whole device, or a scoped guest's rooms only.
      const nodesOf = (role: Role) =>
        new Promise<string[]>((resolve) => {
          open[role].socket.once('dev_data', (d: DevData) =>
            resolve(d.nodes.map((n) => `${n.type}/${n.addr}`)),
          );
          open[role].socket.emit('dev_data');
        });
      expect(await nodesOf('owner')).toEqual(['htr/1', 'htr/2']);
      expect(await nodesOf('resident')).toEqual(['htr/1', 'htr/2']);
      expect(await nodesOf('guestIn')).toEqual(['htr/1']);
      expect(await nodesOf('guestOut')).toEqual(['htr/2']);
      // `message` (the clients' keep-alive) is answered by nothing and closes nothing.
      for (const role of ['owner', 'resident', 'guestIn', 'guestOut'] as const)
        open[role].socket.emit('message', 'ping');

      // update: each hears the rooms it may; htr/2 last, so once all heard it, htr/1 was sent.
      await gw.publishUp('/htr/1/status', {
        mode: 'manual',
        stemp: '20.0',
        mtemp: '19.5',
        units: 'C',
      });
      await gw.publishUp('/htr/2/status', {
        mode: 'manual',
        stemp: '20.0',
        mtemp: '19.5',
        units: 'C',
      });
      for (const role of ['owner', 'resident', 'guestOut'] as const)
        await vi.waitFor(() => expect(open[role].heard, role).toContain('/htr/2/status'));
      await vi.waitFor(() => expect(open.guestIn.heard).toContain('/htr/1/status'));
      const rooms = (role: Role) => open[role].heard.filter((p) => /^\/htr\//.test(p));
      expect(rooms('owner')).toEqual(['/htr/1/status', '/htr/2/status']);
      expect(rooms('resident')).toEqual(['/htr/1/status', '/htr/2/status']);
      expect(rooms('guestIn')).toEqual(['/htr/1/status']);
      expect(rooms('guestOut')).toEqual(['/htr/2/status']);
      for (const role of ['owner', 'resident', 'guestIn', 'guestOut'] as const)
        expect(open[role].socket.connected, role).toBe(true);
      // dev_id=*: signed-in users only.
      expect(await connect(undefined, '*').state).toBe('unauthorized');
      expect(await connect(tokens.guestIn, '*').state).toBe('connected');
    } finally {
      for (const s of sockets) s.close();
      await gw.end();
    }
  });
});
