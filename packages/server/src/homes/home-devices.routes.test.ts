import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { samples } from '../db/schema';
import { connectGateway } from '../test-support/test-gateway';
import { getJson } from '../test-support/http';
import { randomDevId, useTestHearth, type TestHearth } from '../test-support/test-hearth';
import { call, homeWorld, statusByRole } from './homes.test-helpers';
import { decryptWifiPassword, wifiKey } from './wifi-credentials';

let t: TestHearth;
useTestHearth((started) => (t = started));

const NEW_HOME = '0f8fad5bd9cb469fa16570867728950e';
const NEW_HOME_UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

function payload(devId: string, over: Record<string, unknown> = {}) {
  return {
    country: 'ES',
    state: 'Madrid',
    city: 'Madrid',
    zip: '28001',
    tz_code: 'Europe/Madrid',
    groupData: { name: 'Flat', id: NEW_HOME },
    dev_id: devId,
    serial_id: '01.01',
    name: 'Hall box',
    product_id: '0105',
    ...over,
  };
}

async function grouped(token: string) {
  return (await getJson(`${t.url}/api/v2/grouped_devs`, token)).body;
}

describe('POST /api/v2/devs (add a device)', () => {
  it('creates the home with its geo data and the device, answering 201', async () => {
    const w = await homeWorld(t);
    const devId = randomDevId();
    const res = await call('POST', `${t.url}/api/v2/devs`, w.stranger, payload(devId));
    expect(res).toEqual({
      status: 201,
      body: {
        dev_id: devId,
        name: 'Hall box',
        product_id: '0105',
        fw_version: '',
        serial_id: '01.01',
        group: { id: NEW_HOME_UUID, name: 'Flat' },
      },
    });
    expect(await grouped(w.stranger)).toEqual([
      {
        id: NEW_HOME_UUID,
        name: 'Flat',
        owner: true,
        devs: [expect.objectContaining({ dev_id: devId })],
      },
    ]);
    const geo = {
      country: 'ES',
      state: 'Madrid',
      city: 'Madrid',
      zip: '28001',
      tz_code: 'Europe/Madrid',
    };
    expect(
      (await getJson(`${t.url}/api/v2/groups/${NEW_HOME_UUID}/geo_data`, w.stranger)).body,
    ).toEqual(geo);
    expect(
      (await getJson(`${t.url}/api/v2/devs/${devId}/dev_data`, w.stranger)).body,
    ).toMatchObject({ geo_data: geo });
  });

  it('adds a second device to an existing home of the user, keeping its geo data', async () => {
    const w = await homeWorld(t);
    const devId = randomDevId();
    const res = await call(
      'POST',
      `${t.url}/api/v2/devs`,
      w.owner,
      payload(devId, { groupData: { name: 'ignored', id: w.homeId } }),
    );
    expect(res.status).toBe(201);
    const homes = (await grouped(w.owner)) as Array<{ id: string; name: string; devs: unknown[] }>;
    expect(homes.map((h) => [h.id, h.name, h.devs.length])).toEqual([[w.homeId, 'Home', 2]]);
    expect((await getJson(`${t.url}/api/v2/groups/${w.homeId}/geo_data`, w.owner)).body).toEqual({
      tz_code: 'Europe/Madrid',
    });
    // The guest of that home sees the new device too, as a guest.
    expect(
      ((await grouped(w.guest)) as Array<{ owner: boolean; devs: unknown[] }>)[0],
    ).toMatchObject({ owner: false });
  });

  it('claims a gateway that connected before anyone added it', async () => {
    const w = await homeWorld(t);
    const devId = randomDevId();
    const gw = await connectGateway(
      t.hearth.gatewayMqttUrl(),
      devId,
      t.hearth.gatewaySecret(devId),
    );
    try {
      await vi.waitFor(async () =>
        expect((await t.repos.devices.find(devId))?.connected).toBe(true),
      );
      expect((await call('POST', `${t.url}/api/v2/devs`, w.stranger, payload(devId))).status).toBe(
        201,
      );
      expect((await getJson(`${t.url}/api/v2/devs/${devId}/connected`, w.stranger)).body).toEqual({
        connected: true,
      });
    } finally {
      await gw.end();
    }
  });

  it("answers 409 device_conflict for someone else's device and for one already in the user's homes", async () => {
    const w = await homeWorld(t);
    const foreign = await call('POST', `${t.url}/api/v2/devs`, w.stranger, payload(w.devId));
    expect(foreign).toMatchObject({
      status: 409,
      body: { statusCode: 409, error: 'device_conflict' },
    });
    const own = await call('POST', `${t.url}/api/v2/devs`, w.owner, payload(w.devId));
    expect(own).toMatchObject({ status: 409, body: { error: 'device_conflict' } });
    expect((own.body as { message: string }).message).toContain('your home');
    expect(await grouped(w.stranger)).toEqual([]);
    expect((await t.repos.devices.find(w.devId))?.groupId).toBe(w.homeId);
  });

  it('answers 409 already_registered "Home already registered" when groupData.id is someone else\'s home, adding nothing', async () => {
    const w = await homeWorld(t);
    const devId = randomDevId();
    const res = await call(
      'POST',
      `${t.url}/api/v2/devs`,
      w.stranger,
      payload(devId, { groupData: { name: 'x', id: w.homeId } }),
    );
    expect(res).toMatchObject({
      status: 409,
      body: { statusCode: 409, error: 'already_registered', message: 'Home already registered' },
    });
    expect(await t.repos.devices.find(devId)).toBeUndefined();
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const w = await homeWorld(t);
    const devId = randomDevId();
    const bad: Array<Record<string, unknown>> = [
      { dev_id: 'abc' },
      { dev_id: `${devId}00` },
      { dev_id: 'zz'.repeat(9) },
      { name: '' },
      { name: 'n'.repeat(33) },
      { zip: 'ABCDE' },
      { country: 'GB', state: 'Madrid' },
      { country: 'XX' },
      { tz_code: 'Mars/Olympus' },
      { groupData: { name: 'Flat', id: 'not-a-uuid' } },
      { groupData: { name: '', id: NEW_HOME } },
      { serial_id: '' },
      { city: 42 },
      { product_id: undefined },
    ];
    for (const over of bad) {
      const res = await call('POST', `${t.url}/api/v2/devs`, w.stranger, payload(devId, over));
      expect({ over, status: res.status, error: (res.body as { error?: string }).error }).toEqual({
        over,
        status: 400,
        error: 'validation_failed',
      });
    }
    const raw = await fetch(`${t.url}/api/v2/devs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${w.stranger}` },
      body: '{"dev_id":',
    });
    expect(raw.status).toBe(400);
    expect(await t.repos.devices.find(devId)).toBeUndefined();
    expect(await grouped(w.stranger)).toEqual([]);
    expect((await call('POST', `${t.url}/api/v2/devs`, undefined, payload(devId))).status).toBe(
      401,
    );
  });
});

