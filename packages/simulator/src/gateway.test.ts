import {
  gatewayAckSchema,
  gatewayTopics,
  mgrNodeSchema,
  nodeStatusSchema,
  nodeVersionSchema,
  pmoSystemSchema,
  progSchema,
} from '@hearth/protocol';
import { describe, expect, it } from 'vitest';
import { ackOf, up, useSimGateways } from './gateway-test-harness';
import type { Received } from './test-broker';
import { DISCOVERY_DELAY_MS } from '@hearth/device-model';

const sim = useSimGateways(1000);
const { startOne, sendCmd } = sim;

describe('a simulated gateway over a real broker', () => {
  it('announces connected, then the whole state in the documented order and shapes', async () => {
    const from = sim.observer().messages.length;
    const { devId } = await startOne();
    await sim.observer().waitFor(up(devId, '/pmo_system'), from);
    const mine = sim
      .observer()
      .messages.slice(from)
      .filter((m) => m.topic.startsWith(gatewayTopics.root(devId)));
    const paths = mine.map((m) => m.topic.slice(gatewayTopics.root(devId).length));

    expect(paths[0]).toBe('/connected');
    // With the firmware it runs: the fw_version of the device lists (ruling D16).
    expect(mine[0]?.body).toEqual({ connected: true, fw_version: '1.13' });
    expect(paths[1]).toBe('/up/mgr/nodes');
    expect(paths.slice(2, 6)).toEqual([
      '/up/htr/1/status',
      '/up/htr/1/setup',
      '/up/htr/1/prog',
      '/up/htr/1/version',
    ]);
    const system = [
      '/up/mgr/away_status',
      '/up/mgr/discovery',
      '/up/htr_system/power_limit',
      '/up/pmo_system',
    ];
    expect(paths.indexOf('/up/pmo/5/power')).toBeLessThan(paths.indexOf(system[0] ?? ''));
    expect(paths.filter((p) => system.includes(p))).toEqual(system);

    const nodes = (mine[1]?.body as { nodes: unknown[] }).nodes.map((n) => mgrNodeSchema.parse(n));
    expect(nodes.map((n) => `${n.type}/${n.addr}/${n.name}`)).toEqual([
      'htr/1/Living room',
      'htr/2/Kitchen',
      'htr/3/Bedroom',
      'acm/4/Hall storage heater',
      'pmo/5/Main meter',
    ]);
    const body = (path: string) =>
      mine.find((m) => m.topic === gatewayTopics.up(devId, path))?.body;
    const status = nodeStatusSchema.parse(body('/htr/1/status'));
    expect(status).toMatchObject({ units: 'C', sync_status: 'ok', boost: false, locked: false });
    expect(status.mtemp).toMatch(/^\d+\.\d$/);
    expect(status.stemp).toMatch(/^\d+\.\d$/);
    const acm = nodeStatusSchema.parse(body('/acm/4/status'));
    expect(acm.charge_level).toBeGreaterThanOrEqual(0);
    expect(acm.current_charge_per).toBeGreaterThanOrEqual(0);
    expect(typeof acm.charging).toBe('boolean');
    const prog = progSchema.parse((body('/htr/1/prog') as { prog: unknown }).prog);
    expect(Object.keys(prog)).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(nodeVersionSchema.parse(body('/htr/1/version')).pid).toBeTruthy();
    expect(body('/htr/1/setup')).toMatchObject({
      units: 'C',
      prog_resol: 0,
      extra_options: { boost_temp: '24.0' },
    });
    expect(body('/pmo/5/power')).toEqual({ power: expect.stringMatching(/^\d+\.\d$/) });
    expect(pmoSystemSchema.parse(body('/pmo_system')).main_circuit_pmos).toEqual([5]);
    expect(body('/htr_system/power_limit')).toEqual({ power_limit: '0' });
    expect(body('/mgr/rtc/time')).toEqual({ y: 2026, n: 1, d: 14, h: 10, m: 0, s: 0, w: 3 });
  });

  it('applies a command, publishes the changed status, then acknowledges it', async () => {
    const { devId } = await startOne();
    const from = sim.observer().messages.length;
    await sendCmd(devId, {
      id: 'c1',
      method: 'POST',
      path: '/htr/1/status',
      body: { mode: 'manual', stemp: '23.5', units: 'C' },
    });
    const ack = await sim.observer().waitFor(ackOf(devId, 'c1'), from);
    expect(gatewayAckSchema.parse(ack.body)).toEqual({ id: 'c1', ok: true });
    const after = sim.observer().messages.slice(from);
    const statusIndex = after.findIndex(up(devId, '/htr/1/status'));
    expect(statusIndex).toBeGreaterThanOrEqual(0);
    expect(statusIndex).toBeLessThan(after.indexOf(ack));
    expect(after[statusIndex]?.body).toMatchObject({ mode: 'manual', stemp: '23.5' });
  });

  it('takes the home geo data: moves its clock to the new zone, publishes the clock and the geo data, acks', async () => {
    const { devId } = await startOne();
    const from = sim.observer().messages.length;
    const geo = {
      country: 'PT',
      state: 'Açores',
      city: 'Ponta Delgada',
      zip: '9500-000',
      tz_code: 'Atlantic/Azores',
    };
    await sendCmd(devId, { id: 'geo1', method: 'POST', path: '/geo_data', body: geo });
    const ack = await sim.observer().waitFor(ackOf(devId, 'geo1'), from);
    expect(ack.body).toEqual({ id: 'geo1', ok: true });
    const after = sim.observer().messages.slice(from);
    expect(after.find(up(devId, '/geo_data'))?.body).toEqual(geo);
    // 09:00 UTC in January is 08:00 on the Azores (UTC-1), no longer 10:00 in Madrid.
    expect(after.find(up(devId, '/mgr/rtc/time'))?.body).toEqual({
      y: 2026,
      n: 1,
      d: 14,
      h: 8,
      m: 0,
      s: 0,
      w: 3,
    });
    const refused = sim.observer().messages.length;
    await sendCmd(devId, {
      id: 'geo2',
      method: 'POST',
      path: '/geo_data',
      body: { tz_code: 'Nowhere/Land' },
    });
    expect((await sim.observer().waitFor(ackOf(devId, 'geo2'), refused)).body).toEqual({
      id: 'geo2',
      ok: false,
      error: 'unknown time zone: Nowhere/Land',
    });
  });

  it('refuses a bad command with an error ack, after publishing the node as it still is', async () => {
    const { devId } = await startOne();
    const from = sim.observer().messages.length;
    await sendCmd(devId, {
      id: 'bad',
      method: 'POST',
      path: '/htr/1/status',
      body: { stemp: '23.5' },
    });
    const ack = await sim.observer().waitFor(ackOf(devId, 'bad'), from);
    expect(ack.body).toEqual({
      id: 'bad',
      ok: false,
      error: 'units: units is required with any temperature',
    });
    // The server had stored the refused change as desired: the unchanged status replaces it.
    const after = sim.observer().messages.slice(from);
    const status = after.findIndex(up(devId, '/htr/1/status'));
    expect(status).toBeGreaterThanOrEqual(0);
    expect(status).toBeLessThan(after.indexOf(ack));
    expect(after[status]?.body).not.toMatchObject({ stemp: '23.5' });
    expect(after.some(up(devId, '/htr/2/status'))).toBe(false);
  });

  it('applies a re-sent command id only once', async () => {
    const { devId } = await startOne();
    const set = (id: string, stemp: string) =>
      sendCmd(devId, { id, method: 'POST', path: '/htr/3/status', body: { stemp, units: 'C' } });
    await set('a', '22.0');
    await set('b', '23.0');
    await sim.observer().waitFor(ackOf(devId, 'b'));
    const from = sim.observer().messages.length;
    await set('a', '22.0');
    const again = await sim.observer().waitFor(ackOf(devId, 'a'), from);
    expect(again.body).toEqual({ id: 'a', ok: true });
    expect(sim.observer().messages.slice(from).some(up(devId, '/htr/3/status'))).toBe(false);
    const bedroom = sim.fleet()?.gateways[0]?.nodes.find((n) => n.addr === 3);
    expect(bedroom?.kind === 'heater' ? bedroom.stempC : undefined).toBe(23);
  });

  it('fires its last will when killed, and catches up with commands sent while away', async () => {
    const { devId } = await startOne();
    const gateway = sim.fleet()?.gateways[0];
    let from = sim.observer().messages.length;
    await gateway?.kill();
    const will = await sim
      .observer()
      .waitFor((m) => m.topic === gatewayTopics.connected(devId), from);
    expect(will.body).toEqual({ connected: false });
    expect(gateway?.connected).toBe(false);

    await sendCmd(devId, {
      id: 'while-away',
      method: 'POST',
      path: '/htr/2/lock',
      body: { locked: true },
    });
    from = sim.observer().messages.length;
    await gateway?.reconnect();
    await sim
      .observer()
      .waitFor(
        (m) =>
          m.topic === gatewayTopics.connected(devId) &&
          (m.body as { connected: boolean }).connected,
        from,
      );
    const ack = await sim.observer().waitFor(ackOf(devId, 'while-away'), from);
    expect(ack.body).toEqual({ id: 'while-away', ok: true });
    const locked = await sim
      .observer()
      .waitFor(
        (m) => up(devId, '/htr/2/status')(m) && (m.body as { locked: boolean }).locked,
        from,
      );
    expect(locked.body).toMatchObject({ locked: true });
  });

  it('says connected false itself on a clean disconnect', async () => {
    const { devId } = await startOne();
    const from = sim.observer().messages.length;
    await sim.fleet()?.gateways[0]?.disconnect();
    const msg = await sim
      .observer()
      .waitFor((m) => m.topic === gatewayTopics.connected(devId), from);
    expect(msg.body).toEqual({ connected: false });
  });

  it('publishes a status whenever the measured temperature moves by a tenth', async () => {
    const { devId } = await startOne();
    const first = await sim.observer().waitFor(up(devId, '/htr/1/status'));
    const from = sim.observer().messages.length;
    sim.fleet()?.gateways[0]?.tick(3_600_000);
    const next = await sim.observer().waitFor(up(devId, '/htr/1/status'), from);
    const mtemp = (m: Received) => (m.body as { mtemp: string }).mtemp;
    expect(mtemp(next)).not.toBe(mtemp(first));
  });

  it('ends a boost on time by itself, between reports', async () => {
    const { devId, clock } = await startOne({ reportIntervalMs: 3_600_000 });
    await sendCmd(devId, {
      id: 'b1',
      method: 'POST',
      path: '/htr/2/boost',
      body: { active: true, temperature: '26.0', units: 'C', time: 1 },
    });
    await sim.observer().waitFor(ackOf(devId, 'b1'));
    const from = sim.observer().messages.length;
    clock.advance(60_000);
    const ended = await sim.observer().waitFor(up(devId, '/htr/2/status'), from);
    expect(ended.body).toMatchObject({ mode: 'auto', boost: false });
  });

  it('finds a node after discovery is switched on and re-publishes the node list', async () => {
    const { devId, clock } = await startOne();
    const from = sim.observer().messages.length;
    await sendCmd(devId, {
      id: 'd1',
      method: 'POST',
      path: '/mgr/discovery',
      body: { discovery: 'on' },
    });
    await sim.observer().waitFor(ackOf(devId, 'd1'), from);
    clock.advance(DISCOVERY_DELAY_MS);
    const list = await sim.observer().waitFor(up(devId, '/mgr/nodes'), from);
    expect(
      (list.body as { nodes: Array<{ addr: number; type: string }> }).nodes.at(-1),
    ).toMatchObject({ addr: 6, type: 'htr' });
    await sim.observer().waitFor(up(devId, '/htr/6/status'), from);
  });

  it('is refused by the broker with a wrong secret', async () => {
    await startOne({ secret: 'not-the-secret' });
    expect(sim.fleet()?.gateways[0]?.connected).toBe(false);
    await sim.fleet()?.gateways[0]?.kill();
  });
});
