import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLog } from '../db/schema';
import { call, homeWorld, type HomeWorld } from '../homes/homes.test-helpers';
import { linksIn, startSmtpSink } from '../mail/smtp-sink';
import { getJson } from '../test-support/http';
import { randomDevId, startTestHearth, type TestHearth } from '../test-support/test-hearth';
import { createActivityRepository } from './activity.repository';

let t: TestHearth;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestHearth({ env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://app.example.com' } });
});
afterAll(async () => {
  await t.stop();
  await sink.close();
});
beforeEach(async () => {
  await t.reset();
  sink.mails.splice(0);
});

interface Entry {
  id: number;
  actor: string;
  source: string;
  via: string;
  user_id: string | null;
  dev_id: string | null;
  action: string;
  detail: Record<string, unknown>;
}
const activityUrl = (w: HomeWorld) => `${t.url}/api/v2/groups/${w.homeId}/activity`;
async function entries(w: HomeWorld): Promise<Entry[]> {
  const res = await getJson(activityUrl(w), w.owner);
  expect(res.status).toBe(200);
  return (res.body as { entries: Entry[] }).entries;
}

describe('the activity log records', () => {
  it('who invited, changed, accepted and removed whom', async () => {
    const w = await homeWorld(t);
    const invite = await call('POST', `${t.url}/api/v2/users/${w.ownerId}/invite`, w.owner, {
      email: 'cleaner@example.com',
      groupid: w.homeId,
      confirmation_url: 'https://app.example.com/',
      role: 'guest',
      scope: { boost: false },
    });
    expect(invite.status).toBe(201);
    const [link] = linksIn((await sink.next('cleaner@example.com')).raw);
    const url = new URL(link ?? '');
    const accepted = await call(
      'POST',
      `${t.url}/api/v2/users/${url.searchParams.get('userid')}/invite_confirmation`,
      undefined,
      { pass: 'clean_pass1', code: url.searchParams.get('code') },
    );
    expect(accepted.status).toBe(200);
    const changed = await call('PUT', `${t.url}/api/v2/groups/${w.homeId}/members`, w.owner, {
      email: 'cleaner@example.com',
      role: 'guest',
      scope: { weekly: [{ day: 2, from: '08:00', to: '12:00' }] },
    });
    expect(changed.status).toBe(200);
    const removed = await call('DELETE', `${t.url}/api/v2/users/${w.ownerId}/invite`, w.owner, {
      groupid: w.homeId,
      email: 'cleaner@example.com',
    });
    expect(removed.status).toBe(200);

    const log = await entries(w);
    expect(log.map((e) => [e.actor, e.action])).toEqual([
      ['owner@example.com', 'delete home/invite'],
      ['owner@example.com', 'put home/members'],
      ['cleaner@example.com', 'post home/invite_confirmation'],
      ['owner@example.com', 'post home/invite'],
    ]);
    expect(log[0]?.detail).toMatchObject({ email: 'cleaner@example.com' });
    expect(log[1]?.detail).toMatchObject({ email: 'cleaner@example.com', role: 'guest' });
    expect(log[2]).toMatchObject({
      source: 'app',
      detail: { email: 'cleaner@example.com', role: 'guest' },
    });
    expect(log[2]?.user_id).toEqual(expect.any(String));
    expect(log[3]?.detail).toMatchObject({ email: 'cleaner@example.com', role: 'guest' });
  });

  it('a device deleted from the home, and one added', async () => {
    const w = await homeWorld(t);
    // A second gateway keeps the home (a home's last device takes it along).
    const second = randomDevId();
    await t.repos.devices.claim(second, w.homeId, {
      name: 'Loft',
      productId: '0002',
      serialId: '01.01',
    });
    expect((await call('DELETE', `${t.url}/api/v2/devs/${w.devId}`, w.owner)).status).toBe(200);
    const [deleted] = await entries(w);
    expect(deleted).toMatchObject({
      actor: 'owner@example.com',
      dev_id: w.devId,
      action: 'delete device',
    });
    const added = await call('POST', `${t.url}/api/v2/devs`, w.owner, {
      country: 'ES',
      state: 'Madrid',
      city: 'Madrid',
      zip: '28001',
      tz_code: 'Europe/Madrid',
      groupData: { name: 'Home', id: w.homeId },
      dev_id: w.devId,
      serial_id: '01.01',
      name: 'Back again',
      product_id: '0105',
    });
    expect(added.status).toBe(201);
    const [again] = await entries(w);
    expect(again).toMatchObject({
      dev_id: w.devId,
      action: 'post devs',
      detail: { dev_id: w.devId, name: 'Back again' },
    });
  });

  it('nothing of a refused write', async () => {
    const w = await homeWorld(t);
    expect((await call('DELETE', `${t.url}/api/v2/devs/${w.devId}`, w.stranger)).status).toBe(404);
    expect((await call('DELETE', `${t.url}/api/v2/devs/${w.devId}`, w.guest)).status).toBe(403);
    expect(await entries(w)).toEqual([]);
  });
});