describe('device delete, rename and transfer', () => {
  it('lets only the owner delete: guest 403, stranger 404, anonymous 401; the gateway is free again', async () => {
    const w = await homeWorld(t);
    await t.repos.samples.insertMany(w.devId, [
      { type: 'htr', addr: 2, t: 1_700_000_000, counter: 5 },
    ]);
    const url = `${t.url}/api/v2/devs/${w.devId}`;
    expect(await statusByRole(w, 'DELETE', url)).toEqual({
      anonymous: 401,
      stranger: 404,
      guest: 403,
      owner: 200,
    });
    // Its home had no other device, so the home went too.
    expect(await grouped(w.owner)).toEqual([]);
    expect(await grouped(w.guest)).toEqual([]);
    expect((await t.repos.devices.find(w.devId))?.groupId).toBeNull();
    expect((await call('POST', `${t.url}/api/v2/devs`, w.stranger, payload(w.devId))).status).toBe(
      201,
    );
    // The next owner does not inherit the old home's energy history.
    expect(await t.hearth.db.select().from(samples).where(eq(samples.devId, w.devId))).toEqual([]);
  });

  it('deletes for a client that sends Content-Type: application/json with no body (smartbox clients do)', async () => {
    const w = await homeWorld(t);
    const res = await fetch(`${t.url}/api/v2/devs/${w.devId}`, {
      method: 'DELETE',
      headers: {
        authorization: `Bearer ${w.owner}`,
        'content-type': 'application/json',
        'content-length': '0',
      },
    });
    expect(res.status).toBe(200);
    expect((await t.repos.devices.find(w.devId))?.groupId).toBeNull();
    // A route that needs a body still refuses an empty one, and a broken one.
    for (const body of ['', '{"dev_id":']) {
      const res = await fetch(`${t.url}/api/v2/devs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${w.owner}`, 'content-type': 'application/json' },
        body,
      });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
  });

  it('renames for the owner only, and refuses a bad name without changing it', async () => {
    const w = await homeWorld(t);
    const url = `${t.url}/api/v2/devs/${w.devId}/name`;
    expect(await statusByRole(w, 'POST', url, { name: 'Attic' })).toEqual({
      anonymous: 401,
      stranger: 404,
      guest: 403,
      owner: 200,
    });
    // Device settings allow 30 characters (spec 2 §5), two fewer than the add-device wizard.
    for (const name of ['', 'x'.repeat(31), 7]) {
      expect((await call('POST', url, w.owner, { name })).status).toBe(400);
    }
    expect((await t.repos.devices.find(w.devId))?.name).toBe('Attic');
    expect((await call('POST', url, w.owner, { name: 'y'.repeat(30) })).status).toBe(200);
    expect((await t.repos.devices.find(w.devId))?.name).toBe('y'.repeat(30));
    expect(
      (await call('POST', `${t.url}/api/v2/devs/ffffffffffffffffff/name`, w.owner, { name: 'a' }))
        .status,
    ).toBe(404);
  });

  it("moves a device to another of the owner's homes, or to a new one, and drops the emptied home", async () => {
    const w = await homeWorld(t);
    const second = randomDevId();
    await call('POST', `${t.url}/api/v2/devs`, w.owner, payload(second));
    const url = `${t.url}/api/v2/devs/${w.devId}/group`;
    expect(
      await statusByRole(w, 'POST', url, {
        id: 'cafebabe-0000-4000-8000-000000000001',
        name: 'Cabin',
      }),
    ).toEqual({ anonymous: 401, stranger: 404, guest: 403, owner: 200 });
    let homes = (await grouped(w.owner)) as Array<{
      id: string;
      name: string;
      devs: Array<{ dev_id: string }>;
    }>;
    expect(homes.map((h) => [h.name, h.devs.map((d) => d.dev_id)])).toEqual([
      ['Flat', [second]],
      ['Cabin', [w.devId]],
    ]);
    // The new home took the old home's geo data; the guest of the old home lost sight of it.
    expect(
      (
        await getJson(
          `${t.url}/api/v2/groups/cafebabe-0000-4000-8000-000000000001/geo_data`,
          w.owner,
        )
      ).body,
    ).toEqual({ tz_code: 'Europe/Madrid' });
    expect(await grouped(w.guest)).toEqual([]);
    expect((await call('POST', url, w.owner, { id: NEW_HOME_UUID })).status).toBe(200);
    homes = (await grouped(w.owner)) as typeof homes;
    expect(homes.map((h) => [h.name, h.devs.length])).toEqual([['Flat', 2]]);
  });

  it("refuses a transfer into someone else's home, or to a new home without a name", async () => {
    const w = await homeWorld(t);
    const theirs = randomDevId();
    await call('POST', `${t.url}/api/v2/devs`, w.stranger, payload(theirs));
    const url = `${t.url}/api/v2/devs/${w.devId}/group`;
    expect((await call('POST', url, w.owner, { id: NEW_HOME, name: 'Mine now' })).status).toBe(404);
    expect(
      (await call('POST', url, w.owner, { id: 'cafebabe-0000-4000-8000-000000000002' })).status,
    ).toBe(400);
    expect((await call('POST', url, w.owner, { id: 12 })).status).toBe(400);
    expect((await t.repos.devices.find(w.devId))?.groupId).toBe(w.homeId);
  });
});

