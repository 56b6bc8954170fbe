import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { EChartsCoreOption } from 'echarts/core';
import {
  TEXT_CONTRAST_MIN,
  type DevData,
  type GroupedHome,
  type SnapshotNode,
} from '@hearth/protocol';
import {
  appStylesheets,
  buttonLook,
  cascade,
  familyButtonLook,
  seenContrast,
} from '../../test/css-cascade';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderWithApp } from '../../test/render';
import { tokenExpiringIn } from '../../test/tokens';
import { useSessionStore } from '../../lib/session/session-store';
import { applyUpdateToCache } from '../../lib/devices';
import { useErrorToastStore } from '../../lib/http';
import { changeLanguage } from '../../lib/i18n';
import { LANG_STORAGE_KEY } from '../../lib/i18n/detect-language';
import { HomeRecordsPage, NodeRecordsPage } from './records-pages';
import type { WireSample } from './model/records-series';

// jsdom has no canvas: the chart is replaced, and its options are checked in chart-options.test.
const chartOptions: EChartsCoreOption[] = [];
vi.mock('./components/records-chart', () => ({
  RecordsChart: ({ options }: { options: EChartsCoreOption }) => {
    chartOptions.push(options);
    return <div data-testid="records-chart" />;
  },
}));

const DEV = '0123456789abcdef01';
const homes: GroupedHome[] = [
  {
    id: 'h1',
    name: 'Casa Pins',
    owner: true,
    devs: [{ dev_id: DEV, name: 'Gateway', product_id: '0105', fw_version: '1', serial_id: '1' }],
  },
];
const node = (
  addr: number,
  name: string,
  type: SnapshotNode['type'] = 'htr',
  installed = true,
): SnapshotNode => ({
  name,
  addr,
  type,
  installed,
  lost: false,
});
const devData: DevData = {
  connected: true,
  away_status: { enabled: false, away: false, forced: false },
  geo_data: { tz_code: 'Europe/Madrid' },
  discovery: { discovery: 'off' },
  htr_system: { setup: { power_limit: '0' } },
  pmo_system: { main_circuit_pmos: [], max_power_config: { profiles: [], slots: [] } },
  nodes: [
    node(2, 'Lounge'),
    node(3, 'Kitchen'),
    node(4, 'Attic', 'htr', false),
    node(5, 'Meter', 'pmo'),
  ],
};

// 9 March 2026, Madrid is UTC+1: local 08:00 is 07:00 UTC.
const at = (h: number) => Date.UTC(2026, 2, 9, h - 1) / 1000;
const lounge = [
  { t: at(8), counter: '1000', temp: '20.0' },
  { t: at(9), counter: '1500', temp: '21.0' },
  { t: at(10), counter: '1500', temp: '22.0' },
  { t: at(11), counter: '2500', temp: '23.0' },
];

/** The samples answer; a status other than 200 fails every samples read with it. */
function serve(samplesStatus = 200) {
  const inRange = (call: RecordedCall, samples: WireSample[]) => {
    if (samplesStatus !== 200)
      return json({ statusCode: samplesStatus, error: 'x', message: 'x' }, samplesStatus);
    const q = new URL(call.url, 'http://x').searchParams;
    // Our server's grouped answer: one entry per month with its energy.
    if (q.get('group') === 'month')
      return json({
        samples: [{ t: Date.UTC(2026, 1, 28, 23) / 1000, counter_delta: 1500, temp: '21.5' }],
      });
    return json({
      samples: samples.filter((s) => s.t >= Number(q.get('start')) && s.t < Number(q.get('end'))),
    });
  };
  return installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    [`GET /api/v2/devs/${DEV}/dev_data`]: () => json(devData),
    [`GET /api/v2/devs/${DEV}/htr/2/samples`]: (c) => inRange(c, lounge),
    [`GET /api/v2/devs/${DEV}/htr/3/samples`]: (c) =>
      inRange(c, [
        { t: at(8), counter: '10', temp: '18.0' },
        { t: at(9), counter: '1010', temp: '19.0' },
      ]),
    [`GET /api/v2/devs/${DEV}/pmo/5/samples`]: (c) =>
      inRange(c, [
        { t: at(8), counter: 0, max: 1, min: 0 },
        { t: at(9), counter: 3000, max: 1, min: 0 },
      ]),
  });
}

