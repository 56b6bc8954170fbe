import { describe, expect, it } from 'vitest';
import {
  BOOST_TIME,
  nodeReportSchemaFor,
  setupWriteSchemaFor,
  type NodeType,
} from '@hearth/protocol';
import { applyCommand } from './commands';
import { GatewayModel } from './model';
import { createNodes, type HeaterNode } from './node';
import { createRng } from './rng';
import { heaterSetup, heaterStatus, wireObjects } from './wire-objects';

const DEV = '5100000000000000bb';
const START = Date.UTC(2026, 0, 14, 12);

function house(): GatewayModel {
  const nodes = createNodes(
    DEV,
    [
      { type: 'htr', name: 'Living room', mode: 'manual', stemp: 20 },
      { type: 'acm', name: 'Store' },
      { type: 'pmo', name: 'Meter' },
    ],
    createRng(2),
  );
  return new GatewayModel({
    devId: DEV,
    timezone: 'UTC',
    outdoorC: 5,
    nodes,
    startMs: START,
    seed: 2,
  });
}

const run = (m: GatewayModel, path: string, body: unknown, method: 'POST' | 'DELETE' = 'POST') =>
  applyCommand(m, { id: '1', method, path, body });
const htr = (m: GatewayModel) => m.nodes[0] as HeaterNode;
const wire = (m: GatewayModel) => JSON.stringify(wireObjects(m));

