import { describe, expect, test } from 'vitest';
import { move, orderedRooms, parseKw } from './guard-model';
import { bandProblem, daysLabel, parsePrice, startOfDate, tariffInForce } from './tariff-model';

describe('tariff form', () => {
  test('weekdays read as runs in the week order, Monday first', () => {
    expect(daysLabel([1, 2, 3, 4, 5], 'en', 'every day')).toBe('Mon–Fri');
    expect(daysLabel([6, 0], 'en', 'every day')).toBe('Sat, Sun');
    expect(daysLabel([0, 1, 2, 3, 4, 5, 6], 'en', 'every day')).toBe('every day');
    expect(daysLabel([1, 3], 'de', 'täglich')).toBe('Mo, Mi');
  });

  test('a price takes a point or a comma; anything else is no price', () => {
    expect(parsePrice('0,25')).toBe(0.25);
    expect(parsePrice(' -0.0123 ')).toBe(-0.0123);
    expect(parsePrice('1e3')).toBeUndefined();
    expect(parsePrice('')).toBeUndefined();
  });

  test("a date starts at the home's local midnight, summer time included", () => {
    expect(startOfDate('2026-03-10', 'Europe/Madrid')).toBe(Date.UTC(2026, 2, 9, 23));
    expect(startOfDate('2026-07-01', 'Europe/Madrid')).toBe(Date.UTC(2026, 5, 30, 22));
    expect(startOfDate('10/03/2026', 'Europe/Madrid')).toBeUndefined();
  });

  test('a band needs a day, two different times and a price', () => {
    const band = { days: [1], from: '22:00', to: '06:00', price: '0.1' };
    expect(bandProblem(band)).toBeUndefined();
    expect(bandProblem({ ...band, days: [] })).toBe('noDays');
    expect(bandProblem({ ...band, to: '22:00' })).toBe('emptyBand');
    expect(bandProblem({ ...band, from: '' })).toBe('badTime');
    expect(bandProblem({ ...band, price: 'x' })).toBe('badPrice');
  });

  test('the tariff in force is the last one started', () => {
    const a = { kind: 'flat' as const, validFrom: 10, pricePerKwh: 1 };
    const b = { kind: 'flat' as const, validFrom: 20, pricePerKwh: 2 };
    expect(tariffInForce([a, b], 15)).toBe(a);
    expect(tariffInForce([a, b], 20)).toBe(b);
    expect(tariffInForce([a, b], 5)).toBeUndefined();
  });
});

describe('power guard form', () => {
  const rooms = [
    { id: 'x/htr/1', name: 'Hall', type: 'htr' },
    { id: 'x/htr/2', name: 'Kitchen', type: 'htr' },
    { id: 'x/acm/3', name: 'Store', type: 'acm' },
  ];
  test("the owner's order first, rooms gone dropped, new rooms last", () => {
    expect(orderedRooms(['x/acm/3', 'y/htr/9', 'x/htr/1'], rooms).map((r) => r.name)).toEqual([
      'Store',
      'Hall',
      'Kitchen',
    ]);
  });
  test('moving stays inside the list', () => {
    expect(move(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(move(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
  });
  test('caps are kW above 0 and at most 1000', () => {
    expect(parseKw('6,5')).toBe(6.5);
    expect(parseKw('0')).toBeUndefined();
    expect(parseKw('1001')).toBeUndefined();
  });
});
