import { expect, test } from 'vitest';
import { emptyScopeForm, formOf, scopeOf, type ScopeForm } from './scope-form';

test('an untouched form is a guest without limits: absent fields do not restrict', () => {
  expect(scopeOf(emptyScopeForm())).toEqual({ scope: {} });
});

test('a stored scope comes back from its form unchanged', () => {
  const scope = {
    nodes: [{ devId: 'd1', type: 'htr', addr: 2 }],
    minC: 18.5,
    maxC: 22,
    modes: ['auto'],
    boost: false,
    validFrom: '2026-12-01',
    validTo: '2026-12-08',
    weekly: [{ day: 0, from: '22:00', to: '06:00' }],
  };
  expect(scopeOf(formOf(scope))).toEqual({ scope });
});

const cases: Array<[Partial<ScopeForm>, string]> = [
  [{ allRooms: false, rooms: [] }, 'noRooms'],
  [{ minC: '4' }, 'badTemperature'],
  [{ maxC: 'warm' }, 'badTemperature'],
  [{ minC: '22', maxC: '21.5' }, 'minAboveMax'],
  [{ allModes: false, modes: [] }, 'noModes'],
  [{ validFrom: '2026-12-09', validTo: '2026-12-08' }, 'datesReversed'],
  [{ weekly: [{ day: 1, from: '08:00', to: '08:00' }] }, 'emptySlot'],
];
test.each(cases)('%o cannot be saved: %s', (patch, error) => {
  expect(scopeOf({ ...emptyScopeForm(), ...patch })).toEqual({ error });
});
