import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEXT_CONTRAST_MIN } from '@hearth/protocol';
import {
  appStylesheets,
  buttonLook,
  cascade,
  familyButtonLook,
  seenContrast,
} from '../../test/css-cascade';
import { installFakeFetch, json } from '../../test/fake-fetch';
import {
  at,
  captureDownloads,
  DEV,
  devData,
  homes,
  open,
  row,
  samplesCalls,
  samplesInRange,
  serve,
  setUpRecordsWorld,
} from './records-test-kit';
import { chartOptions } from './records-chart-fake';

// The records of one node: day, month and year, the drill-down, the CSV and the power monitor.
vi.mock('./components/records-chart', () => import('./records-chart-fake'));

setUpRecordsWorld();

describe('node records', { timeout: 20_000 }, () => {
  test('a day shows kWh per hour and °C, titled home – node', async () => {
    serve();
    open(`/homes/h1/devs/${DEV}/htr/2/records?day=9&month=3&year=2026`);
    await waitFor(() =>
      expect(screen.getByTestId('records-title')).toHaveTextContent('Casa Pins – Lounge'),
    );
    expect(screen.getByTestId('records-period')).toHaveTextContent('March 9, 2026');
    await waitFor(() => expect(row('08:00')).toHaveTextContent('0.500'));
    expect(row('09:00')).toHaveTextContent('0.00021.0');
    expect(row('10:00')).toHaveTextContent('1.000');
    expect(row('12:00')).toHaveTextContent('––');
    const last = chartOptions.at(-1) as { yAxis: { max: number }[] };
    expect(last.yAxis[0]?.max).toBeCloseTo(1.2);
    // Yesterday: next goes to today; at today next is hidden.
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByText('March 10, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next day' })).not.toBeInTheDocument();
  });

  test('year → month → day drill-down, and back with previous', async () => {
    const { calls } = serve();
    open(`/homes/h1/devs/${DEV}/htr/2/records?year=2026`);
    // The current year shows the months so far.
    expect(await screen.findByRole('button', { name: 'Open March' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open April' })).not.toBeInTheDocument();
    await waitFor(() => expect(row('Mar')).toHaveTextContent('1.50021.5'));
    expect(row('Feb')).toHaveTextContent('––');
    // One grouped request per node for the whole year, in the home's zone.
    expect(samplesCalls(calls).map((c) => new URL(c.url, 'http://x').search)).toEqual([
      `?start=${Date.UTC(2025, 11, 31, 23) / 1000}&end=${Date.UTC(2026, 11, 31, 23) / 1000}&group=month&tz=Europe%2FMadrid`,
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Open March' }));
    expect(await screen.findByText('March 2026')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Open day/ })).toHaveLength(31);
    fireEvent.click(screen.getByRole('button', { name: 'Open day 9' }));
    expect(await screen.findByText('March 9, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Open/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(await screen.findByText('March 8, 2026')).toBeInTheDocument();
  });

  test('the current month is cached: going away and back does not fetch it again', async () => {
    const { calls } = serve();
    open(`/homes/h1/devs/${DEV}/htr/2/records?month=3&year=2026`);
    await waitFor(() => expect(samplesCalls(calls)).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(samplesCalls(calls)).toHaveLength(2));
    fireEvent.click(await screen.findByRole('button', { name: 'Next month' }));
    expect(await screen.findByText('March 2026')).toBeInTheDocument();
    expect(samplesCalls(calls)).toHaveLength(2);
  });

  test('"Download CSV" and "Whole month" are buttons of the app family, 44 px high', async () => {
    serve();
    open(`/homes/h1/devs/${DEV}/htr/2/records?day=9&month=3&year=2026`);
    await waitFor(() => expect(row('08:00')).toHaveTextContent('0.500'));
    const seen = cascade(appStylesheets());
    const family = familyButtonLook(seen);
    expect(family.minHeight).toBe('44px');
    for (const name of ['Download CSV', 'Whole month']) {
      const button = screen.getByRole('button', { name });
      expect(buttonLook(seen, button), name).toEqual(family);
      expect(seenContrast(seen, button), name).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
    }
  });

  test('the CSV starts with a BOM and separates with semicolons', async () => {
    serve();
    const blobs = captureDownloads();
    open(`/homes/h1/devs/${DEV}/htr/2/records?day=9&month=3&year=2026`);
    await waitFor(() => expect(row('08:00')).toHaveTextContent('0.500'));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    const bytes = new Uint8Array(await (blobs[0] as Blob).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toBe('Time;Consumption (kWh);Temperature (°C)');
    expect(lines[9]).toBe('08:00;0.500;20.0');
    expect(lines[10]).toBe('09:00;0.000;21.0');
    expect(lines).toHaveLength(26);
  });

  test('the CSV and the table write every row alike, halves of a Wh included', async () => {
    // 1.0005 kWh is 1.000499… in binary: one rounding path must write it the same twice.
    const counters = ['1000', '2000.5', '2001', '3001.25', '3001.75'];
    installFakeFetch({
      'GET /api/v2/grouped_devs': () => json(homes),
      [`GET /api/v2/devs/${DEV}/dev_data`]: () => json(devData),
      [`GET /api/v2/devs/${DEV}/htr/2/samples`]: (c) =>
        samplesInRange(
          c,
          counters.map((counter, i) => ({
            t: at(8 + i),
            counter,
            temp: (20.05 + i / 10).toFixed(2),
          })),
        ),
    });
    const blobs = captureDownloads();
    open(`/homes/h1/devs/${DEV}/htr/2/records?day=9&month=3&year=2026`);
    await waitFor(() => expect(row('08:00')).toHaveTextContent('1.001'));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    const text = new TextDecoder().decode(
      new Uint8Array(await (blobs[0] as Blob).arrayBuffer()).slice(3),
    );
    const lines = text.split('\r\n').slice(1, 25);
    const tableRows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(tableRows).toHaveLength(24);
    const cells = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => (c.textContent === '–' ? '' : c.textContent));
    expect(
      tableRows.map((r) => [r.querySelector('th')?.textContent, ...cells(r)].join(';')),
    ).toEqual(lines);
  });

  test('a power monitor has no temperature, and the detailed day shows 96 quarter hours in W', async () => {
    serve();
    open(`/homes/h1/devs/${DEV}/pmo/5/records?day=9&month=3&year=2026`);
    await waitFor(() => expect(row('08:00')).toHaveTextContent('3.000'));
    expect(screen.queryByRole('columnheader', { name: /Temperature/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Detailed power (15 min)' }));
    expect(screen.getByRole('columnheader', { name: 'Consumption (W)' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(97);
    // 3 kWh in the 08:00 quarter hour is an average of 12000 W.
    expect(row('08:00')).toHaveTextContent('12000');
  });
});
