import { describe, expect, it } from 'vitest';
import { formatPriceCsv, parsePriceCsv, PriceCsvError } from './price-csv';
import {
  meanPrice,
  parseTariffHistory,
  priceAt,
  priceSegments,
  type TariffHistory,
} from './tariff';

const TZ = 'Europe/Madrid';
const local = (iso: string) => Date.parse(iso);

const history: TariffHistory = {
  currency: 'EUR',
  timeZone: TZ,
  tariffs: [
    { kind: 'flat', validFrom: local('2026-01-01T00:00:00+01:00'), pricePerKwh: 0.2 },
    {
      kind: 'time-of-use',
      validFrom: local('2026-03-01T00:00:00+01:00'),
      basePricePerKwh: 0.25,
      bands: [
        { days: [1, 2, 3, 4, 5], from: '22:00', to: '06:00', pricePerKwh: 0.1 },
        { days: [0, 6], from: '00:00', to: '24:00', pricePerKwh: 0.12 },
      ],
    },
  ],
};

describe('price at a time', () => {
  it('uses the tariff valid then, so past prices survive a change', () => {
    expect(priceAt(history, local('2025-12-31T12:00:00+01:00'))).toBeUndefined();
    expect(priceAt(history, local('2026-02-27T23:00:00+01:00'))).toBe(0.2);
    // Monday 2 March 2026, noon: base price; 23:00 Monday: the night band.
    expect(priceAt(history, local('2026-03-02T12:00:00+01:00'))).toBe(0.25);
    expect(priceAt(history, local('2026-03-02T23:00:00+01:00'))).toBe(0.1);
  });

  it('carries a band across midnight onto the next morning, and reads the wall clock after DST', () => {
    // Saturday 05:00 is the end of Friday's night band (listed first, so it wins).
    expect(priceAt(history, local('2026-03-28T05:00:00+01:00'))).toBe(0.1);
    // Monday morning belongs to Sunday's night, and Sunday has no night band.
    expect(priceAt(history, local('2026-03-02T05:00:00+01:00'))).toBe(0.25);
    // Tuesday 31 March, summer time: 05:30 local is 03:30 UTC, 06:30 local is 04:30 UTC.
    expect(priceAt(history, Date.parse('2026-03-31T03:30:00Z'))).toBe(0.1);
    expect(priceAt(history, Date.parse('2026-03-31T04:30:00Z'))).toBe(0.25);
  });

  it('cuts an interval where the price changes, on wall-clock edges', () => {
    const segs = priceSegments(
      history,
      local('2026-03-02T21:00:00+01:00'),
      local('2026-03-02T23:00:00+01:00'),
    );
    expect(segs.map((s) => s.pricePerKwh)).toEqual([0.25, 0.1]);
    expect(segs[1]?.start).toBe(local('2026-03-02T22:00:00+01:00'));
    expect(
      meanPrice(history, local('2026-03-02T21:00:00+01:00'), local('2026-03-02T23:00:00+01:00')),
    ).toBeCloseTo(0.175, 10);
  });

  it('rejects a history out of order or in an unknown zone, naming the problem', () => {
    expect(() =>
      parseTariffHistory({ ...history, tariffs: [...history.tariffs].reverse() }),
    ).toThrow(/by validFrom/);
    expect(() => parseTariffHistory({ ...history, timeZone: 'Mars/Olympus' })).toThrow(/IANA/);
    expect(parseTariffHistory(history)).toEqual(history);
  });
});

describe('the dynamic price CSV', () => {
  const csv = [
    '# day-ahead, EUR',
    'start,price_per_kwh',
    '2026-01-05T00:00:00+01:00,0.1012',
    '2026-01-05T00:30:00+01:00,0.0950',
    '',
    '2026-01-05T01:30:00+01:00,0.0801',
  ].join('\n');

  it('reads half-hourly prices with a gap, and a dynamic tariff answers from them', () => {
    const series = parsePriceCsv(csv);
    expect(series.slotMinutes).toBe(30);
    expect(series.prices).toHaveLength(3);
    const h: TariffHistory = {
      currency: 'EUR',
      timeZone: TZ,
      tariffs: [{ kind: 'dynamic', validFrom: 0, ...series, fallbackPricePerKwh: 0.3 }],
    };
    expect(priceAt(h, local('2026-01-05T00:45:00+01:00'))).toBe(0.095);
    expect(priceAt(h, local('2026-01-05T01:10:00+01:00'))).toBe(0.3);
    expect(priceAt(h, local('2026-01-05T01:59:00+01:00'))).toBe(0.0801);
    expect(parsePriceCsv(formatPriceCsv(series))).toEqual(series);
  });

  it.each([
    ['start;price\n', 1, /header/],
    ['start,price_per_kwh\n2026-01-05 00:00,0.1\n', 2, /offset/],
    ['start,price_per_kwh\n2026-01-05T00:00:00Z,0,1\n', 2, /2 cells/],
    ['start,price_per_kwh\n2026-01-05T00:00:00Z,abc\n', 2, /not a price/],
    ['start,price_per_kwh\n2026-01-05T00:00:00Z,95.5\n2026-01-05T01:00:00Z,120\n', 3, /per MWh/],
    ['start,price_per_kwh\n2026-01-05T01:00:00Z,0.1\n2026-01-05T00:00:00Z,0.1\n', 3, /ascend/],
    ['start,price_per_kwh\n2026-01-05T00:00:00Z,0.1\n2026-01-05T00:15:00Z,0.1\n', 3, /30 or 60/],
    [
      'start,price_per_kwh\n2026-01-05T00:00:00Z,0.1\n2026-01-05T00:30:00Z,0.1\n2026-01-05T01:10:00Z,0.1\n',
      4,
      /grid/,
    ],
  ])('rejects %j at line %i', (text, line, message) => {
    let caught: unknown;
    try {
      parsePriceCsv(text);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(PriceCsvError);
    expect((caught as PriceCsvError).line).toBe(line);
    expect((caught as PriceCsvError).message).toMatch(message);
  });
});
