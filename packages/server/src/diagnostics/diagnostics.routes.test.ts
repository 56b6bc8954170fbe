import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHearth, type TestHearth } from '../test-support/test-hearth';
import { populateHomeWithSecrets } from './diagnostics.fixture';
import { homeDiagnosticsSchema, type HomeDiagnostics } from './diagnostics.schema';
import { REDACTED } from './redact';

let t: TestHearth;
let home: Awaited<ReturnType<typeof populateHomeWithSecrets>>;

function download(gid: string, token?: string) {
  return fetch(`${t.url}/api/hearth/v1/homes/${gid}/diagnostics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

beforeAll(async () => {
  t = await startTestHearth();
  home = await populateHomeWithSecrets(t);
});
afterAll(() => t?.stop());

describe('GET /api/hearth/v1/homes/{gid}/diagnostics', () => {
  let file: HomeDiagnostics;
  let text: string;
  beforeAll(async () => {
    const res = await download(home.homeId, home.tokens.owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(
        `^attachment; filename="hearth-diagnostics-${home.homeId}-\\d{4}-\\d{2}-\\d{2}\\.json"$`,
      ),
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    text = await res.text();
    file = homeDiagnosticsSchema.parse(JSON.parse(text));
  });

  it('holds the home, its gateways with their connection state and its nodes', () => {
    expect(file.home).toMatchObject({
      id: home.homeId,
      name: 'Cottage',
      tz_code: 'Europe/Madrid',
      country: 'ES',
      guests: { accepted: 1, pending: 1 },
      quiet_home: { configured: true, enabled: true, excluded_nodes: 1 },
    });
    expect(file.gateways.map((g) => g.dev_id)).toEqual([home.devId, home.secondDevId]);
    const [gw, attic] = file.gateways;
    expect(gw).toMatchObject({ connected: true, fw_version: '1.13', name: 'Cottage gateway' });
    expect(gw?.last_seen_age_s).toBeGreaterThanOrEqual(0);
    expect(gw?.last_seen_age_s).toBeLessThan(60);
    expect(attic).toMatchObject({ connected: false, last_seen: null, nodes: [] });
    expect(gw?.nodes.map((n) => [n.type, n.addr, n.name, n.lost])).toEqual([
      ['htr', 1, 'Living room', false],
      ['htr', 2, 'Bedroom', true],
    ]);
    expect(gw?.nodes[0]?.status).toMatchObject({ mode: 'manual', stemp: '21.5', mtemp: '19.8' });
    expect(gw?.nodes[0]?.version).toMatchObject({ fw_version: '1.7', uid: 'node-uid-1' });
  });

  it('gives each last report its age: samples per node, device objects, the gateway', () => {
    const [gw] = file.gateways;
    const generated = Date.parse(file.generated_at) / 1000;
    expect(gw?.nodes[0]?.last_sample).toEqual({
      t: home.lastSampleT,
      age_s: Math.round(generated - home.lastSampleT),
    });
    expect(gw?.nodes[1]?.last_sample).toBeNull();
    expect(gw?.objects.map((o) => o.path)).toEqual(['/geo_data', '/mgr/away_status']);
    expect(gw?.objects[1]).toMatchObject({ body: { enabled: true, away: false } });
    expect(gw?.objects[1]?.age_s).toBeLessThan(60);
  });

  it('lists pending commands oldest first and the refused one with its error', () => {
    const [gw] = file.gateways;
    // The owner's geo data save went to every gateway of the home first.
    expect(gw?.pending_commands.count).toBe(4);
    expect(gw?.pending_commands.oldest.map((c) => c.path)).toEqual([
      '/geo_data',
      '/htr/1/status',
      '/mgr/wifi',
      '/geo_data',
    ]);
    expect(file.gateways[1]?.pending_commands.count).toBe(1);
    expect(gw?.pending_commands.oldest[1]).toMatchObject({
      id: home.waitingId,
      body: { stemp: '22.0', units: 'C' },
    });
    expect(gw?.recent_failures).toHaveLength(1);
    expect(gw?.recent_failures[0]).toMatchObject({
      path: '/htr/2/setup',
      error: 'node not reachable',
    });
  });

  it('names the problems: a gateway never seen, a lost node, waiting and refused commands', () => {
    expect(file.problems.map((p) => [p.code, p.dev_id])).toEqual(
      expect.arrayContaining([
        ['node_lost', home.devId],
        ['commands_waiting', home.devId],
        ['commands_failed', home.devId],
        ['gateway_never_connected', home.secondDevId],
        ['commands_waiting', home.secondDevId],
      ]),
    );
    expect(file.problems).toHaveLength(5);
    expect(file.problems.find((p) => p.code === 'commands_waiting')?.count).toBe(4);
    expect(file.problems.find((p) => p.code === 'node_lost')?.node).toEqual({
      type: 'htr',
      addr: 2,
    });
  });

  it('holds no credential, no e-mail address and no street address or coordinates', () => {
    const found = Object.entries(home.secrets).filter(([, secret]) => text.includes(secret));
    expect(found.map(([name]) => name)).toEqual([]);
    expect(text).not.toMatch(/@example\.test/);
    const wifi = file.gateways[0]?.pending_commands.oldest[2];
    expect(wifi?.body).toEqual({ ssid: REDACTED, pass: REDACTED });
    const geoCommand = file.gateways[0]?.pending_commands.oldest[3];
    expect(geoCommand?.body).toEqual({
      country: 'ES',
      tz_code: 'Europe/Madrid',
      outdoor_range: 300,
    });
    expect(file.gateways[0]?.objects[0]?.body).toEqual({
      country: 'ES',
      tz_code: 'Europe/Madrid',
      outdoor_range: 300,
    });
  });

  it('refuses guests with 403, strangers and unknown homes with 404, anonymous callers with 401', async () => {
    const guest = await download(home.homeId, home.tokens.guest);
    expect(guest.status).toBe(403);
    expect(await guest.json()).toMatchObject({ statusCode: 403, error: 'forbidden' });
    const stranger = await download(home.homeId, home.tokens.stranger);
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ error: 'not_found', message: 'Home not found' });
    expect((await download('00000000-0000-4000-8000-000000000000', home.tokens.owner)).status).toBe(
      404,
    );
    expect((await download('not-a-home', home.tokens.owner)).status).toBe(404);
    expect((await download(home.homeId)).status).toBe(401);
  });
});
