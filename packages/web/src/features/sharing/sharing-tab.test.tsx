import { beforeEach, expect, test } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GuestScope } from '@hearth/protocol';
import { home, mgrNode } from '../../test/fake-devices';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { countToasts, errorBody } from '../../test/toast-count';
import { useErrorToastStore } from '../../lib/http';
import type { Member } from './api/sharing-api';
import { SharingTab } from './sharing-tab';

const DEV = '0123456789abcdef01';
const KIDS = { devId: DEV, type: 'htr', addr: 1 };
let members: Member[];
let calls: RecordedCall[];
/** How the people's read is answered: 200, or a failure with the server's code. */
let membersAnswer: { status: number; code?: string };
/** The brand's frontend host (spec 1 §7 appParameters); none: the brand file is absent. */
let brandHost: string | undefined;

beforeEach(() => {
  signIn();
  membersAnswer = { status: 200 };
  brandHost = undefined;
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
    'GET /client-data/15/appParameters.json': () =>
      brandHost === undefined
        ? json({ message: 'none' }, 404)
        : json({ title: 'Brand', frontendHost: brandHost, maxOutdoorRange: 1000 }),
    'GET /api/v2/groups/h1/members': () =>
      membersAnswer.status === 200
        ? json({ members })
        : json(errorBody(membersAnswer.status, membersAnswer.code), membersAnswer.status),
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

test('the e-mail is checked before anything is sent', async () => {
  const user = userEvent.setup();
  open();
  await screen.findByRole('list', { name: 'Guests of the home' });
  const form = screen.getByRole('form', { name: 'Invite someone' });
  await user.click(within(form).getByText('Invite', { exact: true }));
  expect(
    await within(form).findByText('You must complete the following fields: Guest e-mail'),
  ).toBeVisible();
  // Typing again clears the message.
  await user.type(within(form).getByLabelText('Guest e-mail'), 'nobody');
  expect(
    within(form).queryByText('You must complete the following fields: Guest e-mail'),
  ).toBeNull();
  await user.click(within(form).getByText('Invite', { exact: true }));
  expect(await within(form).findByText('Invalid email')).toBeVisible();
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

test("the invitation's link opens at the brand's frontend host (spec 1 §7)", async () => {
  const user = userEvent.setup();
  brandHost = 'https://app.brand.example';
  open();
  await screen.findByRole('list', { name: 'Guests of the home' });
  const form = screen.getByRole('form', { name: 'Invite someone' });
  await user.type(within(form).getByLabelText('Guest e-mail'), 'cy@example.com');
  // The brand's client data (read file by file) arrives before the invitation is sent.
  await waitFor(() => expect(calls.some((c) => c.url.endsWith('/nodeParameters.json'))).toBe(true));
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  await user.click(within(form).getByText('Invite', { exact: true }));
  await screen.findByText('Invitation sent');
  expect(sent('POST').confirmation_url).toBe('https://app.brand.example');
});

test.each([
  [400, 'validation_failed'],
  [409, 'internal_error'],
  [404, 'not_found'],
])(
  "people that fail to load (%i %s) are the dataUpdate error, told once: the server's code says who tells it",
  async (status, code) => {
    useErrorToastStore.getState().dismiss();
    membersAnswer = { status, code };
    const told = countToasts();
    open();
    const failed = await screen.findByTestId('sharing-load-failed', {}, { timeout: 5_000 });
    expect(failed).toHaveTextContent('The people of this home could not be loaded.');
    expect(useErrorToastStore.getState().kind).toBe('dataUpdate');
    // Each failed read is told once, by the HTTP layer or by the list, never by both.
    const reads = calls.filter((c) => c.url.endsWith('/members')).length;
    expect(told()).toBe(reads);
  },
);

test.each([400, 409, 500])(
  'people that fail to load (%i) are said so with Retry, never an empty list (spec 2 §8, ruling D13)',
  async (status) => {
    useErrorToastStore.getState().dismiss();
    membersAnswer = { status };
    open();
    await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('dataUpdate'));
    // A 5xx read is asked again twice (1 s, then 2 s later) before it fails.
    const failed = await screen.findByTestId('sharing-load-failed', {}, { timeout: 5_000 });
    expect(failed).toHaveAttribute('role', 'alert');
    expect(screen.queryByText('sam@example.com')).toBeNull();
    expect(screen.queryByText('This home is not shared with anyone yet.')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Guests of the home' })).toBeNull();
    // Retry reads the people again and shows them in place of the message.
    membersAnswer = { status: 200 };
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await screen.findByText('sam@example.com');
    expect(screen.queryByTestId('sharing-load-failed')).toBeNull();
    expect(calls.filter((c) => c.url.endsWith('/members')).length).toBeGreaterThan(1);
  },
);
