import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHearth, type TestHearth } from '../test-support/test-hearth';

let t: TestHearth;
beforeAll(async () => {
  t = await startTestHearth();
});
afterAll(() => t.stop());

describe('/api/docs', () => {
  it('serves a browsable page whose scripts come from this server, not a CDN', async () => {
    const res = await fetch(`${t.url}/api/docs/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('swagger-ui');
    const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^https?:/);
      const asset = await fetch(new URL(src, `${t.url}/api/docs/`));
      // Read it whole: an unread body keeps the response open and the server from closing.
      const size = (await asset.arrayBuffer()).byteLength;
      expect({ src, status: asset.status, empty: size === 0 }).toEqual({
        src,
        status: 200,
        empty: false,
      });
    }
  });

  it('lists the homes, devices and guests routes in the OpenAPI JSON', async () => {
    const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const expected: Array<[string, string]> = [
      ['/api/v2/devs', 'post'],
      ['/api/v2/devs/{dev}', 'delete'],
      ['/api/v2/devs/{dev}/name', 'post'],
      ['/api/v2/devs/{dev}/group', 'post'],
      ['/api/v2/groups/{gid}/name', 'post'],
      ['/api/v2/groups/{gid}/geo_data', 'get'],
      ['/api/v2/groups/{gid}/geo_data', 'post'],
      ['/api/v2/groups/{gid}/extra_data', 'post'],
      ['/api/v2/groups/{gid}/guest_users', 'get'],
      ['/api/v2/users/{uid}/invite', 'post'],
      ['/api/v2/users/{uid}/invite', 'delete'],
      ['/api/v2/users/{uid}/invite_confirmation', 'post'],
      ['/api/notifications/v1/{gid}/presence/config', 'post'],
      ['/api/notifications/v1/{gid}/test', 'post'],
      ['/api/v2/encrypted_wifi_credentials', 'get'],
      ['/api/v2/grouped_devs', 'get'],
    ];
    for (const [path, method] of expected) {
      expect({ path, method, listed: doc.paths[path]?.[method] !== undefined }).toEqual({
        path,
        method,
        listed: true,
      });
    }
  });
});
