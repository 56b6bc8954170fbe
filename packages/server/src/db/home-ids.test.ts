import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, startTestHearth, type TestHearth } from '../test-support/test-hearth';

let t: TestHearth;
beforeAll(async () => {
  t = await startTestHearth();
});
afterAll(() => t.stop());

it('homes the server creates without an id get ids that sort in creation order', async () => {
  const { id: ownerId } = await createUser(t.repos, 'ids@example.com');
  const made: string[] = [];
  for (const name of ['Zeta', 'Alpha', 'Mid']) {
    const home = await t.repos.homes.create({ ownerId, name, geoData: {} });
    made.push(home.id);
    // Ids of the same millisecond order only by their random part.
    await new Promise((r) => setTimeout(r, 2));
  }
  for (const id of made) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  expect([...made].sort()).toEqual(made);
});
