import { expect, test } from 'vitest';
import type { GroupedHome } from '@hearth/protocol';
import { createDemoBackend } from './demo-backend';

const setup = () => createDemoBackend({ now: () => Date.UTC(2026, 10, 28, 10), random: () => 0.5 });

test('each demo home is shared with a resident and a one-room guest, and has a few changes logged', () => {
  const backend = setup();
  const id = (backend.handle('GET', '/api/v2/grouped_devs').body as GroupedHome[])[0]?.id ?? '';
  const { members } = backend.handle('GET', `/api/v2/groups/${id}/members`).body as {
    members: Array<{ email: string; role: string; scope: { nodes?: unknown[]; maxC?: number } }>;
  };
  expect(members.map((m) => m.role)).toEqual(['resident', 'guest']);
  expect(members[1]?.scope.nodes).toHaveLength(1);
  expect(members[1]?.scope.maxC).toBe(22);
  const log = backend.handle('GET', `/api/v2/groups/${id}/activity?limit=2`).body as {
    entries: Array<{ id: number; at: string }>;
    next_before: number | null;
  };
  expect(log.entries).toHaveLength(2);
  expect(log.entries[0]!.at > log.entries[1]!.at).toBe(true);
  const rest = backend.handle('GET', `/api/v2/groups/${id}/activity?before=${log.next_before}`)
    .body as { entries: unknown[]; next_before: null };
  expect(rest.entries.length).toBeGreaterThan(0);
  expect(rest.next_before).toBeNull();
  const csv = backend.handle('GET', `/api/v2/groups/${id}/activity.csv`).body as string;
  expect(csv.split('\r\n')[0]).toBe('at,actor,source,via,dev_id,node_type,node_addr,action,detail');
  expect(backend.handle('GET', `/api/v2/groups/${id}/my_access`).body).toMatchObject({
    role: 'owner',
  });
});

test('an invitation keeps its role and scope; rights change later; a bad scope is the server’s 400', () => {
  const backend = setup();
  const id = (backend.handle('GET', '/api/v2/grouped_devs').body as GroupedHome[])[0]?.id ?? '';
  backend.handle('POST', '/api/v2/users/demo/invite', {
    email: 'Kid@Example.com',
    groupid: id,
    role: 'guest',
    scope: { minC: 18 },
  });
  const changed = backend.handle('PUT', `/api/v2/groups/${id}/members`, {
    email: 'kid@example.com',
    role: 'resident',
    scope: { minC: 18 },
  });
  expect(changed).toEqual({
    status: 200,
    body: { email: 'kid@example.com', pending: true, role: 'resident', scope: {} },
  });
  const bad = backend.handle('PUT', `/api/v2/groups/${id}/members`, {
    email: 'kid@example.com',
    role: 'guest',
    scope: { minC: 23, maxC: 19 },
  });
  expect(bad).toMatchObject({ status: 400, body: { error: 'validation_failed' } });
  const unknown = backend.handle('PUT', `/api/v2/groups/${id}/members`, {
    email: 'nobody@example.com',
    role: 'guest',
  });
  expect(unknown).toMatchObject({ status: 404 });
});
