import { describe, expect, it } from 'vitest';
import {
  NODE_WRITE_ACTIONS,
  NODE_WRITES,
  nodeCommandPath,
  nodeWriteAt,
  nodeWriteBodyFor,
  nodeWriteRoute,
  nodeWriteTargetProblem,
  nodeWriteUrl,
  parseNodeCommandPath,
  writesHoldingPending,
} from './node-write-table';
import { BOOST_TIME } from './rules/constants';
import { setupRangeProblem } from './node-settings';

describe('the node write table', () => {
  it('builds the route, the HTTP path and the command path of every write alike', () => {
    const node = { type: 'htr', addr: 2 } as const;
    for (const action of NODE_WRITE_ACTIONS) {
      const path = NODE_WRITES[action].path;
      expect(nodeWriteRoute(action)).toBe(`/api/v2/devs/:dev/:type/:addr/${path}`);
      expect(nodeWriteUrl('ab/1', node, action)).toBe(`/api/v2/devs/ab%2F1/htr/2/${path}`);
      const command = nodeCommandPath(node, action);
      expect(parseNodeCommandPath(NODE_WRITES[action].method, command)).toEqual({
        node,
        action,
      });
    }
    expect(nodeCommandPath(node, 'mode')).toBe('/htr/2/mode');
    expect(nodeCommandPath(node, 'erase')).toBe('/htr/2');
  });

  it('reads a path of a node with no such write as unknown, and any other path as no node', () => {
    expect(parseNodeCommandPath('POST', '/acm/3/turbo')).toEqual({
      node: { type: 'acm', addr: 3 },
      action: 'unknown',
    });
    expect(parseNodeCommandPath('DELETE', '/acm/3/status')?.action).toBe('unknown');
    expect(parseNodeCommandPath('POST', '/acm/3')?.action).toBe('unknown');
    expect(nodeWriteAt('POST', 'prog_temps')).toBe('prog_temps');
    expect(nodeWriteAt('DELETE', '')).toBe('erase');
    expect(nodeWriteAt('POST', 'erase')).toBeUndefined();
    for (const path of ['/htr_system/power_limit', '/mgr/nodes', '/geo_data', '/xyz/2/status'])
      expect(parseNodeCommandPath('POST', path)).toBeUndefined();
  });

  it('says which writes hold the status or the setup pending (docs/device-protocol.md)', () => {
    expect(writesHoldingPending('status')).toEqual([
      'status',
      'mode',
      'prog_temps',
      'boost',
      'lock',
    ]);
    expect(writesHoldingPending('setup')).toEqual(['setup']);
  });

  it('refuses a heater write to a power monitor and a power limit to a heater', () => {
    expect(nodeWriteTargetProblem('boost', 'pmo')).toBe('a power monitor has no such setting');
    expect(nodeWriteTargetProblem('boost', 'acm')).toBeUndefined();
    expect(nodeWriteTargetProblem('power_limit', 'htr')).toBe(
      'only a power monitor has a power limit',
    );
    expect(nodeWriteTargetProblem('power_limit', 'pmo')).toBeUndefined();
    expect(nodeWriteTargetProblem('setup', 'pmo')).toBeUndefined();
  });

  it('bounds a boost time by BOOST_TIME in the /boost write and in the setup', () => {
    const boost = NODE_WRITES.boost.body;
    const current = { extra_options: { boost_time: 60 } };
    const at = (time: number) => ({
      boost: boost.safeParse({ active: true, time }).success,
      setup:
        setupRangeProblem('htr', current, { extra_options: { boost_time: time } }) === undefined,
    });
    expect(at(BOOST_TIME.max)).toEqual({ boost: true, setup: true });
    expect(at(BOOST_TIME.min)).toEqual({ boost: true, setup: true });
    expect(at(BOOST_TIME.max + 1)).toEqual({ boost: false, setup: false });
    expect(at(BOOST_TIME.min - 1)).toEqual({ boost: false, setup: false });
  });

  it('narrows a setup body to the settings of the node type', () => {
    const write = { away_offset: '1.0' };
    expect(NODE_WRITES.setup.body.safeParse(write).success).toBe(true);
    expect(nodeWriteBodyFor('setup', 'htr').safeParse(write).success).toBe(true);
    expect(nodeWriteBodyFor('setup', 'pmo').safeParse(write).success).toBe(false);
    expect(nodeWriteBodyFor('lock', 'pmo')).toBe(NODE_WRITES.lock.body);
  });

  it('checks each body as the wire writes it', () => {
    expect(NODE_WRITES.status.body.parse({ stemp: '21', units: 'C' })).toEqual({
      stemp: '21.0',
      units: 'C',
    });
    expect(NODE_WRITES.power_limit.body.parse({ power_limit: '2000' })).toEqual({
      power_limit: 2000,
    });
    expect(NODE_WRITES.erase.body.parse(undefined)).toBeUndefined();
    expect(NODE_WRITES.lock.body.safeParse({ locked: true, extra: 1 }).success).toBe(false);
  });
});
