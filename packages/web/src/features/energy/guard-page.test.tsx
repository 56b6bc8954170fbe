import { beforeEach, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupedHome, PowerGuardAction, PowerGuardSettings } from '@hearth/protocol';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { GuardPage } from './guard-page';

// Issue 29: the power guard screen: caps, dry run, the order of rooms by keyboard, the log.
const A = 'aaaaaaaaaaaaaaaaa1';
const HOME = '/api/hearth/v1/homes/h1';
let owner: boolean;
let calls: RecordedCall[];
let saved: PowerGuardSettings;

const lower: PowerGuardAction = {
  id: '1',
  at: Date.UTC(2026, 2, 10, 13, 5),
  room: `${A}/htr/2`,
  kind: 'lower',
  to_c: 17,
  dry_run: false,
  text: 'English from the server',
  detail: { reason: 'hour-average', projected_kw: 6.24, cap_kw: 6, minutes: 10 },
};

beforeEach(() => {
  signIn();
  owner = true;
  saved = {
    enabled: true,
    dry_run: false,
    cap_kw: 6,
    instant_cap_kw: null,
    priority: [`${A}/htr/2`],
    monitor: null,
  };
  const homes = (): GroupedHome[] => [
    {
      id: 'h1',
      name: 'Attic',
      owner,
      devs: [{ dev_id: A, name: 'Box', product_id: '0105', fw_version: '1', serial_id: '1' }],
    },
  ];
  ({ calls } = installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes()),
    [`GET /api/v2/devs/${A}/mgr/nodes`]: () =>
      json({
        nodes: [
          { name: 'Hall', addr: 1, type: 'htr', installed: true, lost: false },
          { name: 'Kitchen', addr: 2, type: 'htr', installed: true, lost: false },
          { name: 'Meter', addr: 3, type: 'pmo', installed: true, lost: false },
        ],
      }),
    [`GET ${HOME}/power_guard`]: () => json(saved),
    [`PUT ${HOME}/power_guard`]: (c) => {
      saved = JSON.parse(c.body ?? '{}') as PowerGuardSettings;
      return json(saved);
    },
    [`GET ${HOME}/power_guard/actions`]: () =>
      json({
        actions: [
          lower,
          {
            ...lower,
            id: '2',
            kind: 'restore',
            to_c: 21,
            dry_run: true,
            detail: { reason: 'something-new' },
            text: 'would restore Kitchen (dry run): a reason the app has no words for',
          },
        ],
      }),
  }));
});

const open = () =>
  renderRoute('/homes/:homeId/energy/guard', <GuardPage />, '/homes/h1/energy/guard');

test('the owner reorders the rooms with the keyboard and saves the caps', async () => {
  const u = userEvent.setup();
  open();
  const list = await screen.findByTestId('guard-priority');
  // The saved order first, then the home's other heaters; the power monitor is no room to lower.
  await waitFor(() =>
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Kitchen↑↓', '2Hall↑↓']),
  );
  within(list).getByRole('button', { name: 'Move Hall up' }).focus();
  await u.keyboard('{Enter}');
  expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Hall');
  expect(screen.getByText('Hall is now number 1 of 2.')).toBeInTheDocument();
  // Hall is not in the saved order, so the guard never lowers it until it is ticked.
  const hall = within(list).getByRole('checkbox', { name: 'Lower Hall when needed' });
  expect(hall).not.toBeChecked();
  await u.click(hall);
  const cap = screen.getByLabelText("Cap on each hour's average (kW)");
  await u.clear(cap);
  await u.type(cap, '5,5');
  await u.type(screen.getByLabelText('Cap on the instant draw (kW, optional)'), '9');
  await u.click(screen.getByRole('switch', { name: 'Dry run: only log what it would do' }));
  await u.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
  expect(saved).toEqual({
    enabled: true,
    dry_run: true,
    cap_kw: 5.5,
    instant_cap_kw: 9,
    priority: [`${A}/htr/1`, `${A}/htr/2`],
    monitor: null,
  });
});

test('a cap that is no number is refused on the screen, nothing sent', async () => {
  const u = userEvent.setup();
  open();
  const cap = await screen.findByLabelText("Cap on each hour's average (kW)");
  await u.clear(cap);
  await u.type(cap, 'lots');
  await u.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByTestId('form-error')).toHaveTextContent(
    'Enter the caps in kW, such as 6 or 6.5, above 0.',
  );
  expect(calls.some((c) => c.method === 'PUT')).toBe(false);
});

test('the log words each action in the app, the server English kept for what it cannot word', async () => {
  open();
  const log = await screen.findByTestId('guard-log');
  const items = within(log).getAllByRole('listitem');
  expect(items[0]).toHaveTextContent(
    'lowered Kitchen to 17 °C for 10 min: the hour was heading to 6.2 kW against a 6.0 kW cap',
  );
  expect(items[1]).toHaveTextContent('a reason the app has no words for');
});

test('someone the home is shared with sees the settings and the log, with nothing to change', async () => {
  owner = false;
  open();
  expect(
    await screen.findByText('Only the owner of the home changes the power guard.'),
  ).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  expect(screen.getByLabelText("Cap on each hour's average (kW)")).toBeDisabled();
  for (const b of within(screen.getByTestId('guard-priority')).getAllByRole('button'))
    expect(b).toBeDisabled();
});
