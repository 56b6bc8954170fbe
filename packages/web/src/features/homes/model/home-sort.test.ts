import { describe, expect, test } from 'vitest';
import type { GroupedHome } from '@hearth/protocol';
import { readHomesSortMethod, sortHomes, writeHomesSortMethod } from './home-sort';

const home = (id: string, name: string): GroupedHome => ({ id, name, owner: true, devs: [] });
const homes = [home('10', 'apartment'), home('2', 'Cottage'), home('3', 'Barn')];

describe('home sort', () => {
  test('by id is numeric, so 2 comes before 10', () => {
    expect(sortHomes(homes, 'id').map((h) => h.id)).toEqual(['2', '3', '10']);
  });
  test('by name ignores case', () => {
    expect(sortHomes(homes, 'name').map((h) => h.name)).toEqual(['apartment', 'Barn', 'Cottage']);
  });
  test('the method is remembered under homesSortMethod, id by default', () => {
    expect(readHomesSortMethod()).toBe('id');
    writeHomesSortMethod('name');
    expect(localStorage.getItem('homesSortMethod')).toBe('name');
    expect(readHomesSortMethod()).toBe('name');
  });
});
