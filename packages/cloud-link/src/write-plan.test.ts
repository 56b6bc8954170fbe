import type { GatewayCommand } from '@hearth/protocol';
import { describe, expect, it } from 'vitest';
import { halfDegree, mergeDeep, planCommand, shows, type KnownNode } from './write-plan.ts';

const setup = {
  control_mode: 5,
  units: 'C',
  extra_options: { boost_time: 60, boost_temp: '22.0' },
};

function plan(
  path: string,
  body: unknown,
  node: KnownNode = { status: { mode: 'manual' }, setup },
) {
  const command: GatewayCommand = { id: 'c1', method: 'POST', path, body };
  return planCommand(command, (type, addr) => (type === 'htr' && addr === 2 ? node : undefined));
}

function bodies(path: string, body: unknown, node?: KnownNode): unknown[] {
  const result = plan(path, body, node);
  if (result.kind !== 'send') throw new Error(`expected requests, got ${JSON.stringify(result)}`);
  return result.writes.map((write) => [write.path, write.body]);
}

describe('planning a Hearth command as cloud writes', () => {
  it('rounds temperatures to half degrees', () => {
    expect(['20.2', '20.3', '20.7', '20.8', '21'].map((t) => halfDegree(t))).toEqual([
      '20.0',
      '20.5',
      '20.5',
      '21.0',
      '21.0',
    ]);
  });

  it('posts a set point with its units, rounded', () => {
    expect(bodies('/htr/2/status', { stemp: '20.3', units: 'C' })).toEqual([
      ['/htr/2/status', { stemp: '20.5', units: 'C' }],
    ]);
  });

  it('sends a set point changed in auto as modified_auto', () => {
    const node = { status: { mode: 'auto', units: 'C' } };
    expect(bodies('/htr/2/status', { stemp: '19.0', units: 'C' }, node)).toEqual([
      ['/htr/2/status', { mode: 'modified_auto', stemp: '19.0', units: 'C' }],
    ]);
  });

  it('splits a status write into one POST per kind of field', () => {
    const body = { mode: 'manual', stemp: '21.0', units: 'C', eco_temp: '17.2', locked: true };
    expect(bodies('/htr/2/status', body)).toEqual([
      ['/htr/2/status', { eco_temp: '17.0', units: 'C' }],
      ['/htr/2/status', { mode: 'manual', stemp: '21.0', units: 'C' }],
      ['/htr/2/status', { locked: true }],
    ]);
  });

  it('sends a mode alone, the programme temperatures together and the lock on status', () => {
    expect(bodies('/htr/2/mode', { mode: 'auto' })).toEqual([['/htr/2/status', { mode: 'auto' }]]);
    expect(
      bodies('/htr/2/prog_temps', {
        ice_temp: '7.0',
        eco_temp: '16.4',
        comf_temp: '21.0',
        units: 'C',
      }),
    ).toEqual([
      ['/htr/2/status', { ice_temp: '7.0', eco_temp: '16.5', comf_temp: '21.0', units: 'C' }],
    ]);
    expect(bodies('/htr/2/lock', { locked: false })).toEqual([
      ['/htr/2/status', { locked: false }],
    ]);
  });

  it('posts the whole setup with the change merged in at every depth', () => {
    expect(bodies('/htr/2/setup', { extra_options: { boost_time: 30 } })).toEqual([
      [
        '/htr/2/setup',
        { control_mode: 5, units: 'C', extra_options: { boost_time: 30, boost_temp: '22.0' } },
      ],
    ]);
    expect(plan('/htr/2/setup', { units: 'F' }, { status: {} })).toEqual({
      kind: 'refuse',
      error: 'the setup has not been read from the cloud yet',
    });
  });

  it('posts a programme as the whole week, keyed by day', () => {
    const week = Object.fromEntries(
      ['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, Array<number>(24).fill(1)]),
    );
    expect(bodies('/htr/2/prog', { prog: week })).toEqual([['/htr/2/prog', { prog: week }]]);
    expect(plan('/htr/2/prog', { prog: { '0': week['0'] } }).kind).toBe('refuse');
  });

  it('keeps the home geo data to Hearth and forwards away status', () => {
    expect(plan('/geo_data', { tz_code: 'Europe/Madrid' })).toEqual({ kind: 'local' });
    expect(bodies('/mgr/away_status', { away: true })).toEqual([
      ['/mgr/away_status', { away: true }],
    ]);
  });

  it('refuses what it cannot or must not send, with the reason', () => {
    expect(plan('/htr/9/status', { stemp: '20.0', units: 'C' })).toEqual({
      kind: 'refuse',
      error: 'no node htr 9 on the linked cloud',
    });
    expect(plan('/htr/2/status', { stemp: '20.0' }).kind).toBe('refuse');
    expect(plan('/htr/2/power_limit', { power_limit: '2000' })).toEqual({
      kind: 'refuse',
      error: 'only a power monitor has a power limit',
    });
    const erase = planCommand(
      { id: 'c2', method: 'DELETE', path: '/htr/2', body: { purge: true } },
      () => ({}),
    );
    expect(erase).toEqual({
      kind: 'refuse',
      error: "a linked cloud's nodes are erased in its own app",
    });
    expect(plan('/mgr/discovery', { discovery: 'on' }).kind).toBe('refuse');
    expect(plan('/htr/2/boost', { active: true }).kind).toBe('refuse');
    expect(
      plan('/htr/2/status', { stemp: '20.0', units: 'C' }, { upstreamType: 'htr_mod', status: {} }),
    ).toEqual({
      kind: 'refuse',
      error: 'writes to this heater family (htr_mod) are not supported by the link yet',
    });
  });

  it('expects each write to show in the cloud update of its path', () => {
    const result = plan('/htr/2/status', { stemp: '20.3', units: 'C' });
    expect(result.kind === 'send' && result.expect).toEqual([
      { path: '/htr/2/status', fields: { stemp: '20.5', units: 'C' } },
    ]);
  });
});

describe('matching a cloud update against a write', () => {
  it('compares temperatures as numbers and booleans as the 0/1 some clouds send', () => {
    expect(
      shows({ stemp: '20.50', units: 'C', mtemp: '19.1' }, { stemp: '20.5', units: 'C' }),
    ).toBe(true);
    expect(shows({ stemp: '21.0', units: 'C' }, { stemp: '20.5', units: 'C' })).toBe(false);
    expect(shows({ locked: 1 }, { locked: true })).toBe(true);
    expect(shows({ locked: 0 }, { locked: true })).toBe(false);
    expect(shows({}, { stemp: '0.0' })).toBe(false);
  });

  it('compares objects and lists field by field', () => {
    expect(shows({ prog: { '0': [0, 1] }, x: 1 }, { prog: { '0': [0, 1] } })).toBe(true);
    expect(shows({ prog: { '0': [0, 2] } }, { prog: { '0': [0, 1] } })).toBe(false);
  });

  it('merges without touching the objects it merges', () => {
    const base = { a: { b: 1, c: 2 } };
    expect(mergeDeep(base, { a: { b: 3 } })).toEqual({ a: { b: 3, c: 2 } });
    expect(base).toEqual({ a: { b: 1, c: 2 } });
  });
});
