import { describe, expect, it } from 'vitest';
import { programmeResolver, type ProgrammeInput, type WeekProgramme } from './holidays';

const hourly = (comfort: Array<[number, number]>): number[] =>
  Array.from({ length: 24 }, (_, h) => (comfort.some(([a, b]) => h >= a && h < b) ? 2 : 1));
const weekday = hourly([
  [7, 9],
  [17, 23],
]);
const weekend = hourly([[8, 23]]);
const programme: WeekProgramme = [weekend, weekday, weekday, weekday, weekday, weekday, weekend];
const base: ProgrammeInput = {
  programme,
  temperatures: { comfortC: 21, ecoC: 17, iceC: 7 },
  timeZone: 'Europe/Paris',
};
const utc = (text: string): number => Date.parse(text);

describe('programme resolver', () => {
  it('follows the weekly programme in the home time zone', () => {
    const r = programmeResolver(base);
    // Tuesday 2 March 2027, 07:30 in Paris is 06:30 UTC.
    expect(r.targetAt('a', utc('2027-03-02T06:30Z'))).toEqual({
      targetC: 21,
      slot: 2,
      source: 'programme',
    });
    expect(r.targetAt('a', utc('2027-03-02T08:30Z')).targetC).toBe(17);
    expect(r.nextRise('a', utc('2027-03-02T02:00Z'))).toEqual({
      atMs: utc('2027-03-02T06:00Z'),
      fromC: 17,
      toC: 21,
      source: 'programme',
    });
  });

  it('keeps the rise at local 08:00 on both days the clocks change', () => {
    const r = programmeResolver(base);
    // Sunday 28 March 2027 (summer time from 02:00): 08:00 is 06:00 UTC.
    expect(r.nextRise('a', utc('2027-03-27T23:00Z'))?.atMs).toBe(utc('2027-03-28T06:00Z'));
    // Sunday 31 October 2027 (winter time from 03:00): 08:00 is 07:00 UTC.
    expect(r.nextRise('a', utc('2027-10-30T23:00Z'))?.atMs).toBe(utc('2027-10-31T07:00Z'));
  });

  it('holds the away temperature through a holiday and rises at the return time', () => {
    const r = programmeResolver({
      ...base,
      holidays: [{ from: '2027-03-25T10:00', to: '2027-03-28T18:00', awayC: 12 }],
    });
    expect(r.targetAt('a', utc('2027-03-27T19:00Z'))).toEqual({
      targetC: 12,
      slot: null,
      source: 'holiday',
    });
    // The return, 18:00 summer time, is 16:00 UTC on the day the clocks change.
    expect(r.nextRise('a', utc('2027-03-28T08:00Z'))).toEqual({
      atMs: utc('2027-03-28T16:00Z'),
      fromC: 12,
      toC: 21,
      source: 'programme',
    });
  });

  it('applies a holiday only to the rooms it names, and a weekday profile', () => {
    const r = programmeResolver({
      ...base,
      holidays: [{ from: '2027-03-01T00:00', to: '2027-03-03T00:00', rooms: ['kids'], useDay: 0 }],
    });
    // Monday 1 March 08:30 local: the kids' room runs Sunday's programme, the others Monday's.
    const at = utc('2027-03-01T07:30Z');
    expect(r.targetAt('kids', at)).toEqual({ targetC: 21, slot: 2, source: 'holiday' });
    expect(r.targetAt('lounge', at)).toEqual({ targetC: 21, slot: 2, source: 'programme' });
    expect(r.targetAt('kids', utc('2027-03-01T06:30Z')).targetC).toBe(17);
    expect(r.targetAt('lounge', utc('2027-03-01T06:30Z')).targetC).toBe(21);
  });

  it('runs a one-off day with another weekday programme', () => {
    const r = programmeResolver({ ...base, oneOffs: [{ date: '2027-03-02', useDay: 0 }] });
    expect(r.targetAt('a', utc('2027-03-02T06:30Z'))).toEqual({
      targetC: 17,
      slot: 1,
      source: 'one-off',
    });
    expect(r.nextRise('a', utc('2027-03-02T02:00Z'))?.atMs).toBe(utc('2027-03-02T07:00Z'));
    expect(r.targetAt('a', utc('2027-03-03T06:30Z')).source).toBe('programme');
  });

  it('refuses bad input with a clear error', () => {
    const bad = (extra: Partial<ProgrammeInput>) => () => programmeResolver({ ...base, ...extra });
    expect(bad({ timeZone: 'Mars/Olympus' })).toThrow(/time zone "Mars\/Olympus"/);
    expect(bad({ programme: [weekday] })).toThrow(/7 days/);
    expect(bad({ programme: programme.map(() => [3, ...weekday.slice(1)]) })).toThrow(
      /slot values/,
    );
    expect(bad({ holidays: [{ from: '2027-03-02', to: '2027-03-04T00:00', awayC: 12 }] })).toThrow(
      /holiday 1: expected a local time/,
    );
    expect(
      bad({ holidays: [{ from: '2027-02-30T00:00', to: '2027-03-04T00:00', awayC: 12 }] }),
    ).toThrow(/not a real date/);
    expect(
      bad({ holidays: [{ from: '2027-03-04T00:00', to: '2027-03-02T00:00', awayC: 12 }] }),
    ).toThrow(/return time must come after/);
    expect(bad({ holidays: [{ from: '2027-03-02T00:00', to: '2027-03-04T00:00' }] })).toThrow(
      /either/,
    );
    expect(
      bad({ holidays: [{ from: '2027-03-02T00:00', to: '2027-03-04T00:00', awayC: 2 }] }),
    ).toThrow(/5–30/);
    expect(bad({ oneOffs: [{ date: '2027-03-02', useDay: 7 }] })).toThrow(/one-off day 1: useDay/);
  });
});
