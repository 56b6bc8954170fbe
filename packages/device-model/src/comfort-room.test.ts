import { deviceClockAt } from '@hearth/protocol';
import { describe, expect, it } from 'vitest';
import { ComfortRoom, roomLife } from './comfort-room';
import { parseOutdoorCsv, winterTrace } from './outdoor';

const HOUR_S = 3600;

/** Minutes a room of this kind takes from 17 °C to 20.5 °C with its thermostat at 21 °C. */
function minutesToWarm(kind: 'convector' | 'oil' | 'storage'): number {
  const room = new ComfortRoom({ kind, seed: 1, startC: 17, spread: 0 });
  for (let min = 1; min < 600; min += 1) {
    room.step(60, { outdoorC: 3, targetC: 21, windowOpen: false, people: 0 });
    if (room.roomC >= 20.5) return min;
  }
  return Infinity;
}

describe('comfort room', () => {
  it('warms fastest behind a convector and slowest behind a storage heater', () => {
    const convector = minutesToWarm('convector');
    const oil = minutesToWarm('oil');
    const storage = minutesToWarm('storage');
    expect(convector).toBeLessThan(oil);
    expect(oil).toBeLessThan(storage);
    expect(storage).toBeLessThan(600);
  });

  it('loses heat faster with the window open and gains it from people', () => {
    const shut = new ComfortRoom({ kind: 'convector', seed: 2, startC: 21 });
    const open = new ComfortRoom({ kind: 'convector', seed: 2, startC: 21 });
    const busy = new ComfortRoom({ kind: 'convector', seed: 2, startC: 21 });
    for (let i = 0; i < 10; i += 1) {
      shut.step(60, { outdoorC: 0, targetC: null, windowOpen: false, people: 0 });
      open.step(60, { outdoorC: 0, targetC: null, windowOpen: true, people: 0 });
      busy.step(60, { outdoorC: 0, targetC: null, windowOpen: false, people: 3 });
    }
    expect(21 - open.roomC).toBeGreaterThan(4 * (21 - shut.roomC));
    expect(busy.roomC).toBeGreaterThan(shut.roomC);
  });

  it('holds its target and counts the energy it takes', () => {
    const room = new ComfortRoom({ kind: 'oil', seed: 3, startC: 21, spread: 0 });
    for (let i = 0; i < 6 * 60; i += 1)
      room.step(60, { outdoorC: 0, targetC: 21, windowOpen: false, people: 0 });
    expect(room.roomC).toBeCloseTo(21, 0);
    // Holding 21 K above outdoors takes 21/34 of full output for six hours (3.7 h at full rating).
    expect(room.fullLoadHours).toBeGreaterThan(3.4);
    expect(room.fullLoadHours).toBeLessThan(4);
    expect(room.reading() * 10).toBe(Math.round(room.reading() * 10));
  });

  it('lives the same month from the same seed, with its airings in the daytime, none while away', () => {
    const start = Date.UTC(2027, 2, 1);
    const a = roomLife(7, start, 31, 'Europe/Paris');
    const b = roomLife(7, start, 31, 'Europe/Paris');
    expect(a.windows).toEqual(b.windows);
    expect(a.windows.length).toBeGreaterThan(10);
    for (const w of a.windows) {
      const local = deviceClockAt(w.fromMs, 'Europe/Paris').h;
      expect(local).toBeGreaterThanOrEqual(7);
      expect(w.toMs - w.fromMs).toBeLessThanOrEqual(25 * 60_000);
      expect(a.windowOpen(w.fromMs)).toBe(true);
    }
    expect(roomLife(8, start, 31, 'Europe/Paris').windows).not.toEqual(a.windows);
    const away = roomLife(7, start, 31, 'Europe/Paris', [
      { fromMs: start, toMs: start + 10 * 86_400_000 },
    ]);
    expect(away.windows.every((w) => w.fromMs >= start + 10 * 86_400_000)).toBe(true);
    expect(away.windows.length).toBeLessThan(a.windows.length);
    expect(Array.from({ length: 96 }, (_, i) => away.people(start + i * 900_000))).toEqual(
      new Array(96).fill(0),
    );
    const people = Array.from({ length: 96 }, (_, i) => a.people(start + i * 900_000));
    expect(people.some((n) => n > 0)).toBe(true);
    expect(people.every((n) => n >= 0 && n <= 3)).toBe(true);
  });
});

describe('outdoor traces', () => {
  it('gives the same winter from the same seed, cold and varied', () => {
    const start = Date.UTC(2027, 0, 1);
    const a = winterTrace(5, start, 31);
    const b = winterTrace(5, start, 31);
    const temps = Array.from({ length: 31 * 24 }, (_, h) => a.at(start + h * HOUR_S * 1000));
    expect(temps).toEqual(temps.map((_, h) => b.at(start + h * HOUR_S * 1000)));
    expect(Math.min(...temps)).toBeGreaterThanOrEqual(-12);
    expect(Math.max(...temps)).toBeLessThanOrEqual(16);
    expect(Math.max(...temps) - Math.min(...temps)).toBeGreaterThan(5);
  });

  it('reads a CSV trace and interpolates between readings', () => {
    const trace = parseOutdoorCsv(
      'time,outdoor_c\n# a comment\n2027-01-05T06:00:00Z,-2\n2027-01-05T08:00+01:00,4\n\n',
    );
    expect(trace.at(Date.UTC(2027, 0, 5, 6, 30))).toBeCloseTo(1, 5);
    expect(trace.at(Date.UTC(2027, 0, 4))).toBe(-2);
    expect(trace.at(Date.UTC(2027, 0, 6))).toBe(4);
  });

  it('names the line of a bad reading', () => {
    expect(() => parseOutdoorCsv('when,temp\n')).toThrow(/line 1: expected the header/);
    expect(() => parseOutdoorCsv('time,outdoor_c\n2027-01-05T06:00:00Z,warm\n')).toThrow(/line 2/);
    expect(() => parseOutdoorCsv('time,outdoor_c\n2027-01-05 06:00,3\n')).toThrow(/line 2/);
    expect(() => parseOutdoorCsv('time,outdoor_c\n2027-01-05T06:00:00Z,90\n')).toThrow(
      /believable/,
    );
    expect(() => parseOutdoorCsv('time,outdoor_c\n')).toThrow(/no readings/);
  });
});
