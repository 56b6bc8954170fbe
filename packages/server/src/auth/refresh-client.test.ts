import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TokenResponse } from '@hearth/protocol';
import {
  askCode,
  ASSISTANT,
  codeOf,
  OTHER_ASSISTANT,
  redeem,
  startLinkingHearth,
} from '../accounts/linking.test-helpers';
import { refreshTokens, sessions } from '../db/schema';
import { basic, getJson, login, tokenRequest } from '../test-support/http';
import { createUser, TEST_CLIENT, type TestHearth } from '../test-support/test-hearth';

// RFC 6749 §6, §10.4: a refresh token is bound to the client it was issued to. Any registered
// client could refresh another's token (an assistant the app's, one assistant another's), and
// a second attempt counted as a replay that ended the owner's sign-in.
let t: TestHearth;
beforeAll(async () => {
  t = await startLinkingHearth();
});
afterAll(() => t.stop());

let user: { id: string; email: string; password: string };
beforeEach(async () => {
  await t.reset();
  user = await createUser(t.repos, 'me@example.com', 'my_password');
});

const asApp = basic(TEST_CLIENT.id, TEST_CLIENT.secret);
const asAssistant = basic(ASSISTANT.id, ASSISTANT.secret);
const asOther = basic(OTHER_ASSISTANT.id, OTHER_ASSISTANT.secret);

const refresh = (token: string, authorization: string) =>
  tokenRequest(t.url, { grant_type: 'refresh_token', refresh_token: token }, authorization);

/** The stored refresh tokens and sessions: what a refused refresh must leave as it was. */
async function stored() {
  const tokens = await t.hearth.db
    .select({
      family: refreshTokens.family,
      clientId: refreshTokens.clientId,
      usedAt: refreshTokens.usedAt,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .orderBy(refreshTokens.createdAt);
  const live = await t.hearth.db
    .select({ id: sessions.id, endedAt: sessions.endedAt })
    .from(sessions)
    .orderBy(sessions.createdAt);
  return { tokens, live };
}

async function expectRefused(res: Response) {
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
}

/** A sign-in an assistant linked through a code: its tokens belong to the assistant. */
async function linked(): Promise<TokenResponse> {
  const app = await login(t.url, user.email, user.password);
  const code = codeOf(await askCode(t.url, app.access_token));
  const res = await redeem(t.url, { code });
  expect(res.status).toBe(200);
  return (await res.json()) as TokenResponse;
}

describe('a refresh token is bound to the client it was issued to', () => {
  it("refuses the app's token to an assistant, twice, changing nothing; the app still renews it", async () => {
    const app = await login(t.url, user.email, user.password);
    const before = await stored();
    expect(before.tokens).toEqual([expect.objectContaining({ clientId: TEST_CLIENT.id })]);
    await expectRefused(await refresh(app.refresh_token, asAssistant));
    // A second try is no replay of a used token: the owner's sign-in goes on.
    await expectRefused(await refresh(app.refresh_token, asAssistant));
    expect(await stored()).toEqual(before);
    expect((await getJson(`${t.url}/api/v2/devs`, app.access_token)).status).toBe(200);
    const renewed = await refresh(app.refresh_token, asApp);
    expect(renewed.status).toBe(200);
  });

  it("refuses an assistant's token to the app's client and to another assistant", async () => {
    const tokens = await linked();
    const before = await stored();
    expect(before.tokens.at(-1)).toMatchObject({ clientId: ASSISTANT.id });
    await expectRefused(await refresh(tokens.refresh_token, asApp));
    await expectRefused(
      await tokenRequest(
        t.url,
        {
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token,
          client_id: 'test-client',
        },
        '',
      ),
    );
    await expectRefused(await refresh(tokens.refresh_token, asOther));
    expect(await stored()).toEqual(before);
    const renewed = await refresh(tokens.refresh_token, asAssistant);
    expect(renewed.status).toBe(200);
    const next = (await renewed.json()) as TokenResponse;
    // The renewed token is the assistant's too.
    await expectRefused(await refresh(next.refresh_token, asApp));
    expect((await refresh(next.refresh_token, asAssistant)).status).toBe(200);
  });

  it("takes a token issued before the binding as the app's: the app renews it, an assistant cannot", async () => {
    const app = await login(t.url, user.email, user.password);
    await t.hearth.db.update(refreshTokens).set({ clientId: null });
    const before = await stored();
    await expectRefused(await refresh(app.refresh_token, asAssistant));
    expect(await stored()).toEqual(before);
    const renewed = await refresh(app.refresh_token, asApp);
    expect(renewed.status).toBe(200);
    const next = (await renewed.json()) as TokenResponse;
    const [row] = await t.hearth.db
      .select({ clientId: refreshTokens.clientId })
      .from(refreshTokens)
      .orderBy(desc(refreshTokens.createdAt))
      .limit(1);
    expect(row?.clientId).toBe(TEST_CLIENT.id);
    expect((await refresh(next.refresh_token, asApp)).status).toBe(200);
  });
});
