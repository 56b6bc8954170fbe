import { expect, test } from 'vitest';
import { mgrNode } from '../../../test/fake-devices';
import { availableModes, boostDefaults, nodeCapabilities, truncateName } from './node-capabilities';

test('names are cut at 22 characters plus an ellipsis; empty names read as a dash', () => {
  expect(truncateName('1234567890123456789012')).toBe('1234567890123456789012');
  expect(truncateName('12345678901234567890123')).toBe('1234567890123456789012…');
  expect(truncateName('  ')).toBe('-');
  expect(truncateName(undefined)).toBe('-');
});

test('boost time in hours from the setup minutes; runback in minutes; the lock is read', () => {
  const node = {
    ...mgrNode('A', 1),
    setup: {
      extra_options: {
        boost_temp: '24.0',
        boost_time: 120,
        default_runback_temp: '18.0',
        max_runback_time: 45,
        boost_time_locked: true,
      },
    },
  };
  expect(boostDefaults(node, 'boost')).toMatchObject({
    temperature: 24,
    time: 2,
    timeLocked: true,
  });
  expect(boostDefaults(node, 'runback')).toMatchObject({
    temperature: 18,
    time: 45,
    maxRunbackTime: 45,
  });
});

test('timer nodes offer on; setback follows its flag; runback replaces boost', () => {
  const timer = { ...mgrNode('T', 1), setup: { extra_options: { sensor_mode: 3 } } };
  expect(availableModes(timer)).toContain('on');
  const setback = { ...mgrNode('S', 2), setup: { extra_options: { setback_enabled: true } } };
  expect(availableModes(setback)).toEqual(['auto', 'manual', 'off', 'boost', 'setback']);
  const runback = { ...mgrNode('R', 3), setup: { runback_mode_enabled: true } };
  expect(availableModes(runback)).toEqual(['auto', 'manual', 'off', 'runback']);
});

test('the schedule is offered once the node has reported its programme or setup', () => {
  const fresh = { ...mgrNode('F', 1), status: {}, setup: {}, prog: {}, version: {} };
  expect(nodeCapabilities(mgrNode('A', 1)).scheduleAvailable).toBe(false);
  expect(nodeCapabilities(fresh).scheduleAvailable).toBe(false);
  expect(nodeCapabilities({ ...fresh, setup: { units: 'C' } }).scheduleAvailable).toBe(true);
  const prog = { prog: Object.fromEntries('0123456'.split('').map((d) => [d, Array(24).fill(1)])) };
  expect(nodeCapabilities({ ...fresh, prog } as typeof fresh).scheduleAvailable).toBe(true);
});
