import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_NAMESPACE, type TokenResponse } from '@hearth/protocol';
import {
  confirmationOf,
  send,
  startAccountsTestbed,
  type AccountsTestbed,
} from '../accounts/accounts.test-helpers';
import { getJson, login, tokenRequest } from '../test-support/http';
import { createUser } from '../test-support/test-hearth';

let bed: AccountsTestbed;
beforeAll(async () => {
  bed = await startAccountsTestbed();
});
afterAll(() => bed.stop());

const EMAIL = 'owner@sessions.test';
const PASSWORD = 'first_password';
let userId: string;
/** Two sign-ins of one account: the phone that acts and a laptop left signed in. */
let phone: TokenResponse;
let laptop: TokenResponse;
beforeEach(async () => {
  await bed.t.reset();
  userId = (await createUser(bed.t.repos, EMAIL, PASSWORD)).id;
  phone = await login(bed.t.url, EMAIL, PASSWORD);
  laptop = await login(bed.t.url, EMAIL, PASSWORD);
});

const devs = async (token: string) => (await getJson(`${bed.t.url}/api/v2/devs`, token)).status;
const refresh = (token: string) =>
  tokenRequest(bed.t.url, { grant_type: 'refresh_token', refresh_token: token });

function openSocket(token: string): Promise<Socket> {
  const socket = io(`${bed.t.url}${SOCKET_NAMESPACE}`, {
    path: '/socket.io/',
    query: { token, dev_id: '*' },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
const closed = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

describe('sessions', () => {
  it('a password change ends every other session; the current one keeps working and renews', async () => {
    const laptopSocket = await openSocket(laptop.access_token);
    const laptopClosed = closed(laptopSocket);
    const changed = await send(
      bed.t.url,
      'POST',
      `/api/v2/users/${userId}/password`,
      { password: PASSWORD, new_password: 'second_password' },
      phone.access_token,
    );
    expect(changed.status).toBe(200);
    // The laptop is out: its access token, its refresh token and its open socket.
    expect(await devs(laptop.access_token)).toBe(401);
    expect((await refresh(laptop.refresh_token)).status).toBe(401);
    expect(await laptopClosed).toBe('io server disconnect');
    await expect(openSocket(laptop.access_token)).rejects.toThrow('unauthorized');
    // The phone goes on, and its refresh gives fresh tokens that work.
    expect(await devs(phone.access_token)).toBe(200);
    const renewed = await refresh(phone.refresh_token);
    expect(renewed.status).toBe(200);
    const fresh = (await renewed.json()) as TokenResponse;
    expect(await devs(fresh.access_token)).toBe(200);
    expect((await refresh(fresh.refresh_token)).status).toBe(200);
    (await openSocket(fresh.access_token)).disconnect();
  });

  it('a wrong current password ends nothing', async () => {
    const refused = await send(
      bed.t.url,
      'POST',
      `/api/v2/users/${userId}/password`,
      { password: 'not_it', new_password: 'second_password' },
      phone.access_token,
    );
    expect(refused.status).toBe(400);
    expect(await devs(laptop.access_token)).toBe(200);
    expect((await refresh(laptop.refresh_token)).status).toBe(200);
  });

  it('a password reset ends every session', async () => {
    expect(
      (
        await send(bed.t.url, 'POST', '/api/v2/users/password/forgot', {
          email: EMAIL,
          serialid: '01.01',
          frontend_host: 'http://app.hearth.test',
        })
      ).status,
    ).toBe(200);
    const link = confirmationOf(await bed.sink.next(EMAIL));
    const reset = await send(bed.t.url, 'POST', '/api/v2/users/password/reset', {
      user: link.user,
      code: link.code,
      password: 'second_password',
    });
    expect(reset.status).toBe(200);
    for (const session of [phone, laptop]) {
      expect(await devs(session.access_token)).toBe(401);
      expect((await refresh(session.refresh_token)).status).toBe(401);
    }
    // The new password signs in afresh.
    const again = await login(bed.t.url, EMAIL, 'second_password');
    expect(await devs(again.access_token)).toBe(200);
  });

  it('deleting the account ends every session', async () => {
    const deleted = await send(
      bed.t.url,
      'DELETE',
      `/api/v2/users/${userId}`,
      { password: PASSWORD },
      phone.access_token,
    );
    expect(deleted.status).toBe(200);
    for (const session of [phone, laptop]) {
      expect(await devs(session.access_token)).toBe(401);
      expect((await refresh(session.refresh_token)).status).toBe(401);
    }
  });

  it('a refresh token that comes back after rotation ends its session’s access tokens too', async () => {
    const first = await refresh(laptop.refresh_token);
    expect(first.status).toBe(200);
    const rotated = (await first.json()) as TokenResponse;
    // Someone replays the old refresh token: the whole sign-in ends.
    expect((await refresh(laptop.refresh_token)).status).toBe(401);
    expect(await devs(rotated.access_token)).toBe(401);
    expect((await refresh(rotated.refresh_token)).status).toBe(401);
    // The account's other sign-in is untouched.
    expect(await devs(phone.access_token)).toBe(200);
  });
});
