import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createWorld, send, type World } from '../devices/control-test-world';
import { getJson, postJson } from '../test-support/http';
import { randomDevId, useTestHearth, type TestHearth } from '../test-support/test-hearth';

let t: TestHearth;
useTestHearth((started) => (t = started));

const presence = (w: World) => `${t.url}/api/notifications/v1/${w.homeId}/presence/config`;
const erase = (w: World, node: string, purge: boolean, token = w.owner) =>
  send('DELETE', `${t.url}/api/v2/devs/${w.devId}/${node}/`, { purge }, token);

/** The world's gateway (heater 2, meter 5) and a second gateway in the same home. */
async function homeWithExclusions() {
  const w = await createWorld(t);
  const other = randomDevId();
  await t.repos.devices.claim(other, w.homeId, {
    name: 'Annex gateway',
    productId: '0002',
    serialId: '01.02',
  });
  const config = {
    email: 'alerts@example.com',
    enabled: true,
    excluded_nodes: [
      { devid: w.devId, nodes: [2, 5] },
      { devid: other, nodes: [2] },
    ],
  };
  expect((await send('POST', presence(w), config, w.owner)).status).toBe(200);
  return { w, other, config };
}

// Spec 2 §4: quiet-home settings are saved when a node is deleted.
describe('erasing a node', () => {
  it('drops its address from the quiet-home exclusions, so a replacement is not excluded', async () => {
    const { w, other, config } = await homeWithExclusions();
    expect((await erase(w, 'htr/2', false)).status).toBe(200);
    expect((await getJson(presence(w), w.owner)).body).toEqual({
      ...config,
      excluded_nodes: [
        { devid: w.devId, nodes: [5] },
        { devid: other, nodes: [2] },
      ],
    });
    // The last excluded node of a gateway takes its entry along; the other gateway keeps its own.
    expect((await erase(w, 'pmo/5', true)).status).toBe(200);
    expect((await getJson(presence(w), w.owner)).body).toEqual({
      ...config,
      excluded_nodes: [{ devid: other, nodes: [2] }],
    });
    // What is left saves as it reads (no stale gateway to refuse).
    const left = (await getJson(presence(w), w.owner)).body;
    expect((await send('POST', presence(w), left, w.owner)).status).toBe(200);
  });

  it('leaves the exclusions alone when the erase is refused or the node was not excluded', async () => {
    const { w, config } = await homeWithExclusions();
    expect((await erase(w, 'htr/2', true, w.guest)).status).toBe(403);
    expect((await erase(w, 'htr/2', true, w.stranger)).status).toBe(404);
    expect((await getJson(presence(w), w.owner)).body).toEqual(config);

    const saved = { ...config, excluded_nodes: [{ devid: w.devId, nodes: [5] }] };
    expect((await send('POST', presence(w), saved, w.owner)).status).toBe(200);
    expect((await erase(w, 'htr/2', false)).status).toBe(200);
    expect((await getJson(presence(w), w.owner)).body).toEqual(saved);
  });

  it('does not configure quiet-home for a home that had none', async () => {
    const w = await createWorld(t);
    expect((await erase(w, 'htr/2', true)).status).toBe(200);
    expect((await getJson(presence(w), w.owner)).body).toEqual({
      email: 'owner@example.com',
      enabled: false,
      excluded_nodes: [],
    });
  });
});

describe('a gateway leaving the home', () => {
  it('takes its quiet-home exclusions along when moved or deleted, leaving the rest to save', async () => {
    const { w, other, config } = await homeWithExclusions();
    const moved = await postJson(
      `${t.url}/api/v2/devs/${other}/group`,
      { id: randomUUID(), name: 'Annex' },
      w.owner,
    );
    expect(moved.status).toBe(200);
    const afterMove = (await getJson(presence(w), w.owner)).body;
    expect(afterMove).toEqual({ ...config, excluded_nodes: [{ devid: w.devId, nodes: [2, 5] }] });
    expect((await send('POST', presence(w), afterMove, w.owner)).status).toBe(200);

    // A gateway stays, so the home does too.
    await t.repos.devices.claim(randomDevId(), w.homeId, {
      name: 'Loft gateway',
      productId: '0002',
      serialId: '01.03',
    });
    const deleted = await send('DELETE', `${t.url}/api/v2/devs/${w.devId}`, undefined, w.owner);
    expect(deleted.status).toBe(200);
    const afterDelete = (await getJson(presence(w), w.owner)).body;
    expect(afterDelete).toEqual({ ...config, excluded_nodes: [] });
    expect((await send('POST', presence(w), afterDelete, w.owner)).status).toBe(200);
  });
});