describe('commands', () => {
  it.each([
    ['/htr/1/status', { stemp: '21.0' }, 'units is required with any temperature'],
    ['/htr/1/status', { stemp: '45.0', units: 'C' }, 'stemp must be between 5 and 30 °C'],
    ['/htr/1/status', { stemp: 'warm', units: 'C' }, 'stemp'],
    ['/htr/1/status', {}, 'the body must change at least one field'],
    ['/htr/1/status', { mode: 'turbo' }, 'mode'],
    ['/htr/1/status', { mode: 'modified_auto' }, 'mode'],
    ['/htr/1/prog', { prog: [[1, 2]] }, 'prog'],
    ['/htr/1/prog', { prog: { '0': Array(24).fill(1) } }, 'prog'],
    ['/htr/1/unknown', {}, 'unknown path /htr/1/unknown'],
    ['/htr/9/status', { locked: true }, 'node not found: /htr/9'],
    ['/pmo/3/status', { locked: true }, 'a power monitor has no such setting'],
    ['/htr/1/status', { locked: true, colour: 'red' }, 'colour'],
    ['/htr/1/boost', { active: true, time: BOOST_TIME.max + 1 }, 'time'],
    ['/htr/1/power_limit', { power_limit: '2000' }, 'only a power monitor has a power limit'],
    ['/pmo/3/power_limit', { power_limit: '100' }, 'power_limit'],
    ['/htr/1/', { purge: true }, 'unknown path /htr/1/'],
    ['/htr_system/power_limit', { power_limit: 'lots' }, 'power_limit'],
    ['/mgr/away_status', { away: 'yes' }, 'away'],
    ['/pmo_system', { main_circuit_pmos: [3] }, 'max_power_config'],
    ['/htr/1/name', { name: 'x'.repeat(31) }, 'name'],
    ['/nowhere', {}, 'unknown path /nowhere'],
  ])('refuses POST %s %j and changes nothing', (path, body, error) => {
    const m = house();
    const before = wire(m);
    const result = run(m, path, body);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error).toContain(error);
    expect(wire(m)).toBe(before);
  });

  it('reads temperatures in the units given and reports in the node units', () => {
    const m = house();
    expect(run(m, '/htr/1/status', { stemp: '70.0', units: 'F' })).toEqual({ ok: true });
    expect(htr(m).stempC).toBeCloseTo(21.11, 2);
    expect(run(m, '/htr/1/setup', { ...heaterSetup(htr(m)), units: 'F' })).toEqual({ ok: true });
    expect(heaterStatus(m, htr(m))).toMatchObject({ units: 'F', stemp: '70.0' });
  });

  it('changes the programme resolution through setup and keeps the read-only factory options', () => {
    const m = house();
    const setup = heaterSetup(htr(m));
    expect(
      run(m, '/htr/1/setup', {
        ...setup,
        prog_resol: 1,
        factory_options: { window_mode_available: false, operating_mode: 0 },
        window_mode_enabled: true,
      }),
    ).toEqual({
      ok: true,
    });
    expect(htr(m).prog.every((d) => d.length === 48)).toBe(true);
    expect(heaterSetup(htr(m))).toMatchObject({
      prog_resol: 1,
      window_mode_enabled: true,
      factory_options: setup.factory_options,
    });
  });

  it('echoes a setup write with its temperatures still written as strings', () => {
    const m = house();
    const setup = heaterSetup(htr(m));
    const extra = setup.extra_options as Record<string, unknown>;
    expect(
      run(m, '/htr/1/setup', { ...setup, extra_options: { ...extra, boost_temp: '25' } }),
    ).toEqual({ ok: true });
    const echoed = heaterSetup(htr(m)).extra_options as Record<string, unknown>;
    expect(echoed.boost_temp).toBe('25.0');
  });

  it('merges a partial extra_options write into the stored options, keeping the others', () => {
    const m = house();
    const extra = heaterSetup(htr(m)).extra_options as Record<string, unknown>;
    expect(Object.keys(extra).length).toBeGreaterThan(1);
    expect(run(m, '/htr/1/setup', { extra_options: { boost_time: 30 } })).toEqual({ ok: true });
    expect(heaterSetup(htr(m)).extra_options).toEqual({ ...extra, boost_time: 30 });
  });

  it('takes only the settings of the node type (protocol node-settings), as the server sends them', () => {
    const m = house();
    const setup = heaterSetup(htr(m));
    for (const bad of [
      { ...setup, extra: 'x' },
      { ...setup, charge_days: [true, true, true, true, true, true, true] },
      { ...setup, control_mode: '4' },
    ]) {
      expect(run(m, '/htr/1/setup', bad)).toMatchObject({ ok: false });
    }
    expect(heaterSetup(htr(m))).toEqual(setup);
    expect(run(m, '/pmo/3/setup', { away_offset: '1.0' })).toMatchObject({ ok: false });
  });

  it('reports setups and statuses that the settings tables keep whole and a setup write takes back', () => {
    const m = house();
    for (const object of wireObjects(m)) {
      const part = /^\/(htr|acm|thm|pmo)\/\d+\/(status|setup)$/.exec(object.path);
      if (!part) continue;
      const type = part[1] as NodeType;
      const report = nodeReportSchemaFor(type, part[2] as 'status' | 'setup').parse(object.body);
      expect(report, object.path).toEqual(object.body);
      if (part[2] === 'setup')
        expect(setupWriteSchemaFor(type).safeParse(object.body).success, object.path).toBe(true);
    }
  });

  it('applies mode, programme temperatures, lock, name and the pmo power limit', () => {
    const m = house();
    expect(run(m, '/htr/1/mode', { mode: 'off' })).toEqual({ ok: true });
    expect(
      run(m, '/htr/1/prog_temps', {
        comf_temp: '22.5',
        eco_temp: '17.0',
        ice_temp: '6.0',
        units: 'C',
      }),
    ).toEqual({ ok: true });
    expect(run(m, '/htr/1/lock', { locked: true })).toEqual({ ok: true });
    expect(run(m, '/htr/1/name', { name: 'Lounge' })).toEqual({ ok: true });
    expect(run(m, '/pmo/3/power_limit', { power_limit: '3000' })).toEqual({ ok: true });
    expect(heaterStatus(m, htr(m))).toMatchObject({
      mode: 'off',
      comf_temp: '22.5',
      eco_temp: '17.0',
      ice_temp: '6.0',
      locked: true,
    });
    const objects = Object.fromEntries(wireObjects(m).map((o) => [o.path, o.body]));
    expect(objects['/mgr/nodes']).toMatchObject({ nodes: [{ name: 'Lounge' }, {}, {}] });
    expect(objects['/pmo/3/power_limit']).toEqual({ power_limit: '3000' });
  });

  it('erases a node: purge removes it, otherwise it stays uninstalled for a replacement', () => {
    const m = house();
    expect(run(m, '/acm/2', { purge: false }, 'DELETE')).toEqual({ ok: true });
    expect(m.nodes.find((n) => n.addr === 2)?.installed).toBe(false);
    expect(run(m, '/acm/2/status', { locked: true })).toMatchObject({ ok: false });
    expect(run(m, '/htr/1', { purge: true }, 'DELETE')).toEqual({ ok: true });
    expect(m.nodes.map((n) => n.addr)).toEqual([2, 3]);
    expect(run(m, '/htr/1/status', {}, 'DELETE')).toMatchObject({ ok: false });
  });

  it('replaces an uninstalled node through discovery at its address, and stops when discovery is off', () => {
    const m = house();
    run(m, '/acm/2', { purge: false }, 'DELETE');
    expect(run(m, '/mgr/discovery', { discovery: 'on', type: 'acm', addr: 2 })).toEqual({
      ok: true,
    });
    m.advanceTo(START + 10_000);
    expect(m.nodes.find((n) => n.addr === 2)).toMatchObject({
      installed: true,
      type: 'acm',
      name: 'Store',
    });
    expect(m.discovery).toEqual({ discovery: 'on', type: 'acm', addr: 2 });
    expect(run(m, '/mgr/discovery', { discovery: 'on' })).toEqual({ ok: true });
    expect(run(m, '/mgr/discovery', { discovery: 'off' })).toEqual({ ok: true });
    m.advanceTo(START + 60_000);
    expect(m.nodes).toHaveLength(3);
    expect(m.discovery).toEqual({ discovery: 'off' });
  });

  it('stores the power system as sent', () => {
    const m = house();
    const system = {
      main_circuit_pmos: [3],
      max_power_config: { profiles: [2000, -1], slots: [{ m: 0, i: 1 }] },
    };
    expect(run(m, '/pmo_system', system)).toEqual({ ok: true });
    expect(wireObjects(m).find((o) => o.path === '/pmo_system')?.body).toEqual(system);
  });
});
