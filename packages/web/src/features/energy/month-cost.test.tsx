import { beforeEach, expect, test } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { MonthCost } from './month-cost';

// Issue 29: the dashboard's month so far in money and where the month is heading.
let answer: object;
let owner: boolean;
const month = (over: object) => ({
  currency: 'EUR',
  time_zone: 'Europe/Madrid',
  group: 'month',
  home: { buckets: [] },
  nodes: [],
  month_to_date: {
    key: '2026-03',
    start: 0,
    end: 0,
    kwh_to_date: 210.44,
    cost_to_date: 52.3,
    unpriced_kwh_to_date: 0,
    projected_kwh: 600,
    projected_cost: 151.25,
    basis: 'trailing-days',
    ...over,
  },
});

beforeEach(() => {
  signIn();
  owner = true;
  installFakeFetch({
    'GET /api/hearth/v1/homes/h1/costs': () => json(answer),
    'GET /api/v2/grouped_devs': () => json([{ id: 'h1', name: 'Home', owner, devs: [] }]),
  });
});

const open = () => renderRoute('/', <MonthCost homeId="h1" />, '/');

test('the month so far and its projection, in the home currency', async () => {
  answer = month({});
  open();
  expect(await screen.findByTestId('month-cost-to-date')).toHaveTextContent('€52.30');
  expect(screen.getByTestId('month-cost')).toHaveTextContent('(210.4 kWh)');
  expect(screen.getByTestId('month-cost-projection')).toHaveTextContent(
    'Heading for €151.25 by the end of the month',
  );
  expect(screen.getByRole('link', { name: 'Tariff and costs' })).toHaveAttribute(
    'href',
    '/homes/h1/energy',
  );
});

test('energy without a price is said apart; no projection without data', async () => {
  answer = month({ unpriced_kwh_to_date: 3.25, basis: 'none' });
  open();
  expect(
    await screen.findByText('3.3 kWh used without a price are not counted in the cost.'),
  ).toBeVisible();
  expect(screen.queryByTestId('month-cost-projection')).not.toBeInTheDocument();
});

test('a home without a tariff is asked for one, never shown as free', async () => {
  answer = { ...month({}), currency: null };
  open();
  expect(await screen.findByRole('link', { name: 'Enter the tariff' })).toHaveAttribute(
    'href',
    '/homes/h1/energy',
  );
  expect(screen.queryByTestId('month-cost-to-date')).not.toBeInTheDocument();
});

test('someone the home is shared with is not asked for a tariff they cannot enter', async () => {
  owner = false;
  answer = { ...month({}), currency: null };
  const { queryClient } = open();
  // Both answers are in (the costs and whether the user owns the home) before looking.
  await waitFor(() => {
    expect(queryClient.getQueryCache().findAll({ type: 'all' })).toHaveLength(2);
    for (const query of queryClient.getQueryCache().findAll())
      expect(query.state.status).toBe('success');
  });
  await act(async () => undefined);
  expect(screen.queryByTestId('month-cost')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Enter the tariff' })).not.toBeInTheDocument();
});
