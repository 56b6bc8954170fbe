import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, login } from '../test-support/http';
import {
  createHomeWithDevice,
  createUser,
  startTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';
import { createMemoryChangeCounter } from './change-counter';

const CAP = 3;
let t: TestHearth;
beforeAll(async () => {
  t = await startTestHearth({ env: { CHANGES_PER_HOUR: String(CAP) } });
});
afterAll(() => t.stop());

async function post(url: string, body: unknown, token: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('changes per hour', () => {
  it('answers 429 too_many_changes past the cap, stores nothing, and counts each user apart', async () => {
    await t.reset();
    const a = await createUser(t.repos, 'a@example.com');
    const b = await createUser(t.repos, 'b@example.com');
    const { devId } = await createHomeWithDevice(t.repos, a.id);
    const other = await createHomeWithDevice(t.repos, b.id);
    for (const [d] of [[devId], [other.devId]])
      await t.repos.nodes.replaceList(d ?? '', [
        { name: 'L', addr: 2, type: 'htr', installed: true, lost: false },
      ]);
    const tokenA = (await login(t.url, a.email, a.password)).access_token;
    const tokenB = (await login(t.url, b.email, b.password)).access_token;
    const url = `${t.url}/api/v2/devs/${devId}/htr/2/mode`;

    // A malformed body is refused before it counts.
    expect((await post(url, { mode: 'party' }, tokenA)).status).toBe(400);
    for (let i = 0; i < CAP; i += 1)
      expect((await post(url, { mode: 'auto' }, tokenA)).status).toBe(200);
    const pending = (await t.repos.commands.listPending(devId)).length;
    const refused = await post(url, { mode: 'off' }, tokenA);
    expect(refused).toEqual({
      status: 429,
      body: { message: 'too many changes', statusCode: 429, error: 'too_many_changes' },
    });
    expect(await t.repos.commands.listPending(devId)).toHaveLength(pending);
    expect(
      (await getJson(`${t.url}/api/v2/devs/${devId}/htr/2/status`, tokenA)).body,
    ).toMatchObject({ mode: 'auto' });
    // Other write routes share the allowance; reads do not count.
    expect(
      (await post(`${t.url}/api/v2/devs/${devId}/mgr/away_status`, { away: true }, tokenA)).status,
    ).toBe(429);
    expect((await getJson(`${t.url}/api/v2/devs/${devId}/htr/2/status`, tokenA)).status).toBe(200);
    expect(
      (await post(`${t.url}/api/v2/devs/${other.devId}/htr/2/mode`, { mode: 'auto' }, tokenB))
        .status,
    ).toBe(200);
  });
});

describe('memory change counter', () => {
  it('counts per user within the clock hour and starts again in the next', async () => {
    const counter = createMemoryChangeCounter();
    const hour = 3_600_000 * 500_000;
    expect(await counter.hit('u', hour)).toBe(1);
    expect(await counter.hit('u', hour + 10)).toBe(2);
    expect(await counter.hit('v', hour + 10)).toBe(1);
    expect(await counter.hit('u', hour + 3_600_000)).toBe(1);
  });
});
