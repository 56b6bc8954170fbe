import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccessTokenClaims } from '@hearth/protocol';
import type { Logger } from '../logger';
import { actionOf, applyActivityRecorder } from './activity-recorder';
import type { ActivityInput, ActivityRepository } from './activity.repository';
import { applyMemberGate, guestRefusal } from './member-gate';
import type { Member, MembersRepository } from './members.repository';

const HOME = '7b0e6c1e-4a55-4f0e-9d7a-3f1f0b2c9d10';
const DEV = 'abc123';
const user = (scope = 'user'): AccessTokenClaims => ({
  userId: 'u1',
  serialId: '01',
  email: 'u1@example.com',
  scope,
  sid: 'not-a-session',
  exp: 0,
});
const guest = (scope: Member['scope']): Member => ({
  groupId: HOME,
  guestId: 'g1',
  role: 'guest',
  scope,
  timeZone: 'UTC',
});

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A bare app with the gate and the recorder, a member lookup that counts its calls. */
async function gated(member: Member | undefined) {
  const calls: string[] = [];
  const recorded: ActivityInput[] = [];
  const stored: unknown[] = [];
  const members = {
    ofDev: async (userId: string, devId: string) => (calls.push(`dev ${devId}`), member),
    ofHome: async (userId: string, groupId: string) => (calls.push(`home ${groupId}`), member),
  } as unknown as MembersRepository;
  const activity = {
    add: async (e: ActivityInput) => void recorded.push(e),
    clientOfSession: async () => null,
  } as unknown as ActivityRepository;
  const log = { warn: () => undefined } as unknown as Logger;
  app = Fastify();
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    request.user = user();
  });
  applyMemberGate(app, members);
  applyActivityRecorder(app, { members, activity, log });
  app.post('/api/v2/devs/:dev/:type/:addr/status', async (request) => {
    stored.push(request.body);
    return {};
  });
  app.post('/api/v2/devs/:dev/:type/:addr/prog', async (request) => {
    stored.push(request.body);
    return {};
  });
  app.get('/api/v2/devs/:dev/:type/:addr/status', async () => ({}));
  app.get('/api/v2/groups/:gid/my_access', async () => ({}));
  app.get('/api/v2/devs/:dev/mgr/nodes', async () => ({
    nodes: [
      { type: 'htr', addr: 2, name: 'Lounge' },
      { type: 'htr', addr: 3, name: 'Bedroom' },
    ],
  }));
  app.post('/api/v2/groups/:gid/name', async (request) => {
    stored.push(request.body);
    return {};
  });
  await app.ready();
  return { app, calls, recorded, stored };
}

describe('the member gate', () => {
  it('looks the member up once per request, the recorder reading the same answer', async () => {
    const g = await gated({
      groupId: HOME,
      guestId: undefined,
      role: 'owner',
      scope: {},
      timeZone: 'UTC',
    });
    const res = await g.app.inject({
      method: 'POST',
      url: `/api/v2/devs/${DEV}/htr/2/status`,
      payload: { stemp: '21.0', units: 'C' },
    });
    expect(res.statusCode).toBe(200);
    expect(g.calls).toEqual([`dev ${DEV}`]);
    expect(g.recorded).toMatchObject([
      { groupId: HOME, devId: DEV, nodeType: 'htr', nodeAddr: 2, action: 'post status' },
    ]);
    const home = await g.app.inject({
      method: 'POST',
      url: `/api/v2/groups/${HOME}/name`,
      payload: { name: 'Flat' },
    });
    expect(home.statusCode).toBe(200);
    expect(g.calls).toEqual([`dev ${DEV}`, `home ${HOME}`]);
  });

  it("refuses a guest's write outside the scope with 403 outside_scope, before the route stores anything or it is logged", async () => {
    const scope = {
      nodes: [{ devId: DEV, type: 'htr', addr: 2 }],
      minC: 16,
      maxC: 22,
      modes: ['manual'],
      boost: false,
    };
    const g = await gated(guest(scope));
    const refused = [
      [`/api/v2/devs/${DEV}/htr/3/status`, { stemp: '20.0', units: 'C' }, 'node_not_shared'],
      [`/api/v2/devs/${DEV}/htr/2/status`, { stemp: '23.0', units: 'C' }, 'above_max'],
      [`/api/v2/devs/${DEV}/htr/2/status`, { stemp: '59.0', units: 'F' }, 'below_min'],
      [`/api/v2/devs/${DEV}/htr/2/status`, { mode: 'auto' }, 'mode_not_allowed'],
      [`/api/v2/devs/${DEV}/htr/2/status`, { boost: true }, 'boost_not_allowed'],
      [`/api/v2/devs/${DEV}/htr/2/status`, { stemp: '20.0', locked: true }, 'write_not_allowed'],
      [`/api/v2/devs/${DEV}/htr/2/prog`, { prog: {} }, 'write_not_allowed'],
      [`/api/v2/groups/${HOME}/name`, { name: 'Mine' }, 'write_not_allowed'],
    ] as const;
    for (const [url, payload, problem] of refused) {
      const res = await g.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toContain(`(${problem})`);
    }
    expect(g.stored).toEqual([]);
    expect(g.recorded).toEqual([]);
    // In scope: through, and logged.
    const ok = await g.app.inject({
      method: 'POST',
      url: `/api/v2/devs/${DEV}/htr/2/status`,
      payload: { stemp: '71.6', units: 'F' },
    });
    expect(ok.statusCode).toBe(200);
    expect(g.stored).toHaveLength(1);
    expect(g.recorded).toHaveLength(1);
    // Reads of shared rooms only.
    expect(
      (await g.app.inject({ method: 'GET', url: `/api/v2/devs/${DEV}/htr/2/status` })).statusCode,
    ).toBe(200);
    expect(
      (await g.app.inject({ method: 'GET', url: `/api/v2/devs/${DEV}/htr/3/status` })).statusCode,
    ).toBe(403);
  });

  it('answers a guest outside their dates 404, as a stranger, and still says so on my_access', async () => {
    const g = await gated(guest({ validTo: '2020-01-01' }));
    const write = await g.app.inject({
      method: 'POST',
      url: `/api/v2/devs/${DEV}/htr/2/status`,
      payload: { stemp: '20.0', units: 'C' },
    });
    expect(write.statusCode).toBe(404);
    const read = await g.app.inject({ method: 'GET', url: `/api/v2/devs/${DEV}/htr/2/status` });
    expect(read.statusCode).toBe(404);
    expect(g.stored).toEqual([]);
    const calls = g.calls.length;
    const mine = await g.app.inject({ method: 'GET', url: `/api/v2/groups/${HOME}/my_access` });
    expect(mine.statusCode).toBe(200);
    expect(g.calls).toHaveLength(calls);
  });
});