function open(path: string) {
  return renderWithApp(
    <Routes>
      <Route
        path="/homes/:homeId/devs/:devId/:nodeType/:addr/records"
        element={<NodeRecordsPage />}
      />
      <Route path="/homes/:homeId/system/:nodeType/records" element={<HomeRecordsPage />} />
    </Routes>,
    { path },
  );
}

const row = (label: string) => screen.getByRole('row', { name: new RegExp(`^${label}`) });
const samplesCalls = (calls: RecordedCall[]) => calls.filter((c) => c.url.includes('/samples'));

beforeEach(() => {
  chartOptions.length = 0;
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date(Date.UTC(2026, 2, 10, 11)));
  useSessionStore
    .getState()
    .setSession({ token: tokenExpiringIn(3_600_000), refreshToken: 'r', username: 'a@b.c' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

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
    const blobs: Blob[] = [];
    // jsdom has no object URLs; the download is captured at that boundary.
    Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        blobs.push(b);
        return 'blob:records';
      },
      revokeObjectURL: () => undefined,
    });
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
      [`GET /api/v2/devs/${DEV}/htr/2/samples`]: (c) => {
        const q = new URL(c.url, 'http://x').searchParams;
        const samples = counters.map((counter, i) => ({
          t: at(8 + i),
          counter,
          temp: (20.05 + i / 10).toFixed(2),
        }));
        return json({
          samples: samples.filter(
            (s) => s.t >= Number(q.get('start')) && s.t < Number(q.get('end')),
          ),
        });
      },
    });
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        blobs.push(b);
        return 'blob:records';
      },
      revokeObjectURL: () => undefined,
    });
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

describe('units in the language (docs/design.md §5 i18n)', { timeout: 20_000 }, () => {
  afterEach(async () => {
    await changeLanguage('en');
    localStorage.removeItem(LANG_STORAGE_KEY);
  });

  test('the energy and power columns and the chart axis read in Russian units', async () => {
    await changeLanguage('ru');
    serve();
    open(`/homes/h1/devs/${DEV}/pmo/5/records?day=9&month=3&year=2026`);
    await waitFor(() => expect(row('08:00')).toHaveTextContent('3,000'));
    expect(screen.getByRole('columnheader', { name: 'Потребление (кВт·ч)' })).toBeInTheDocument();
    expect((chartOptions.at(-1) as { yAxis: { name: string }[] }).yAxis[0]?.name).toBe('кВт·ч');
    fireEvent.click(screen.getByRole('switch'));
    expect(screen.getByRole('columnheader', { name: 'Потребление (Вт)' })).toBeInTheDocument();
  });

  test("the table's numbers take the language's decimal comma, as the CSV does", async () => {
    await changeLanguage('es');
    serve();
    open(`/homes/h1/devs/${DEV}/htr/2/records?day=9&month=3&year=2026`);
    await waitFor(() => expect(row('08:00')).toHaveTextContent('0,500'));
    expect(row('09:00')).toHaveTextContent('0,00021,0');
  });
});

describe('missing lookups (spec 3 §8)', { timeout: 20_000 }, () => {
  test('a missing home, device or node is named as such', async () => {
    useErrorToastStore.getState().dismiss();
    serve();
    const first = open(`/homes/h1/devs/${DEV}/htr/9/records?day=9&month=3&year=2026`);
    expect(await screen.findByText('Node not found')).toBeInTheDocument();
    first.unmount();
    const second = open('/homes/h1/devs/ffffffffffffffffff/htr/2/records?day=9&month=3&year=2026');
    expect(await screen.findByText('Dev not found')).toBeInTheDocument();
    // Nothing of a device outside the home is read, so no error toast joins the message.
    expect(useErrorToastStore.getState().kind).toBeNull();
    second.unmount();
    const third = open(`/homes/h9/devs/${DEV}/htr/2/records?day=9&month=3&year=2026`);
    expect(await screen.findByText('Home not found')).toBeInTheDocument();
    third.unmount();
    open('/homes/h9/system/htr/records');
    expect(await screen.findByText('Home not found')).toBeInTheDocument();
  });
});

