import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import type { Tariff, TariffHistory } from './energy-api';
import { TariffPage } from './tariff-page';

// Issue 29: a home's tariff screen: the owner enters time-of-use bands, a price CSV or a price
// URL and deletes upcoming tariffs; anyone else reads.
const HOME = '/api/hearth/v1/homes/h1';
/** 10 March 2026, 12:00 in Madrid: the day starts at 9 March 23:00 UTC. */
const NOW = Date.UTC(2026, 2, 10, 11);
const TODAY = Date.UTC(2026, 2, 9, 23);
const JAN = Date.UTC(2025, 11, 31, 23);
const APRIL = Date.UTC(2026, 2, 31, 22);

let history: TariffHistory;
let calls: RecordedCall[];
let owner: boolean;
let answers: Record<string, () => Response>;

const flatJan: Tariff = { kind: 'flat', validFrom: JAN, pricePerKwh: 0.25 };

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  signIn();
  owner = true;
  history = { currency: null, time_zone: 'Europe/Madrid', tariffs: [] };
  answers = {};
  ({ calls } = installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([{ id: 'h1', name: 'Casa Pins', owner, devs: [] }]),
    [`GET ${HOME}/tariffs`]: () => json(history),
    [`PUT ${HOME}/tariffs`]: (c) => {
      const body = JSON.parse(c.body ?? '{}') as { currency: string; tariff: Tariff };
      history = { ...history, currency: body.currency, tariffs: [...history.tariffs, body.tariff] };
      return json(history);
    },
    [`PUT ${HOME}/tariffs/csv`]: () =>
      answers.csv?.() ??
      json({ statusCode: 400, error: 'validation_failed', message: 'no answer set' }, 400),
    [`GET ${HOME}/tariffs/price_source`]: () =>
      json({ statusCode: 404, error: 'not_found', message: 'none' }, 404),
    [`PUT ${HOME}/tariffs/price_source`]: () =>
      answers.source?.() ??
      json({ statusCode: 400, error: 'validation_failed', message: 'no answer set' }, 400),
    [`DELETE ${HOME}/tariffs/${APRIL}`]: () => {
      history = { ...history, tariffs: history.tariffs.filter((t) => t.validFrom !== APRIL) };
      return new Response(null, { status: 204 });
    },
  }));
});
afterEach(() => {
  vi.useRealTimers();
});

const open = () => renderRoute('/homes/:homeId/energy', <TariffPage />, '/homes/h1/energy');
const writes = () => calls.filter((c) => c.method !== 'GET');
const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

test('the owner enters time-of-use bands by weekday; the tariff in force then shows them', async () => {
  const u = user();
  open();
  expect(await screen.findByTestId('no-tariff')).toHaveTextContent('No tariff yet');
  await u.type(screen.getByLabelText('Price outside the bands per kWh (EUR)'), '0,26');
  const first = screen.getByRole('group', { name: 'Band 1' });
  await u.type(within(first).getByLabelText('Price per kWh (EUR)'), '0.38');
  await u.click(screen.getByRole('button', { name: 'Add a band' }));
  const second = screen.getByRole('group', { name: 'Band 2' });
  // Nights every day: Saturday and Sunday joined to the workdays, 22:00 to 06:00.
  await u.click(within(second).getByRole('checkbox', { name: 'Saturday' }));
  await u.click(within(second).getByRole('checkbox', { name: 'Sunday' }));
  const from = within(second).getByLabelText('From');
  await u.clear(from);
  await u.type(from, '22:00');
  const to = within(second).getByLabelText('To');
  await u.clear(to);
  await u.type(to, '06:00');
  await u.type(within(second).getByLabelText('Price per kWh (EUR)'), '0.14');
  await u.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(writes()).toHaveLength(1));
  expect(JSON.parse(writes()[0]?.body ?? '')).toEqual({
    currency: 'EUR',
    tariff: {
      kind: 'time-of-use',
      validFrom: TODAY,
      basePricePerKwh: 0.26,
      bands: [
        { days: [1, 2, 3, 4, 5], from: '17:00', to: '21:00', pricePerKwh: 0.38 },
        { days: [0, 1, 2, 3, 4, 5, 6], from: '22:00', to: '06:00', pricePerKwh: 0.14 },
      ],
    },
  });
  const current = await screen.findByTestId('current-tariff');
  expect(current).toHaveTextContent('Time of use · EUR');
  expect(current).toHaveTextContent('Mon–Fri, 17:00–21:00: €0.38 per kWh');
  expect(current).toHaveTextContent('every day, 22:00–06:00: €0.14 per kWh');
});