describe('the activity log keeps', () => {
  it('90 days: older entries are pruned, newer ones stay', async () => {
    const w = await homeWorld(t);
    const now = Date.now();
    const day = 86_400_000;
    const at = (daysAgo: number) => new Date(now - daysAgo * day);
    const row = (daysAgo: number) => ({
      groupId: w.homeId,
      at: at(daysAgo),
      actor: `${daysAgo}d@example.com`,
      source: 'app' as const,
      action: 'post htr/status',
    });
    await t.hearth.db.insert(activityLog).values([row(0), row(89), row(90.01), row(200)]);
    const deleted = await createActivityRepository(t.hearth.db).prune(new Date(now));
    expect(deleted).toBe(2);
    expect((await entries(w)).map((e) => e.actor).sort()).toEqual([
      '0d@example.com',
      '89d@example.com',
    ]);
  });
});

describe('the CSV export', () => {
  it('defuses formulas and keeps quotes and line breaks inside their cell', async () => {
    const w = await homeWorld(t);
    const hostile = ['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', 'say "hi"', 'two\nlines'];
    await t.hearth.db.insert(activityLog).values(
      hostile.map((actor) => ({
        groupId: w.homeId,
        actor,
        source: 'app' as const,
        action: 'post htr/status',
      })),
    );
    const res = await fetch(`${activityUrl(w)}.csv`, {
      headers: { authorization: `Bearer ${w.owner}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await res.text();
    const actors = parseCsv(text)
      .slice(1)
      .map((cells) => cells[1]);
    expect(actors.sort()).toEqual(
      [`'=HYPERLINK("x")`, "'+1", "'-2", "'@SUM(A1)", 'say "hi"', 'two\nlines'].sort(),
    );
    // Residents read it; guests and strangers get no export.
    const resident = await fetch(`${activityUrl(w)}.csv`, {
      headers: { authorization: `Bearer ${w.guest}` },
    });
    expect(resident.status).toBe(200);
    await resident.arrayBuffer();
    const made = await call('PUT', `${t.url}/api/v2/groups/${w.homeId}/members`, w.owner, {
      email: 'guest@example.com',
      role: 'guest',
    });
    expect(made.status).toBe(200);
    const guest = await fetch(`${activityUrl(w)}.csv`, {
      headers: { authorization: `Bearer ${w.guest}` },
    });
    expect(guest.status).toBe(403);
    await guest.arrayBuffer();
    const stranger = await fetch(`${activityUrl(w)}.csv`, {
      headers: { authorization: `Bearer ${w.stranger}` },
    });
    expect(stranger.status).toBe(404);
    await stranger.arrayBuffer();
  });
});

/** RFC 4180: quoted cells, "" for a quote, line breaks inside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}