describe('device data failure (spec 3 §8: data-update error)', { timeout: 20_000 }, () => {
  test('a device whose data did not load is not named a missing node, on either page', async () => {
    useErrorToastStore.getState().dismiss();
    installFakeFetch({
      'GET /api/v2/grouped_devs': () => json(homes),
      [`GET /api/v2/devs/${DEV}/dev_data`]: () =>
        json({ statusCode: 400, error: 'refused', message: 'no' }, 400),
    });
    const first = open(`/homes/h1/devs/${DEV}/htr/2/records?day=9&month=3&year=2026`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The information displayed may not be updated',
    );
    expect(screen.queryByText('Node not found')).not.toBeInTheDocument();
    first.unmount();
    open('/homes/h1/system/htr/records');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The information displayed may not be updated',
    );
    expect(screen.queryByText('No installed nodes of this type')).not.toBeInTheDocument();
  });
});

describe('samples failure (spec 3 §8: data-update error, told once)', { timeout: 20_000 }, () => {
  test.each([
    [400, true, null],
    [502, false, 'dataUpdate'],
  ])('a read failing with %i: page line %s, toast %s', async (status, line, toast) => {
    useErrorToastStore.getState().dismiss();
    const { calls } = serve(status);
    open(`/homes/h1/devs/${DEV}/htr/2/records?day=9&month=3&year=2026`);
    await waitFor(() => expect(samplesCalls(calls).length).toBeGreaterThan(0));
    // A 5xx read is asked again twice (1 s, then 2 s later) before it fails.
    await act(() => vi.advanceTimersByTimeAsync(3_500));
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
    await waitFor(() => expect(useErrorToastStore.getState().kind).toBe(toast));
    const shown = screen.queryByText('The information displayed may not be updated');
    if (line) expect(shown).toBeInTheDocument();
    else expect(shown).toBeNull();
  });
});

describe('home records', { timeout: 20_000 }, () => {
  test('sum the installed heaters of the home, titled with the home only', async () => {
    const { calls } = serve();
    open('/homes/h1/system/htr/records?day=9&month=3&year=2026');
    expect(await screen.findByTestId('records-title')).toHaveTextContent(/^Casa Pins$/);
    await waitFor(() => expect(row('08:00')).toHaveTextContent('1.500'));
    expect(row('08:00')).toHaveTextContent('19.0');
    const asked = samplesCalls(calls).map((c) => new URL(c.url, 'http://x').pathname);
    expect(asked.some((p) => p.includes('/htr/4/'))).toBe(false);
    expect(asked.some((p) => p.includes('/pmo/'))).toBe(false);
  });

  test('with a single installed node of the type, its name follows the home (spec 3 §2)', async () => {
    serve();
    open('/homes/h1/system/pmo/records?day=9&month=3&year=2026');
    await waitFor(() =>
      expect(screen.getByTestId('records-title')).toHaveTextContent(/^Casa Pins – Meter$/),
    );
  });
});

describe('one device state (the socket keeps what the page read)', { timeout: 20_000 }, () => {
  test('a node renamed by a socket update is renamed on the page, with no read again', async () => {
    const { calls } = serve();
    const { queryClient } = open(`/homes/h1/devs/${DEV}/htr/2/records?day=9&month=3&year=2026`);
    await waitFor(() =>
      expect(screen.getByTestId('records-title')).toHaveTextContent(/^Casa Pins – Lounge$/),
    );
    const renamed = devData.nodes.map(({ name, addr, type, installed, lost }) => ({
      name: addr === 2 ? 'Salon' : name,
      addr,
      type,
      installed,
      lost,
    }));
    act(() => applyUpdateToCache(queryClient, DEV, { path: '/mgr/nodes', body: renamed }));
    await waitFor(() =>
      expect(screen.getByTestId('records-title')).toHaveTextContent(/^Casa Pins – Salon$/),
    );
    expect(calls.filter((c) => c.url.endsWith('/dev_data'))).toHaveLength(1);
  });
});
