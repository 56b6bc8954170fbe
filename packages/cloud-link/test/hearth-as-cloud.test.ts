import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHearth, type TestHearth } from '../../server/src/test-support/test-hearth.ts';
import { UpstreamClient } from '../src/upstream-client.ts';
import type { CloudUpstream } from '../src/upstream-config.ts';
import { NeedsPasswordError, UpstreamSession } from '../src/upstream-session.ts';
import { cloudOwnerWithLounge, hearthAsCloud } from './hearth-cloud.ts';

/*
 * A real Hearth plays the vendor cloud: it serves the same smartbox wire format, so the
 * session and the REST client are checked against a real token endpoint, real routes and a
 * real database, not only against the fake cloud of the unit tests.
 */

let t: TestHearth;
let upstream: CloudUpstream;
let devId: string;
const sessions: UpstreamSession[] = [];

beforeAll(async () => {
  t = await startTestHearth();
  upstream = hearthAsCloud(t);
  ({ devId } = await cloudOwnerWithLounge(t, 'owner password', 'Cottage'));
});

afterAll(async () => {
  for (const session of sessions) session.close();
  await t.stop();
});

function session(password: string): UpstreamSession {
  const made = new UpstreamSession({
    upstream,
    username: 'owner@example.com',
    password,
    refreshAhead: false,
  });
  sessions.push(made);
  return made;
}

describe('a Hearth playing the vendor cloud', () => {
  it('signs the account in, lists its homes, devices and nodes, and takes a write', async () => {
    const s = session('owner password');
    const client = new UpstreamClient({ upstream, session: s });
    const homes = await client.groupedDevs();
    expect(homes).toHaveLength(1);
    expect(homes[0]?.devs.map((dev) => dev.dev_id)).toEqual([devId]);
    expect(await client.nodes(devId)).toEqual([
      expect.objectContaining({ name: 'Lounge', addr: 2, type: 'htr' }),
    ]);
    const snapshot = await client.devData(devId);
    expect(snapshot.nodes).toEqual([expect.objectContaining({ addr: 2, type: 'htr' })]);
    const lounge = { type: 'htr', addr: 2 };
    await client.writeNode(devId, lounge, 'status', { stemp: '20.5', units: 'C' });
    expect(await client.readNode(devId, lounge, 'status')).toMatchObject({
      stemp: '20.5',
      sync_status: 'pending',
    });
  });

  it('renews with the refresh token the real endpoint issued', async () => {
    const grants: string[] = [];
    const s = new UpstreamSession({
      upstream,
      username: 'owner@example.com',
      password: 'owner password',
      refreshAhead: false,
      fetch: (input, init) => {
        grants.push(new URLSearchParams(String(init?.body)).get('grant_type') ?? '');
        return fetch(input, init);
      },
    });
    sessions.push(s);
    s.invalidate(await s.accessToken());
    await s.accessToken();
    // A refresh token is single use on Hearth: a second renewal proves the first was rotated.
    s.invalidate(await s.accessToken());
    await s.accessToken();
    expect(grants).toEqual(['password', 'refresh_token', 'refresh_token']);
    const client = new UpstreamClient({ upstream, session: s });
    expect(await client.groupedDevs()).toHaveLength(1);
  });

  it('needs the password when the real endpoint refuses it', async () => {
    const s = session('not the password');
    await expect(s.accessToken()).rejects.toBeInstanceOf(NeedsPasswordError);
    expect(s.state).toEqual({ kind: 'needs-password' });
  });
});
