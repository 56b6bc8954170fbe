import { expect, test } from 'vitest';
import type { MyAccess } from './my-access';
import { boostAllowed, nodeShared, scopedLimits, scopedModes } from './scope-gate';

const guest = (scope: MyAccess['scope'], active = true): MyAccess => ({
  role: 'guest',
  scope,
  active,
  problem: active ? null : 'expired',
  time_zone: 'UTC',
});
const resident: MyAccess = {
  role: 'resident',
  scope: {},
  active: true,
  problem: null,
  time_zone: 'UTC',
};
const celsius = { min: 5, max: 30, step: 0.5, units: 'C' as const };
const fahrenheit = { min: 41, max: 86, step: 1, units: 'F' as const };

test('a guest sees only the rooms of the scope, and none outside the window', () => {
  const one = guest({ nodes: [{ devId: 'd', type: 'htr', addr: 1 }] });
  expect(nodeShared(one, { devId: 'd', type: 'htr', addr: 1 })).toBe(true);
  expect(nodeShared(one, { devId: 'd', type: 'htr', addr: 2 })).toBe(false);
  expect(nodeShared(one, { devId: 'd', type: 'acm', addr: 1 })).toBe(false);
  expect(nodeShared(guest({}, false), { devId: 'd', type: 'htr', addr: 1 })).toBe(false);
  expect(nodeShared(resident, { devId: 'd', type: 'htr', addr: 9 })).toBe(true);
  expect(nodeShared(undefined, { devId: 'd', type: 'htr', addr: 9 })).toBe(true);
});

test("set-point bounds narrow the node's own, in its units, rounded inward", () => {
  expect(scopedLimits(celsius, guest({ minC: 18, maxC: 22 }))).toEqual({
    ...celsius,
    min: 18,
    max: 22,
  });
  expect(scopedLimits(celsius, guest({ minC: 2, maxC: 40 }))).toEqual(celsius);
  // 18 °C is 64.4 °F and 22 °C 71.6 °F: whole degrees inside the bounds.
  expect(scopedLimits(fahrenheit, guest({ minC: 18, maxC: 22 }))).toEqual({
    ...fahrenheit,
    min: 65,
    max: 71,
  });
  expect(scopedLimits(celsius, resident)).toEqual(celsius);
});

test('modes and boost follow the scope; a boost is its own right', () => {
  const offered = ['auto', 'manual', 'off', 'boost'] as const;
  expect(scopedModes(offered, guest({ modes: ['auto'] }))).toEqual(['auto', 'boost']);
  expect(scopedModes(offered, guest({ modes: ['auto'], boost: false }))).toEqual(['auto']);
  expect(scopedModes(offered, guest({}))).toEqual(offered);
  expect(boostAllowed(guest({ boost: false }))).toBe(false);
  expect(boostAllowed(guest({}))).toBe(true);
  expect(boostAllowed(resident)).toBe(true);
});
