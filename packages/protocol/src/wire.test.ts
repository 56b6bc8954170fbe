import { describe, expect, it } from 'vitest';
import { formatDecimal, formatPowerLimit, parseDecimal } from './format';
import { nodeStatusSchema, progSchema } from './wire';

const day = (n: number, v = 1) => Array.from({ length: n }, () => v);
const week = (n: number) =>
  Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((k) => [k, day(n)]));

describe('prog', () => {
  it('accepts 24 or 48 slots keyed "0"–"6"', () => {
    expect(progSchema.safeParse(week(24)).success).toBe(true);
    expect(progSchema.safeParse(week(48)).success).toBe(true);
  });

  it('rejects arrays, missing or extra days, wrong slot counts and values', () => {
    expect(progSchema.safeParse([day(24)]).success).toBe(false);
    const { '6': _dropped, ...sixDays } = week(24);
    expect(progSchema.safeParse(sixDays).success).toBe(false);
    expect(progSchema.safeParse({ ...week(24), '7': day(24) }).success).toBe(false);
    expect(progSchema.safeParse({ ...week(24), '3': day(23) }).success).toBe(false);
    expect(progSchema.safeParse({ ...week(24), '3': day(48) }).success).toBe(false);
    expect(progSchema.safeParse({ ...week(24), '3': day(24, 3) }).success).toBe(false);
  });
});

describe('status', () => {
  it('requires temperatures as decimal strings', () => {
    expect(nodeStatusSchema.safeParse({ stemp: '20.5', units: 'C' }).success).toBe(true);
    expect(nodeStatusSchema.safeParse({ stemp: 20.5, units: 'C' }).success).toBe(false);
    expect(nodeStatusSchema.safeParse({ stemp: 'warm' }).success).toBe(false);
  });
});

describe('decimal strings', () => {
  it('writes one decimal and power limits as integers', () => {
    expect(formatDecimal(20.46)).toBe('20.5');
    expect(formatDecimal(1497)).toBe('1497.0');
    expect(formatPowerLimit(2000.4)).toBe('2000');
    expect(parseDecimal('19.5')).toBe(19.5);
    expect(parseDecimal('x')).toBeUndefined();
    expect(parseDecimal('')).toBeUndefined();
  });
});
