import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import {
  at,
  captureDownloads,
  DEV,
  devData,
  homes,
  open,
  row,
  samplesInRange,
  setUpRecordsWorld,
} from './records-test-kit';
import { chartOptions } from './records-chart-fake';

// Issue 29: the cost beside the kWh in the records' table, chart and CSV, at the home's tariff.
vi.mock('./components/records-chart', () => import('./records-chart-fake'));

setUpRecordsWorld();

const bucket = (key: string, kwh: number, cost: number, unpriced = 0) => ({
  key,
  start: 0,
  end: 0,
  kwh,
  cost,
  unpriced_kwh: unpriced,
});

/** The Lounge's samples, and costs per day: the 9th priced, the 8th before the first tariff. */
function serveWithCosts(currency: string | null) {
  const costs = (call: RecordedCall) =>
    json({
      currency,
      time_zone: 'Europe/Madrid',
      group: new URL(call.url, 'http://x').searchParams.get('group'),
      home: { buckets: [] },
      nodes: [
        {
          dev: DEV,
          type: 'htr',
          addr: 2,
          name: 'Lounge',
          buckets: currency
            ? [bucket('2026-03-08', 0.4, 0, 0.4), bucket('2026-03-09', 1.5, 0.25)]
            : [bucket('2026-03-09', 1.5, 0, 1.5)],
        },
        // Another room's cost is not the Lounge's.
        { dev: DEV, type: 'htr', addr: 3, name: 'Kitchen', buckets: [bucket('2026-03-09', 1, 9)] },
      ],
      month_to_date: {},
    });
  return installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    [`GET /api/v2/devs/${DEV}/dev_data`]: () => json(devData),
    [`GET /api/v2/devs/${DEV}/htr/2/samples`]: (c) =>
      samplesInRange(c, [
        { t: at(8), counter: '1000', temp: '20.0' },
        { t: at(11), counter: '2500', temp: '23.0' },
      ]),
    'GET /api/hearth/v1/homes/h1/costs': costs,
  });
}

describe('records with costs', { timeout: 20_000 }, () => {
  test("a month's table has the room's cost per day, and energy without a price as such", async () => {
    const { calls } = serveWithCosts('EUR');
    open(`/homes/h1/devs/${DEV}/htr/2/records?month=3&year=2026`);
    expect(await screen.findByTestId('records-cost')).toHaveTextContent(
      'Cost of this period: €0.25. 0.4 kWh used without a price are not counted.',
    );
    expect(screen.getByRole('columnheader', { name: 'Cost (EUR)' })).toBeInTheDocument();
    await waitFor(() => expect(row('9')).toHaveTextContent('91.50021.50.250.000'));
    // Energy before the first tariff: never shown as free.
    expect(row('8')).toHaveTextContent('no price0.400');
    const asked = calls.find((c) => c.url.includes('/costs'));
    expect(new URL(asked?.url ?? '', 'http://x').searchParams.get('group')).toBe('day');
  });

  test('the CSV carries the cost and the unpriced kWh of each row', async () => {
    serveWithCosts('EUR');
    const blobs = captureDownloads();
    open(`/homes/h1/devs/${DEV}/htr/2/records?month=3&year=2026`);
    await waitFor(() => expect(row('9')).toHaveTextContent('0.25'));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    const text = new TextDecoder().decode((await (blobs[0] as Blob).arrayBuffer()).slice(3));
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Time;Consumption (kWh);Temperature (°C);Cost (EUR);Without a price (kWh)',
    );
    expect(lines.find((l) => l.startsWith('9;'))).toBe('9;1.500;21.5;0.25;0.000');
    expect(lines.find((l) => l.startsWith('8;'))).toBe('8;;;0.00;0.400');
  });

  test('the cost view draws money in the bars, on an axis in the currency', async () => {
    serveWithCosts('EUR');
    open(`/homes/h1/devs/${DEV}/htr/2/records?month=3&year=2026`);
    fireEvent.click(await screen.findByRole('switch', { name: 'Show cost' }));
    await waitFor(() => {
      const last = chartOptions.at(-1) as {
        yAxis: { name: string }[];
        series: { name: string; data: number[] }[];
      };
      expect(last.yAxis[0]?.name).toBe('EUR');
      expect(last.series.map((s) => s.name)).toEqual(['Cost']);
      expect(last.series[0]?.data[8]).toBeCloseTo(0.25);
    });
  });

  test('a home without a tariff shows no cost at all, never a cost of 0', async () => {
    const { calls } = serveWithCosts(null);
    open(`/homes/h1/devs/${DEV}/htr/2/records?month=3&year=2026`);
    await waitFor(() => expect(row('9')).toHaveTextContent('91.50021.5'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/costs'))).toBe(true));
    expect(screen.queryByTestId('records-cost')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /^Cost/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Show cost' })).not.toBeInTheDocument();
    expect(row('9')).toHaveTextContent(/^91\.50021\.5$/);
  });
});
