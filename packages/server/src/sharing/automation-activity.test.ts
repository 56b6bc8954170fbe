import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWorld, HEATER_STATUS, send, useControlHearth } from '../devices/control-test-world';
import { getJson } from '../test-support/http';
import type { TestHearth } from '../test-support/test-hearth';
import { recordAutomationWrite } from './activity-recorder';

let t: TestHearth;
const { gateway } = useControlHearth((started) => (t = started));

afterEach(() => {
  vi.useRealTimers();
});

interface Entry {
  actor: string;
  source: string;
  via: string;
  user_id: string | null;
  dev_id: string | null;
  node_type: string | null;
  node_addr: number | null;
  action: string;
  detail: Record<string, unknown>;
}
const activity = async (homeId: string, token: string) =>
  ((await getJson(`${t.url}/api/v2/groups/${homeId}/activity`, token)).body as { entries: Entry[] })
    .entries;

describe("automations' writes in the activity log", () => {
  it('a window hold and its end are recorded as the window automation, with what and why', async () => {
    const w = await createWorld(t);
    const gw = await gateway(w.devId);
    const comfortUrl = `${t.url}/api/hearth/v1/devs/${w.devId}/htr/2/comfort`;
    await send('POST', comfortUrl, { window_detection: true }, w.owner);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    await gw.publishUp('/htr/2/status', { ...HEATER_STATUS, window_open: true });
    await vi.waitFor(async () =>
      expect((await activity(w.homeId, w.owner)).map((e) => e.via)).toContain('automation:window'),
    );
    vi.setSystemTime(start + 60_000);
    await gw.publishUp('/htr/2/status', { ...HEATER_STATUS, window_open: false });
    await vi.waitFor(async () =>
      expect(
        (await activity(w.homeId, w.owner)).filter((e) => e.source === 'automation'),
      ).toHaveLength(2),
    );
    const [closed, opened] = (await activity(w.homeId, w.owner)).filter(
      (e) => e.source === 'automation',
    );
    expect(opened).toMatchObject({
      actor: 'Hearth',
      via: 'automation:window',
      user_id: null,
      dev_id: w.devId,
      node_type: 'htr',
      node_addr: 2,
      action: 'post status',
      detail: { stemp: '7.0', units: 'C', window: 'opened' },
    });
    expect(opened?.detail.reason).toMatch(/window open .*anti-frost/i);
    expect(closed).toMatchObject({
      via: 'automation:window',
      detail: { stemp: '21.0', units: 'C', window: 'closed', why: 'device' },
    });
    expect(closed?.detail.reason).toMatch(/heating resumed/);
  });

  it('records any named automation, keeps secrets out and never throws', async () => {
    const w = await createWorld(t);
    const db = t.hearth.db;
    expect(
      await recordAutomationWrite(db, {
        automation: 'power-guard',
        devId: w.devId,
        node: { type: 'htr', addr: 2 },
        change: { mode: 'off', password: 'hunter2' },
        reason: 'the home drew 9.2 kW of 9 kW: this heater paused',
        detail: { limit_w: 9000, nested: { a: 1 } },
      }),
    ).toBe(true);
    const [entry] = await activity(w.homeId, w.owner);
    expect(entry).toMatchObject({
      source: 'automation',
      via: 'automation:power-guard',
      detail: {
        mode: 'off',
        limit_w: 9000,
        nested: '…',
        reason: 'the home drew 9.2 kW of 9 kW: this heater paused',
      },
    });
    expect(entry?.detail).not.toHaveProperty('password');
    // A device of no home, or one that does not exist: nothing recorded, no error.
    expect(
      await recordAutomationWrite(db, {
        automation: 'charge-plan',
        devId: 'no-such-device',
        change: {},
        reason: 'x',
      }),
    ).toBe(false);
  });
});
