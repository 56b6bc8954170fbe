import { beforeEach, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HOME, ROOM, json, openComfort } from './comfort-test-kit';
import type { Holiday, OneOff } from './comfort-api';
import { HolidaysPage } from './holidays-page';

const PATTERN = '/homes/:homeId/holidays';
const PATH = '/homes/h1/holidays';

let holidays: Holiday[];
let oneOffs: OneOff[];
let refuseWith: string | undefined;

const christmas: Holiday = {
  id: 'x1',
  from: '2026-12-19T08:00',
  to: '2027-01-03T18:00',
  rooms: null,
  away_c: 12,
  use_day: null,
};

beforeEach(() => {
  holidays = [christmas];
  oneOffs = [{ id: 'o1', date: '2026-12-08', use_day: 0, rooms: [ROOM] }];
  refuseWith = undefined;
});

function open(options?: { owner?: boolean; units?: 'C' | 'F' }, list?: () => Response) {
  return openComfort(
    PATTERN,
    <HolidaysPage />,
    PATH,
    {
      [`GET ${HOME}/holidays`]:
        list ?? (() => json({ time_zone: 'Europe/Paris', holidays, one_offs: oneOffs })),
      [`POST ${HOME}/holidays`]: (call) => {
        if (refuseWith)
          return json({ message: refuseWith, statusCode: 400, error: 'validation_failed' }, 400);
        const made = { ...(JSON.parse(call.body ?? '{}') as Holiday), id: 'x2' };
        holidays = [...holidays, made];
        return json(made, 201);
      },
      [`PUT ${HOME}/holidays/x1`]: (call) => {
        holidays = [{ ...(JSON.parse(call.body ?? '{}') as Holiday), id: 'x1' }];
        return json(holidays[0]);
      },
      [`DELETE ${HOME}/holidays/x1`]: () => {
        holidays = [];
        return new Response(null, { status: 204 });
      },
      [`POST ${HOME}/one_offs`]: (call) => {
        const made = { ...(JSON.parse(call.body ?? '{}') as OneOff), id: 'o2' };
        oneOffs = [...oneOffs, made];
        return json(made, 201);
      },
    },
    options,
  );
}

const body = (call: { body: string | undefined } | undefined) =>
  JSON.parse(call?.body ?? '{}') as Record<string, unknown>;

test('the holidays and one-off days are listed as a person reads them', async () => {
  const { seed } = open();
  await seed();
  const item = await screen.findByTestId('holiday');
  expect(item).toHaveTextContent('Sat, Dec 19, 2026, 08:00 → Sun, Jan 3, 2027, 18:00');
  expect(item).toHaveTextContent('The whole home');
  expect(item).toHaveTextContent('Away temperature 12.0 °C');
  const day = screen.getByTestId('one-off');
  expect(day).toHaveTextContent('Tuesday, December 8: use Sunday');
  await waitFor(() => expect(day).toHaveTextContent('Lounge'));
  expect(screen.getByText("Dates and times are the home's (Europe/Paris).")).toBeVisible();
});

test("a holiday for one room running Sunday's programme is sent as the contract says", async () => {
  const { writes, seed } = open();
  await seed();
  await userEvent.click(await screen.findByRole('button', { name: 'Add a holiday' }));
  const form = screen.getByRole('form', { name: 'New holiday' });
  const f = within(form);
  await userEvent.type(f.getByLabelText('Leaving on'), '2027-02-12');
  await userEvent.type(f.getByLabelText('Back on'), '2027-02-14');
  await userEvent.clear(f.getByLabelText('Return time'));
  await userEvent.type(f.getByLabelText('Return time'), '17:30');
  await userEvent.click(f.getByRole('radio', { name: 'Chosen rooms' }));
  await userEvent.click(await f.findByRole('checkbox', { name: 'Study' }));
  await userEvent.click(f.getByRole('radio', { name: "Run one day's programme" }));
  await userEvent.selectOptions(f.getByLabelText('Programme of'), 'Sunday');
  await userEvent.click(f.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.getAllByTestId('holiday')).toHaveLength(2));
  expect(body(writes()[0])).toEqual({
    from: '2027-02-12T08:00',
    to: '2027-02-14T17:30',
    rooms: ['0123456789abcdef01/htr/2'],
    away_c: null,
    use_day: 0,
  });
  expect(screen.getAllByTestId('holiday')[1]).toHaveTextContent("Runs Sunday's programme");
});

