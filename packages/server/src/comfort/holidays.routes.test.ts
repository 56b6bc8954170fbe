import { COMFORT_HOLIDAYS_MAX } from '@hearth/protocol';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comfortHolidays, comfortOneOffs, guests } from '../db/schema';
import {
  createWorld,
  HEATER,
  send,
  useControlHearth,
  type World,
} from '../devices/control-test-world';
import { createMembersRepository } from '../sharing/members.repository';
import { getJson, login } from '../test-support/http';
import {
  createHomeWithDevice,
  createUser,
  randomDevId,
  type TestHearth,
} from '../test-support/test-hearth';

let t: TestHearth;
useControlHearth((started) => (t = started));

const holidaysUrl = (w: World) => `${t.url}/api/hearth/v1/homes/${w.homeId}/holidays`;
const oneOffsUrl = (w: World) => `${t.url}/api/hearth/v1/homes/${w.homeId}/one_offs`;
const summaryUrl = (w: World) => `${t.url}/api/hearth/v1/homes/${w.homeId}/comfort`;
const room = (w: World) => `${w.devId}/htr/2`;
const AWAY = {
  from: '2027-03-20T08:00',
  to: '2027-03-28T18:00',
  rooms: null,
  away_c: 12,
  use_day: null,
};

/** A DELETE's status (a 204 has no body). */
async function del(url: string, token?: string): Promise<number> {
  const res = await fetch(url, {
    method: 'DELETE',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return res.status;
}

/** Another owner's home with a heater of its own. */
async function otherHome() {
  const user = await createUser(t.repos, 'other-owner@example.com');
  const { homeId, devId } = await createHomeWithDevice(t.repos, user.id, randomDevId());
  await t.repos.nodes.replaceList(devId, [HEATER]);
  return { homeId, devId, owner: (await login(t.url, user.email, user.password)).access_token };
}

async function put(url: string, body: unknown, token?: string) {
  const res = await fetch(url, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** A member with the guest role, limited to `nodes` (all rooms when absent). */
async function guestOf(w: World, nodes?: { devId: string; type: string; addr: number }[]) {
  const user = await createUser(t.repos, `visitor-${w.devId}@example.com`);
  await t.repos.homes.addGuest({
    groupId: w.homeId,
    email: user.email,
    userId: user.id,
    pending: false,
  });
  const [row] = await t.hearth.db
    .select({ id: guests.id })
    .from(guests)
    .where(and(eq(guests.groupId, w.homeId), eq(guests.userId, user.id)));
  await createMembersRepository(t.hearth.db).setRights(
    row?.id ?? '',
    'guest',
    nodes ? { nodes } : {},
  );
  return (await login(t.url, user.email, user.password)).access_token;
}

const stored = async () => ({ n: await t.hearth.db.$count(comfortHolidays) });
const storedOneOffs = async () => ({ n: await t.hearth.db.$count(comfortOneOffs) });

describe('holidays and one-off days', () => {
  it('owners and residents plan them; guests are refused, strangers find nothing', async () => {
    const w = await createWorld(t);
    const visitor = await guestOf(w);
    expect((await send('POST', holidaysUrl(w), AWAY, w.stranger)).status).toBe(404);
    expect((await send('POST', holidaysUrl(w), AWAY, visitor)).status).toBe(403);
    expect((await send('POST', holidaysUrl(w), AWAY)).status).toBe(401);
    expect(await stored()).toEqual({ n: 0 });

    const made = await send('POST', holidaysUrl(w), AWAY, w.owner);
    expect(made.status).toBe(201);
    const holiday = made.body as { id: string };
    expect(made.body).toEqual({ ...AWAY, id: expect.any(String) });
    // The resident (the world's "guest": a member without a guest scope) may plan too.
    const some = { ...AWAY, rooms: [room(w)], away_c: null, use_day: 0 };
    const resident = await send('POST', holidaysUrl(w), some, w.guest);
    expect(resident.status).toBe(201);
    const oneOff = await send(
      'POST',
      oneOffsUrl(w),
      { date: '2027-05-04', use_day: 0, rooms: null },
      w.owner,
    );
    expect(oneOff.status).toBe(201);

    const listed = await getJson(holidaysUrl(w), w.guest);
    expect(listed).toEqual({
      status: 200,
      body: {
        time_zone: 'Europe/Madrid',
        holidays: [made.body, resident.body],
        one_offs: [oneOff.body],
      },
    });
    expect((await getJson(holidaysUrl(w), visitor)).status).toBe(403);
    expect((await getJson(holidaysUrl(w), w.stranger)).status).toBe(404);

    const changed = { ...AWAY, to: '2027-03-29T07:30' };
    expect(await put(`${holidaysUrl(w)}/${holiday.id}`, changed, w.owner)).toEqual({
      status: 200,
      body: { ...changed, id: holiday.id },
    });
    expect((await put(`${holidaysUrl(w)}/${holiday.id}`, changed, visitor)).status).toBe(403);
    expect(await del(`${holidaysUrl(w)}/${holiday.id}`, w.stranger)).toBe(404);
    expect(await del(`${holidaysUrl(w)}/${holiday.id}`, w.guest)).toBe(204);
    expect(await del(`${holidaysUrl(w)}/${holiday.id}`, w.owner)).toBe(404);
    const oneOffId = (oneOff.body as { id: string }).id;
    expect(await del(`${oneOffsUrl(w)}/${oneOffId}`, w.owner)).toBe(204);
    expect((await getJson(holidaysUrl(w), w.owner)).body).toMatchObject({
      holidays: [resident.body],
      one_offs: [],
    });
  });

  it('refuses hostile bodies with a 400 and stores nothing', async () => {
    const w = await createWorld(t);
    const other = await otherHome();
    const bad: unknown[] = [
      {},
      { ...AWAY, away_c: null },
      { ...AWAY, use_day: 2 },
      { ...AWAY, to: AWAY.from },
      { ...AWAY, to: '2028-03-21T08:00' },
      { ...AWAY, from: '2027-02-29T08:00' },
      { ...AWAY, from: '2027-03-20T08:00:00Z' },
      { ...AWAY, from: `2027-03-20T08:00${'x'.repeat(5000)}` },
      { ...AWAY, away_c: 99 },
      { ...AWAY, away_c: '12' },
      { ...AWAY, rooms: [] },
      { ...AWAY, rooms: ['../../etc'] },
      { ...AWAY, rooms: [`${other.devId}/htr/2`] },
      { ...AWAY, rooms: [`${w.devId}/htr/9`] },
      { ...AWAY, rooms: Array(300).fill(room(w)) },
      { ...AWAY, use_day: 7, away_c: null },
      { ...AWAY, extra: true },
      [AWAY],
      'holiday',
    ];
    for (const body of bad) {
      const res = await send('POST', holidaysUrl(w), body, w.owner);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.body).toMatchObject({ error: expect.any(String) });
    }
    const badOneOffs: unknown[] = [
      { date: '2027-13-01', use_day: 0, rooms: null },
      { date: '2027-05-04T00:00', use_day: 0, rooms: null },
      { date: '2027-05-04', use_day: -1, rooms: null },
      { date: '2027-05-04', use_day: 0, rooms: [`${other.devId}/htr/2`] },
      { date: '2027-05-04', use_day: 0 },
    ];
    for (const body of badOneOffs) {
      expect((await send('POST', oneOffsUrl(w), body, w.owner)).status, JSON.stringify(body)).toBe(
        400,
      );
    }
    expect(await stored()).toEqual({ n: 0 });
    expect(await storedOneOffs()).toEqual({ n: 0 });

    // A bad replacement leaves the holiday as it was; an unknown id is a 404.
    const made = (await send('POST', holidaysUrl(w), AWAY, w.owner)).body as { id: string };
    expect(
      (await put(`${holidaysUrl(w)}/${made.id}`, { ...AWAY, away_c: null }, w.owner)).status,
    ).toBe(400);
    expect(
      (
        await put(
          `${holidaysUrl(w)}/${made.id}`,
          { ...AWAY, rooms: [`${other.devId}/htr/2`] },
          w.owner,
        )
      ).status,
    ).toBe(400);
    expect((await put(`${holidaysUrl(w)}/not-an-id`, AWAY, w.owner)).status).toBe(404);
    expect(
      (await put(`${holidaysUrl(w)}/00000000-0000-4000-8000-000000000000`, AWAY, w.owner)).status,
    ).toBe(404);
    // Another home's holiday is not found through this one.
    expect(
      (
        await put(
          `${t.url}/api/hearth/v1/homes/${other.homeId}/holidays/${made.id}`,
          AWAY,
          other.owner,
        )
      ).status,
    ).toBe(404);
    expect((await getJson(holidaysUrl(w), w.owner)).body).toMatchObject({
      holidays: [{ ...AWAY, id: made.id }],
    });
  });

  it(`keeps at most ${COMFORT_HOLIDAYS_MAX} holidays per home`, async () => {
    const w = await createWorld(t);
    await t.hearth.db.insert(comfortHolidays).values(
      Array.from({ length: COMFORT_HOLIDAYS_MAX }, () => ({
        groupId: w.homeId,
        from: AWAY.from,
        to: AWAY.to,
        awayC: 12,
      })),
    );
    const res = await send('POST', holidaysUrl(w), AWAY, w.owner);
    expect(res.status).toBe(400);
    expect(await stored()).toEqual({ n: COMFORT_HOLIDAYS_MAX });
  });
});

describe('the home comfort summary', () => {
  it("lists the home's rooms with their features, a guest only the rooms shared", async () => {
    const w = await createWorld(t);
    await send(
      'POST',
      `${t.url}/api/hearth/v1/devs/${w.devId}/htr/2/comfort`,
      { optimum_start: true },
      w.owner,
    );
    const expected = {
      rooms: [
        {
          room: room(w),
          optimum_start: true,
          window_detection: false,
          window_hold_until: null,
          preheating: null,
        },
      ],
    };
    expect(await getJson(summaryUrl(w), w.owner)).toEqual({ status: 200, body: expected });
    expect((await getJson(summaryUrl(w), w.guest)).body).toEqual(expected);
    const sharedNothing = await guestOf(w, [{ devId: w.devId, type: 'pmo', addr: 5 }]);
    expect(await getJson(summaryUrl(w), sharedNothing)).toEqual({
      status: 200,
      body: { rooms: [] },
    });
    expect((await getJson(summaryUrl(w), w.stranger)).status).toBe(404);
    expect((await getJson(`${t.url}/api/hearth/v1/homes/nope/comfort`, w.owner)).status).toBe(404);
  });
});