describe('node lists', () => {
  it("hold only a scoped guest's rooms, and every room for the others", async () => {
    const names = async (member: Member) => {
      const g = await gated(member);
      const res = await g.app.inject({ method: 'GET', url: `/api/v2/devs/${DEV}/mgr/nodes` });
      await g.app.close();
      app = undefined;
      return (res.json() as { nodes: { name: string }[] }).nodes.map((n) => n.name);
    };
    expect(await names(guest({ nodes: [{ devId: DEV, type: 'htr', addr: 3 }] }))).toEqual([
      'Bedroom',
    ]);
    expect(await names(guest({ nodes: [{ devId: 'other', type: 'htr', addr: 2 }] }))).toEqual([]);
    expect(await names(guest({ maxC: 20 }))).toEqual(['Lounge', 'Bedroom']);
    expect(
      await names({ groupId: HOME, guestId: 'r', role: 'resident', scope: {}, timeZone: 'UTC' }),
    ).toEqual(['Lounge', 'Bedroom']);
  });
});

describe('guestRefusal', () => {
  const req = (url: string, body: unknown, params: Record<string, unknown>) => ({
    method: 'POST',
    url,
    params,
    body,
  });
  const route = '/api/v2/devs/:dev/:type/:addr/status';
  const node = { dev: DEV, type: 'htr', addr: '2' };

  it('passes owners and residents, whatever they write', () => {
    for (const role of ['owner', 'resident'] as const)
      expect(
        guestRefusal(
          { groupId: HOME, guestId: undefined, role, scope: { maxC: 10 }, timeZone: 'UTC' },
          req('/api/v2/devs/:dev/:type/:addr/prog', { prog: {} }, node),
        ),
      ).toBeNull();
  });

  it('answers for dates and weekly hours on the home clock', () => {
    const at = Date.parse('2026-03-10T10:00:00Z'); // a Tuesday
    const body = { stemp: '20.0', units: 'C' };
    const check = (scope: Member['scope'], timeZone = 'UTC') =>
      guestRefusal({ ...guest(scope), timeZone }, req(route, body, node), at);
    expect(check({ validTo: '2026-03-09' })).toBe('expired');
    expect(check({ validFrom: '2026-03-11' })).toBe('not_yet_valid');
    expect(check({ validFrom: '2026-03-10', validTo: '2026-03-10' })).toBeNull();
    expect(check({ weekly: [{ day: 2, from: '09:00', to: '12:00' }] })).toBeNull();
    expect(check({ weekly: [{ day: 2, from: '11:00', to: '12:00' }] })).toBe('outside_hours');
    // 10:00 UTC is 19:00 in Tokyo.
    expect(check({ weekly: [{ day: 2, from: '09:00', to: '12:00' }] }, 'Asia/Tokyo')).toBe(
      'outside_hours',
    );
    expect(check({ weekly: [{ day: 2, from: '18:00', to: '02:00' }] }, 'Asia/Tokyo')).toBeNull();
  });
});

describe('actionOf', () => {
  it('names a write by its route below the device, node or home', () => {
    expect(actionOf('POST', '/api/v2/devs/:dev/:type/:addr/status')).toBe('post status');
    expect(actionOf('DELETE', '/api/v2/devs/:dev')).toBe('delete device');
    expect(actionOf('POST', '/api/v2/groups/:gid/name')).toBe('post home/name');
    expect(actionOf('PUT', '/api/v2/groups/:gid/members')).toBe('put home/members');
    expect(actionOf('POST', '/api/v2/users/:uid/invite')).toBe('post home/invite');
    expect(actionOf('POST', '/api/v2/devs')).toBe('post devs');
    expect(actionOf('DELETE', '/api/v2/cloud_links/devs/:dev')).toBe('delete cloud_links');
    expect(actionOf('POST', '/api/hearth/v1/devs/:dev/:type/:addr/comfort/window/override')).toBe(
      'post comfort/window/override',
    );
    expect(actionOf('PUT', '/api/hearth/v1/homes/:gid/power_guard')).toBe('put home/power_guard');
    expect(actionOf('POST', '/api/notifications/v1/:gid/presence/config')).toBe(
      'post home/presence/config',
    );
  });
});
