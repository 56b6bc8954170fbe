import { readdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedDevId } from '@hearth/cloud-link';
import { cloudAccounts, cloudLinks, devs } from '../db/schema';
import { getJson, login, postJson } from '../test-support/http';
import { createHomeWithDevice, createUser, type TestHearth } from '../test-support/test-hearth';
import { startCloudLinkFixture, type CloudLinkFixture } from './cloud-link-fixture';
import { cloudPasswordKey, decryptCloudPassword } from './password-crypto';

/*
 * Hearth A plays the vendor cloud (same wire format), Hearth B is the owner's own, with A
 * listed by the operator. Every call goes over real sockets; B's log is kept to prove that no
 * cloud password reaches it.
 */
const CLOUD_PASSWORD = 'cloud-pass-Xq7Zr9';
const WRONG_PASSWORD = 'wrong-pass-Kp3Vb8';
let f: CloudLinkFixture;
let a: TestHearth;
let b: TestHearth;
let upstreamDevId: string;
let owner: string;
let stranger: string;
let ownerId: string;
let homeId: string;
let cloudOwnerId: string;
let strangerHome: string;
const logged: string[] = [];

async function del(url: string, token: string) {
  const res = await fetch(url, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as unknown };
}

beforeAll(async () => {
  f = await startCloudLinkFixture({
    cloudPassword: CLOUD_PASSWORD,
    cloudHomeName: 'Flat',
    label: 'Hearth A',
    env: { LOG_LEVEL: 'debug', CLOUD_LINK: 'off' },
    logDestination: { write: (line: string) => void logged.push(line) },
  });
  ({ a, b, upstreamDevId, cloudOwnerId, homeId } = f);
  ownerId = f.me.id;
  owner = f.me.token;
  const s = await createUser(b.repos, 'stranger@example.com', 'local password');
  ({ homeId: strangerHome } = await createHomeWithDevice(b.repos, s.id));
  stranger = (await login(b.url, s.email, s.password)).access_token;
});

afterAll(async () => {
  await f?.stop();
});

const accountsUrl = () => `${b.url}/api/v2/cloud_links/accounts`;