describe('GET /api/v2/encrypted_wifi_credentials', () => {
  it('encrypts the password so that a heater holding the wifi key recovers it for that SSID only', async () => {
    const w = await homeWorld(t);
    const res = await getJson(
      `${t.url}/api/v2/encrypted_wifi_credentials?ssid=HomeNet&pass=s3cret-pass`,
      w.stranger,
    );
    expect(res.status).toBe(200);
    const { encrypted_pass } = res.body as { encrypted_pass: string };
    expect(encrypted_pass).not.toContain('s3cret');
    const key = wifiKey('test-gateway-key-0123456789');
    expect(decryptWifiPassword(key, 'HomeNet', encrypted_pass)).toBe('s3cret-pass');
    expect(() => decryptWifiPassword(key, 'OtherNet', encrypted_pass)).toThrow();
    expect(() =>
      decryptWifiPassword(wifiKey('another-gateway-key-000'), 'HomeNet', encrypted_pass),
    ).toThrow();
    expect(
      (await getJson(`${t.url}/api/v2/encrypted_wifi_credentials?ssid=HomeNet&pass=x`)).status,
    ).toBe(401);
    expect(
      (await getJson(`${t.url}/api/v2/encrypted_wifi_credentials?pass=x`, w.owner)).status,
    ).toBe(400);
    expect(
      (
        await getJson(
          `${t.url}/api/v2/encrypted_wifi_credentials?ssid=a&pass=${'p'.repeat(65)}`,
          w.owner,
        )
      ).status,
    ).toBe(400);
  });
});