test('the away temperature is typed in the home units and sent in °C', async () => {
  const { writes, seed } = open({ units: 'F' });
  await seed();
  await userEvent.click(
    await screen.findByRole('button', { name: 'Edit the holiday from Sat, Dec 19, 2026, 08:00' }),
  );
  const f = within(screen.getByRole('form', { name: 'Edit holiday' }));
  const away = await f.findByLabelText('Away temperature (°F)');
  await waitFor(() => expect(away).toHaveValue('53.6'));
  await userEvent.clear(away);
  await userEvent.type(away, '50');
  await userEvent.click(f.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(writes()).toHaveLength(1));
  expect(writes()[0]?.method).toBe('PUT');
  expect(body(writes()[0])).toMatchObject({ away_c: 10, use_day: null, rooms: null });
});

test("the server's refusal is shown in the form, and nothing is listed", async () => {
  refuseWith = 'the return time (to) must be after the start (from)';
  const { seed } = open();
  await seed();
  await userEvent.click(await screen.findByRole('button', { name: 'Add a holiday' }));
  const f = within(screen.getByRole('form', { name: 'New holiday' }));
  await userEvent.type(f.getByLabelText('Leaving on'), '2027-02-14');
  await userEvent.type(f.getByLabelText('Back on'), '2027-02-12');
  await userEvent.click(f.getByRole('button', { name: 'Save' }));
  expect(await f.findByRole('alert')).toHaveTextContent(
    'the return time (to) must be after the start (from)',
  );
  expect(screen.getAllByTestId('holiday')).toHaveLength(1);
});

test('a form without dates or rooms says what is missing and sends nothing', async () => {
  const { writes, seed } = open();
  await seed();
  await userEvent.click(await screen.findByRole('button', { name: 'Add a holiday' }));
  const f = within(screen.getByRole('form', { name: 'New holiday' }));
  await userEvent.click(f.getByRole('button', { name: 'Save' }));
  expect(await f.findByRole('alert')).toHaveTextContent('Enter the dates and times.');
  expect(writes()).toEqual([]);
});

test('a holiday is deleted once confirmed', async () => {
  const { writes, seed } = open();
  await seed();
  await userEvent.click(
    await screen.findByRole('button', { name: 'Delete Sat, Dec 19, 2026, 08:00' }),
  );
  const dialog = screen.getByRole('alertdialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByTestId('holiday')).toBeNull());
  expect(writes().map((c) => c.method)).toEqual(['DELETE']);
  expect(screen.getByText('No holiday planned.')).toBeVisible();
});

test('a one-off day is added for the whole home', async () => {
  const { writes, seed } = open();
  await seed();
  await userEvent.click(await screen.findByRole('button', { name: 'Add a one-off day' }));
  const f = within(screen.getByRole('form', { name: 'New one-off day' }));
  await userEvent.type(f.getByLabelText('Day'), '2026-12-25');
  await userEvent.selectOptions(f.getByLabelText('Programme of'), 'Saturday');
  await userEvent.click(f.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.getAllByTestId('one-off')).toHaveLength(2));
  expect(body(writes()[0])).toEqual({ date: '2026-12-25', use_day: 6, rooms: null });
});

test('a guest, refused by the server, is told who may see holidays', async () => {
  open({ owner: false }, () =>
    json({ message: 'forbidden', statusCode: 403, error: 'forbidden' }, 403),
  );
  expect(await screen.findByRole('alert')).toHaveTextContent(
    "Only the home's owner and the people who live there can see its holidays.",
  );
  expect(screen.queryByRole('button', { name: 'Add a holiday' })).toBeNull();
});