describe('the cloud link API', () => {
  it('lists the operator’s clouds by name and label only', async () => {
    const res = await getJson(`${b.url}/api/v2/cloud_links/clouds`, owner);
    expect(res).toEqual({
      status: 200,
      body: { clouds: [{ name: 'hearth-a', label: 'Hearth A' }] },
    });
  });

  it('refuses a password the cloud refuses with a 400 and stores nothing', async () => {
    const res = await postJson(
      accountsUrl(),
      { cloud: 'hearth-a', email: 'owner@example.com', password: WRONG_PASSWORD },
      owner,
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('refused');
    expect(await b.hearth.db.select().from(cloudAccounts)).toEqual([]);
  });

  it('refuses a cloud the operator did not list and a body with extra fields', async () => {
    const unknown = await postJson(
      accountsUrl(),
      { cloud: 'elsewhere', email: 'owner@example.com', password: CLOUD_PASSWORD },
      owner,
    );
    expect(unknown.status).toBe(400);
    const extra = await postJson(
      accountsUrl(),
      { cloud: 'hearth-a', email: 'x@example.com', password: 'p', apiBaseUrl: 'http://evil' },
      owner,
    );
    expect(extra.status).toBe(400);
    expect(await b.hearth.db.select().from(cloudAccounts)).toEqual([]);
  });

  let accountId: string;
  it('links an account, storing the password only encrypted and never answering it', async () => {
    const res = await postJson(
      accountsUrl(),
      { cloud: 'hearth-a', email: 'owner@example.com', password: CLOUD_PASSWORD },
      owner,
    );
    expect(res.status).toBe(201);
    expect(JSON.stringify(res.body)).not.toContain(CLOUD_PASSWORD);
    const body = res.body as { id: string; state: string; devs: unknown[] };
    expect(body).toMatchObject({ cloud: 'hearth-a', label: 'Hearth A', state: 'linked', devs: [] });
    accountId = body.id;
    const [row] = await b.hearth.db.select().from(cloudAccounts);
    expect(row?.userId).toBe(ownerId);
    expect(row?.passwordEnc).not.toContain(CLOUD_PASSWORD);
    const key = cloudPasswordKey('test-gateway-key-0123456789');
    expect(decryptCloudPassword(key, accountId, row?.passwordEnc ?? '')).toBe(CLOUD_PASSWORD);
    expect(() => decryptCloudPassword(key, ownerId, row?.passwordEnc ?? '')).toThrow();
    const listed = await getJson(accountsUrl(), owner);
    expect(JSON.stringify(listed.body)).not.toContain(CLOUD_PASSWORD);
    expect((listed.body as { accounts: unknown[] }).accounts).toHaveLength(1);
  });

  it('lists the cloud’s homes and brings a device into the owner’s home', async () => {
    const homes = await getJson(`${accountsUrl()}/${accountId}/homes`, owner);
    const devId = linkedDevId('hearth-a', upstreamDevId);
    expect(homes.body).toEqual({
      homes: [
        {
          id: expect.any(String),
          name: 'Flat',
          devs: [
            {
              dev_id: upstreamDevId,
              name: 'Flat gateway',
              product_id: '0002',
              hearth_dev_id: devId,
              linked: false,
            },
          ],
        },
      ],
    });
    const brought = await postJson(
      `${accountsUrl()}/${accountId}/devs`,
      { group_id: homeId, devs: [upstreamDevId] },
      owner,
    );
    expect(brought).toEqual({
      status: 201,
      body: {
        group_id: homeId,
        devs: [{ dev_id: devId, upstream_dev_id: upstreamDevId, name: 'Flat gateway' }],
      },
    });
    const [dev] = await b.hearth.db.select().from(devs).where(eq(devs.devId, devId));
    expect(dev?.groupId).toBe(homeId);
    const again = await getJson(`${accountsUrl()}/${accountId}/homes`, owner);
    expect(JSON.stringify(again.body)).toContain('"linked":true');
    const listed = await getJson(accountsUrl(), owner);
    const account = (listed.body as { accounts: Array<{ devs: Array<Record<string, unknown>> }> })
      .accounts[0];
    expect(account?.devs[0]).toMatchObject({
      dev_id: devId,
      group_id: homeId,
      stale: false,
      history: { state: 'pending' },
    });
  });

  it('keeps strangers out: no account of theirs, no home of someone else, no foreign dev ids', async () => {
    expect((await getJson(`${accountsUrl()}/${accountId}/homes`, stranger)).status).toBe(404);
    expect(
      (
        await postJson(
          `${accountsUrl()}/${accountId}/devs`,
          { group_id: homeId, devs: [upstreamDevId] },
          stranger,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await postJson(
          `${accountsUrl()}/${accountId}/devs`,
          { group_id: strangerHome, devs: [upstreamDevId] },
          owner,
        )
      ).status,
    ).toBe(404);
    const foreign = await postJson(
      `${accountsUrl()}/${accountId}/devs`,
      { group_id: homeId, devs: ['0123456789abcdef01'] },
      owner,
    );
    expect(foreign.status).toBe(400);
    expect(await b.hearth.db.select().from(cloudLinks)).toHaveLength(1);
    const devId = linkedDevId('hearth-a', upstreamDevId);
    expect((await del(`${b.url}/api/v2/cloud_links/devs/${devId}`, stranger)).status).toBe(404);
    expect((await del(`${accountsUrl()}/${accountId}`, stranger)).status).toBe(404);
    expect(await b.hearth.db.select().from(cloudLinks)).toHaveLength(1);
  });

  it('stores needs-password when the cloud refuses the stored password, and mails the owner once', async () => {
    const elsewhere = (await login(a.url, 'owner@example.com', CLOUD_PASSWORD)).access_token;
    const changed = await postJson(
      `${a.url}/api/v2/users/${cloudOwnerId}/password`,
      { password: CLOUD_PASSWORD, new_password: 'another_password' },
      elsewhere,
    );
    expect(changed.status).toBeLessThan(300);
    const refused = await getJson(`${accountsUrl()}/${accountId}/homes`, owner);
    expect(refused.status).toBe(400);
    const [row] = await b.hearth.db.select().from(cloudAccounts);
    expect(row).toMatchObject({ state: 'needs-password', passwordEnc: null });
    const listed = await getJson(accountsUrl(), owner);
    expect(listed.body).toMatchObject({ accounts: [{ state: 'needs-password' }] });
    const again = await getJson(`${accountsUrl()}/${accountId}/homes`, owner);
    expect(again.status).toBe(400);
    const outbox = b.hearth.outboxDir ?? '';
    expect(readdirSync(outbox)).toHaveLength(1);
  });

  it('unlinks a device (it stays in its home, no longer from the cloud) and then the account', async () => {
    const devId = linkedDevId('hearth-a', upstreamDevId);
    expect((await del(`${b.url}/api/v2/cloud_links/devs/${devId}`, owner)).status).toBe(200);
    const [kept] = await b.hearth.db.select().from(devs).where(eq(devs.devId, devId));
    expect(kept?.groupId).toBe(homeId);
    expect(await b.hearth.db.select().from(cloudLinks)).toEqual([]);
    expect((await del(`${b.url}/api/v2/cloud_links/devs/${devId}`, owner)).status).toBe(404);
    expect((await del(`${accountsUrl()}/${accountId}`, owner)).status).toBe(200);
    expect(await b.hearth.db.select().from(cloudAccounts)).toEqual([]);
    expect(await b.hearth.db.select().from(devs).where(eq(devs.devId, devId))).toHaveLength(1);
  });

  it('throttles the caller’s refused sign-ins like its own', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await postJson(
        accountsUrl(),
        { cloud: 'hearth-a', email: `guess${i}@example.com`, password: WRONG_PASSWORD },
        stranger,
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('never logs a cloud password, right or wrong', () => {
    expect(logged.length).toBeGreaterThan(10);
    const leaked = logged.filter((l) => l.includes(CLOUD_PASSWORD) || l.includes(WRONG_PASSWORD));
    expect(leaked).toEqual([]);
  });
});
