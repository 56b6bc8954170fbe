import { login } from '../test-support/http';
import { createHomeWithDevice, createUser, type TestHearth } from '../test-support/test-hearth';

/** Any method with an optional JSON body, as a client would send it. */
export async function call(
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** The four roles of docs/wire-contract.md §6 around one home with one gateway. */
export async function homeWorld(t: TestHearth) {
  const owner = await createUser(t.repos, 'owner@example.com');
  const guest = await createUser(t.repos, 'guest@example.com');
  const stranger = await createUser(t.repos, 'stranger@example.com');
  const { homeId, devId } = await createHomeWithDevice(t.repos, owner.id);
  await t.repos.homes.addGuest({
    groupId: homeId,
    email: guest.email,
    userId: guest.id,
    pending: false,
  });
  const token = async (u: { email: string; password: string }) =>
    (await login(t.url, u.email, u.password)).access_token;
  return {
    homeId,
    devId,
    ownerId: owner.id,
    strangerId: stranger.id,
    owner: await token(owner),
    guest: await token(guest),
    stranger: await token(stranger),
  };
}
export type HomeWorld = Awaited<ReturnType<typeof homeWorld>>;

/** The status each role gets: anonymous, stranger, guest, owner. */
export async function statusByRole(
  w: HomeWorld,
  method: string,
  url: string,
  body?: unknown,
): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  // Least privileged first, so an owner's success cannot hide a wrong answer to the others.
  seen.anonymous = (await call(method, url, undefined, body)).status;
  seen.stranger = (await call(method, url, w.stranger, body)).status;
  seen.guest = (await call(method, url, w.guest, body)).status;
  seen.owner = (await call(method, url, w.owner, body)).status;
  return seen;
}
