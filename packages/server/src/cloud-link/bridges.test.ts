import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudAccounts, devs } from '../db/schema';
import { getJson, login, postJson } from '../test-support/http';
import type { TestHearth } from '../test-support/test-hearth';
import { startCloudLinkFixture, WAIT_MS, type CloudLinkFixture } from './cloud-link-fixture';

/*
 * Hearth A plays the vendor cloud with a real gateway behind it; Hearth B runs the linked
 * device's bridge in its own process (CLOUD_LINK=server, the default) over real sockets.
 */
let f: CloudLinkFixture;
let a: TestHearth;
let b: TestHearth;
let cloudOwnerId: string;
let owner: string;
let accountId: string;
let devId: string;

beforeAll(async () => {
  f = await startCloudLinkFixture({
    gatewayStatus: { mode: 'manual', stemp: '18.0', units: 'C' },
    env: { PUBLIC_URL: 'https://hearth.example.org' },
  });
  ({ a, b, cloudOwnerId, devId } = f);
  owner = f.me.token;
  accountId = await f.linkAccount();
});

afterAll(async () => {
  await f?.stop();
});

const accounts = () => f.accounts();
const mails = () => {
  const dir = b.hearth.outboxDir ?? '';
  try {
    return readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8'));
  } catch {
    return [];
  }
};

describe('linked devices run in the server', () => {
  it('starts a bridge when a device is brought in: the heater appears in Hearth', async () => {
    const brought = await f.bringDevice(accountId);
    expect(brought.status).toBe(201);
    await expect
      .poll(async () => (await getJson(`${b.url}/api/v2/devs/${devId}/htr/2/status`, owner)).body, {
        timeout: WAIT_MS,
      })
      .toMatchObject({ stemp: '18.0', mode: 'manual' });
    await expect
      .poll(async () => (await accounts())[0]?.devs[0]?.last_update_at, { timeout: WAIT_MS })
      .toEqual(expect.any(String));
  });

  it('stores needs-password when the cloud refuses the password, and mails the owner once', async () => {
    const elsewhere = (await login(a.url, 'owner@example.com', 'cloud_password')).access_token;
    const changed = await postJson(
      `${a.url}/api/v2/users/${cloudOwnerId}/password`,
      { password: 'cloud_password', new_password: 'another_password' },
      elsewhere,
    );
    expect(changed.status).toBeLessThan(300);
    // The next write needs the cloud: its sign-in has ended and the stored password is refused.
    await postJson(
      `${b.url}/api/v2/devs/${devId}/htr/2/status`,
      { stemp: '20.0', units: 'C' },
      owner,
    );
    await expect
      .poll(async () => (await accounts())[0]?.state, { timeout: WAIT_MS })
      .toBe('needs-password');
    const [row] = await b.hearth.db.select().from(cloudAccounts);
    expect(row?.passwordEnc).toBeNull();
    await expect.poll(() => mails().length, { timeout: WAIT_MS }).toBe(1);
    const [mail] = mails();
    expect(mail).toContain('https://hearth.example.org/');
    expect(mail).toContain('owner@example.com');
    await postJson(
      `${b.url}/api/v2/devs/${devId}/htr/2/status`,
      { stemp: '21.0', units: 'C' },
      owner,
    );
    await b.hearth.gatewayIdle();
    expect(mails()).toHaveLength(1);
  });

  it('takes the new password and runs the device again; unlinking stops it and keeps it, disconnected', async () => {
    const relinked = await postJson(
      `${b.url}/api/v2/cloud_links/accounts`,
      { cloud: 'hearth-a', email: 'owner@example.com', password: 'another_password' },
      owner,
    );
    expect(relinked.status).toBe(201);
    expect((await accounts())[0]?.state).toBe('linked');
    const res = await fetch(`${b.url}/api/v2/cloud_links/devs/${devId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(res.status).toBe(200);
    await b.hearth.gatewayIdle();
    await expect
      .poll(async () => (await b.hearth.db.select().from(devs).where(eq(devs.devId, devId)))[0], {
        timeout: WAIT_MS,
      })
      .toMatchObject({ devId, connected: false, groupId: f.homeId });
    expect((await accounts())[0]?.devs).toEqual([]);
  });
});
