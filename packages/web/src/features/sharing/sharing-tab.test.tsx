import { beforeEach, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GuestScope } from '@hearth/protocol';
import { home, mgrNode } from '../../test/fake-devices';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import type { Member } from './api/sharing-api';
import { SharingTab } from './sharing-tab';

const DEV = '0123456789abcdef01';
const KIDS = { devId: DEV, type: 'htr', addr: 1 };
let members: Member[];
let calls: RecordedCall[];

beforeEach(() => {
  signIn();
  members = [
    { email: 'sam@example.com', pending: false, role: 'resident', scope: {} },
    {
      email: 'cleaner@example.com',
      pending: true,
      role: 'guest',
      scope: { nodes: [KIDS], minC: 18, maxC: 22, boost: false, validTo: '2026-12-08' },
    },
  ];
  ({ calls } = installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([home('h1', 'Casa', [DEV])]),
    [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () =>
      json({ nodes: [mgrNode('Kids room', 1), mgrNode('Study', 2)] }),
    'GET /api/v2/groups/h1/members': () => json({ members }),
    'PUT /api/v2/groups/h1/members': (call) => {
      const body = JSON.parse(call.body ?? '{}') as Member;
      members = members.map((m) => (m.email === body.email ? { ...m, ...body } : m));
      return json(body);
    },
    'POST /api/v2/users/u1/invite': (call) => {
      const body = JSON.parse(call.body ?? '{}') as {
        email: string;
        role: 'guest';
        scope: GuestScope;
      };
      members = [
        ...members,
        { email: body.email, pending: true, role: body.role, scope: body.scope },
      ];
      return json({ email: body.email, pending: true }, 201);
    },
    'DELETE /api/v2/users/u1/invite': () => {
      members = members.filter((m) => m.email !== 'sam@example.com');
      return json({});
    },
  }));
});

const open = () =>
  renderRoute('/list/homes/:homeId/guests', <SharingTab homeId="h1" />, '/list/homes/h1/guests');
const sent = (method: string) => {
  const call = calls.filter((c) => c.method === method).at(-1);
  return JSON.parse(call?.body ?? '{}') as Record<string, unknown>;
};

test("each person shows their role, and a guest's limits in words", async () => {
  open();
  const list = await screen.findByRole('list', { name: 'Guests of the home' });
  const rows = within(list).getAllByTestId('sharing-member');
  expect(rows[0]).toHaveTextContent('sam@example.com');
  expect(rows[0]).toHaveTextContent('Resident');
  expect(rows[1]).toHaveTextContent('invitation not accepted yet');
  const limits = within(rows[1] as HTMLElement).getByRole('list', {
    name: 'Rights of cleaner@example.com',
  });
  await waitFor(() => expect(limits).toHaveTextContent('Rooms: Kids room'));
  expect(limits).toHaveTextContent('Set point from 18 °C to 22 °C');
  expect(limits).toHaveTextContent('No boost');
  expect(limits).toHaveTextContent('Until Dec 8, 2026');
});

test('the owner invites a guest limited to one room, bounded set points and no boost', async () => {
  const user = userEvent.setup();
  open();
  await screen.findByRole('list', { name: 'Guests of the home' });
  const form = screen.getByRole('form', { name: 'Invite someone' });
  await user.type(within(form).getByLabelText('Guest e-mail'), 'kid@example.com');
  expect(within(form).getByRole('radio', { name: 'Guest' })).toBeChecked();
  await user.click(within(form).getByRole('checkbox', { name: 'Every room' }));
  await user.click(await within(form).findByRole('checkbox', { name: 'Kids room' }));
  await user.type(within(form).getByLabelText('Lowest'), '18');
  await user.type(within(form).getByLabelText('Highest'), '22');
  await user.click(within(form).getByRole('checkbox', { name: 'May start a boost' }));
  await user.click(within(form).getByText('Invite', { exact: true }));
  await screen.findByText('Invitation sent');
  expect(sent('POST')).toEqual({
    email: 'kid@example.com',
    groupid: 'h1',
    confirmation_url: expect.any(String) as unknown,
    role: 'guest',
    scope: { nodes: [KIDS], minC: 18, maxC: 22, boost: false },
  });
  expect(await screen.findByText('kid@example.com')).toBeVisible();
});

test('a scope that cannot hold is refused in words and nothing is sent', async () => {
  const user = userEvent.setup();
  open();
  await screen.findByRole('list', { name: 'Guests of the home' });
  const form = screen.getByRole('form', { name: 'Invite someone' });
  await user.type(within(form).getByLabelText('Guest e-mail'), 'kid@example.com');
  await user.type(within(form).getByLabelText('Lowest'), '23');
  await user.type(within(form).getByLabelText('Highest'), '19');
  await user.click(within(form).getByText('Invite', { exact: true }));
  expect(
    await screen.findByText('The lowest set point must not be above the highest.'),
  ).toBeVisible();
  await user.clear(within(form).getByLabelText('Lowest'));
  await user.clear(within(form).getByLabelText('Highest'));
  await user.click(within(form).getByRole('checkbox', { name: 'Every room' }));
  await user.click(within(form).getByText('Invite', { exact: true }));
  expect(await screen.findByText('Choose at least one room, or every room.')).toBeVisible();
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

test('the owner changes a resident into a guest with weekly hours, and the list says so', async () => {
  const user = userEvent.setup();
  open();
  await user.click(
    await screen.findByRole('button', { name: 'Change the rights of sam@example.com' }),
  );
  const edit = screen.getByRole('form', { name: 'Change the rights of sam@example.com' });
  await user.click(within(edit).getByRole('radio', { name: 'Guest' }));
  await user.click(within(edit).getByRole('button', { name: 'Add hours' }));
  await user.selectOptions(within(edit).getByLabelText('Day'), 'Tuesday');
  await user.click(within(edit).getByText('Save', { exact: true }));
  await screen.findByText('Rights saved');
  expect(sent('PUT')).toEqual({
    email: 'sam@example.com',
    role: 'guest',
    scope: { weekly: [{ day: 2, from: '08:00', to: '12:00' }] },
  });
  const limits = await screen.findByRole('list', { name: 'Rights of sam@example.com' });
  expect(limits).toHaveTextContent('Hours: Tuesday 08:00–12:00');
});

test('the owner removes a person', async () => {
  const user = userEvent.setup();
  open();
  await user.click(await screen.findByRole('button', { name: 'Remove sam@example.com' }));
  expect(sent('DELETE')).toEqual({ groupid: 'h1', email: 'sam@example.com' });
  await waitFor(() => expect(screen.queryByText('sam@example.com')).not.toBeInTheDocument());
});