test('a band without days or a price is marked, and nothing is sent', async () => {
  const u = user();
  open();
  await screen.findByTestId('no-tariff');
  await u.type(screen.getByLabelText('Price outside the bands per kWh (EUR)'), '0.26');
  const band = screen.getByRole('group', { name: 'Band 1' });
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
    await u.click(within(band).getByRole('checkbox', { name: day }));
  await u.click(screen.getByRole('button', { name: 'Save' }));
  expect(await within(band).findByText('Choose at least one day.')).toBeVisible();
  expect(screen.getByTestId('form-error')).toHaveTextContent('Fix the bands marked below.');
  expect(writes()).toHaveLength(0);
});

test("a price CSV goes as text/csv, and the server's line error is shown", async () => {
  const u = user();
  answers.csv = () =>
    json(
      {
        statusCode: 400,
        error: 'validation_failed',
        message: 'line 3: not on the 30-minute grid of the first row',
      },
      400,
    );
  open();
  await screen.findByTestId('no-tariff');
  await u.click(screen.getByRole('radio', { name: 'Dynamic prices' }));
  const csv =
    'start,price_per_kwh\n2026-03-11T00:00:00+01:00,0.10\n2026-03-11T00:10:00+01:00,0.12\n';
  await u.upload(
    screen.getByLabelText('Price file (CSV)'),
    new File([csv], 'prices.csv', { type: 'text/csv' }),
  );
  await u.click(screen.getByRole('button', { name: 'Upload prices' }));
  expect(await screen.findByTestId('form-error')).toHaveTextContent(
    'Not saved: line 3: not on the 30-minute grid of the first row',
  );
  const sent = writes()[0];
  expect(sent?.headers['Content-Type']).toBe('text/csv');
  expect(sent?.body).toBe(csv);
  expect(new URL(sent?.url ?? '', 'http://x').searchParams.get('currency')).toBe('EUR');
});

test('a price URL off the operator list is refused in words; the history keeps past tariffs and deletes upcoming ones', async () => {
  const u = user();
  history = {
    currency: 'EUR',
    time_zone: 'Europe/Madrid',
    tariffs: [flatJan, { kind: 'flat', validFrom: APRIL, pricePerKwh: 0.3 }],
  };
  answers.source = () =>
    json({ statusCode: 400, error: 'price_source_not_allowed', message: 'host not allowed' }, 400);
  open();
  const list = await screen.findByTestId('tariff-history');
  const items = within(list).getAllByRole('listitem');
  expect(items[0]).toHaveTextContent('From April 1, 2026 · One price');
  expect(items[0]).toHaveTextContent('upcoming');
  expect(items[1]).toHaveTextContent('in force');
  // Only the upcoming tariff can go; the one in force keeps past costs priced.
  expect(within(list).getAllByRole('button')).toHaveLength(1);

  await u.type(screen.getByLabelText('Address of the price file'), 'https://evil.example/p.csv');
  await u.click(screen.getByRole('button', { name: 'Fetch prices from here' }));
  expect(await screen.findByText(/does not fetch prices from that address/)).toBeVisible();

  await u.click(within(list).getByRole('button', { name: 'Delete the tariff from April 1, 2026' }));
  await waitFor(() =>
    expect(writes().map((c) => `${c.method} ${new URL(c.url, 'http://x').pathname}`)).toContain(
      `DELETE ${HOME}/tariffs/${APRIL}`,
    ),
  );
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
});

test('someone the home is shared with reads the tariff and its history, with nothing to change', async () => {
  owner = false;
  history = {
    currency: 'EUR',
    time_zone: 'Europe/Madrid',
    tariffs: [flatJan, { kind: 'flat', validFrom: APRIL, pricePerKwh: 0.3 }],
  };
  open();
  expect(await screen.findByTestId('current-tariff')).toHaveTextContent(
    '€0.25 per kWh at all times.',
  );
  expect(screen.getByText('Only the owner of the home changes its tariff.')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  expect(
    within(screen.getByTestId('tariff-history')).queryByRole('button'),
  ).not.toBeInTheDocument();
  expect(calls.some((c) => c.url.includes('price_source'))).toBe(false);
});
