import { beforeEach, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChargePlanAnswer } from '@hearth/protocol';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { ChargePlanCard } from './charge-plan-card';

// Issue 29: a storage heater's charge plan: its settings and the plan over the night's prices.
const A = 'aaaaaaaaaaaaaaaaa1';
const PATH = `/api/hearth/v1/devs/${A}/acm/4/charge_plan`;
/** 10 March 2026 in Madrid (UTC+1): the plan runs from 22:00 to 07:00. */
const from = Date.UTC(2026, 2, 10, 21);
const half = 30 * 60_000;
let calls: RecordedCall[];
let answer: ChargePlanAnswer;

beforeEach(() => {
  signIn();
  answer = {
    enabled: true,
    target_pct: 80,
    ready_by: '07:00',
    min_block_min: 60,
    plan: {
      from_ms: from,
      to_ms: from + 18 * half,
      slots: [
        { start_ms: from + 6 * half, end_ms: from + 7 * half, kwh: 1.2, price_per_kwh: 0.14 },
        { start_ms: from + 7 * half, end_ms: from + 8 * half, kwh: 1.2, price_per_kwh: 0.14 },
      ],
      cost: 0.336,
      currency: 'EUR',
      reaches_target: true,
      text: 'Hall: charging 2.4 kWh in 1 block (01:00–02:00)',
    },
  };
  ({ calls } = installFakeFetch({
    [`GET ${PATH}`]: () => json(answer),
    [`PUT ${PATH}`]: (c) => json({ ...answer, ...(JSON.parse(c.body ?? '{}') as object) }),
  }));
});

const open = (owner: boolean) =>
  renderRoute(
    '/',
    <ChargePlanCard
      dev={A}
      addr={4}
      name="Hall"
      owner={owner}
      currency="EUR"
      tariffs={[{ kind: 'flat', validFrom: 0, pricePerKwh: 0.26 }]}
      timeZone="Europe/Madrid"
    />,
    '/',
  );

test('the plan says what it costs and when it charges, drawn over the prices', async () => {
  open(true);
  expect(await screen.findByTestId('charge-plan-summary')).toHaveTextContent(
    'Charges to its target by the ready-by time for €0.34.',
  );
  expect(
    screen.getByRole('img', {
      name: 'Prices from 22:00 to 07:00, highest bars dearest; the charging half hours are marked.',
    }),
  ).toBeInTheDocument();
  // 18 half hours, two of them charging.
  expect(document.querySelectorAll('.energy-plan rect')).toHaveLength(18);
  expect(document.querySelectorAll('.energy-plan__on[x]')).toHaveLength(2);
  const slots = within(screen.getByRole('list'));
  expect(slots.getAllByRole('listitem')[0]).toHaveTextContent('01:00–01:30: 1.2 kWh at €0.14');
});

test('the owner changes the target and ready-by time; the plan is saved as the server reads it', async () => {
  const u = userEvent.setup();
  open(true);
  const target = await screen.findByLabelText('Target charge (%)');
  await u.clear(target);
  await u.type(target, '100');
  await u.selectOptions(screen.getByLabelText('Shortest charging block'), '90');
  await u.click(screen.getByRole('button', { name: 'Save the plan of Hall' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
  expect(JSON.parse(calls.find((c) => c.method === 'PUT')?.body ?? '')).toEqual({
    enabled: true,
    target_pct: 100,
    ready_by: '07:00',
    min_block_min: 90,
  });
});

test('someone else reads the plan with nothing to change', async () => {
  open(false);
  expect(await screen.findByLabelText('Target charge (%)')).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Save the plan of Hall' })).not.toBeInTheDocument();
});
