import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderWithApp } from '../../test/render';
import { tokenExpiringIn } from '../../test/tokens';
import { devData, fakeSockets, home, liveNode, mgrNode } from '../../test/fake-devices';
import { useSessionStore } from '../../lib/session/session-store';
import type { MyAccess } from '../../lib/sharing';
import { DashboardPage } from './dashboard-page';
import { useSelectionStore } from './model/selection-store';

// docs/sharing.md: the table view offers a guest what the cards and the node detail do, the
// rooms of the scope with set points within its bounds, and nothing a guest may not write.

const DEV = '0123456789abcdef01';
const status = {
  mode: 'manual' as const,
  stemp: '20.0',
  mtemp: '19.0',
  comf_temp: '21.0',
  eco_temp: '17.0',
  ice_temp: '7.0',
  units: 'C' as const,
  sync_status: 'ok' as const,
};
// Eleven rooms: the guest is given the first ten, enough for the table to be offered.
const names = Array.from({ length: 11 }, (_, i) => `Room ${i + 1}`);
const guest: MyAccess = {
  role: 'guest',
  scope: {
    nodes: names.slice(0, 10).map((_, i) => ({ devId: DEV, type: 'htr', addr: i + 1 })),
    minC: 18,
    maxC: 22,
    modes: ['manual'],
    boost: false,
  },
  active: true,
  problem: null,
  time_zone: 'Europe/Madrid',
};
const resident: MyAccess = { ...guest, role: 'resident', scope: {} };

let posts: RecordedCall[];

function openTable(access: MyAccess) {
  posts = [];
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([home('h1', 'Casa', [DEV], false)]),
    'GET /api/v2/groups/h1/my_access': () => json(access),
    [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () =>
      json({ nodes: names.map((n, i) => mgrNode(n, i + 1)) }),
    'GET /api/notifications/v1/h1/presence/config': () => json({ enabled: true }),
    [`POST /api/v2/devs/${DEV}/htr/1/status`]: (call) => {
      posts.push(call);
      return json({});
    },
  });
  const sockets = fakeSockets();
  const page = renderWithApp(<DashboardPage />, { connectDevice: sockets.connect });
  const seed = () =>
    act(() => sockets.seed(DEV, devData(names.map((n, i) => liveNode(n, i + 1, status)))));
  return { page, seed };
}

async function tableAs(access: MyAccess, rooms: number) {
  const opened = openTable(access);
  await screen.findByRole('article', { name: 'Room 1' });
  opened.seed();
  await userEvent.click(await screen.findByRole('button', { name: 'Table view' }));
  const table = await screen.findByRole('table');
  // Until the rights are read nothing is hidden (the server checks every write anyway).
  await waitFor(() => expect(within(table).getAllByTestId('node-row')).toHaveLength(rooms));
  await waitFor(() =>
    expect(screen.getByRole('spinbutton', { name: 'Set temp. Room 1' })).toHaveValue(20),
  );
  return { ...opened, table };
}

beforeEach(() => {
  useSessionStore
    .getState()
    .setSession({ token: tokenExpiringIn(3_600_000), refreshToken: 'r', username: 'g@b.c' });
  useSelectionStore.setState({ byHome: {} });
  localStorage.clear();
  vi.stubGlobal('innerWidth', 1280);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

test("a guest's table lists only the rooms of the scope", async () => {
  const { table } = await tableAs(guest, 10);
  const rows = within(table).getAllByTestId('node-row');
  expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(names.slice(0, 10));
  expect(within(table).queryByText('Room 11')).not.toBeInTheDocument();
});

test("a guest's set point is bounded to the scope, and a value above it is sent at its top", async () => {
  const { page } = await tableAs(guest, 10);
  const input = screen.getByRole('spinbutton', { name: 'Set temp. Room 1' });
  expect(input).toHaveAttribute('min', '18');
  expect(input).toHaveAttribute('max', '22');
  fireEvent.change(input, { target: { value: '27' } });
  // Leaving the view sends the edit still waiting (spec 3 §4).
  page.unmount();
  await waitFor(() => expect(posts).toHaveLength(1));
  expect(JSON.parse(posts[0]?.body ?? '{}')).toEqual({ stemp: '22.0', units: 'C' });
});

test('a guest reads the comfort, eco and anti-frost temperatures but is offered no field for them', async () => {
  const { table } = await tableAs(guest, 10);
  for (const label of ['Comfort', 'Eco', 'Anti-frost'])
    expect(
      within(table).queryByRole('spinbutton', { name: `${label} Room 1` }),
    ).not.toBeInTheDocument();
  const row = within(table).getAllByTestId('node-row')[0] as HTMLElement;
  const cells = within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
  expect(cells).toEqual(expect.arrayContaining(['21.0 °C', '17.0 °C', '7.0 °C']));
  // The set point is the only field of a row.
  expect(within(row).getAllByRole('spinbutton')).toHaveLength(1);
});

test("a resident keeps every room, the node's own limits and the comfort, eco and anti-frost fields", async () => {
  const { table } = await tableAs(resident, 11);
  expect(within(table).getAllByTestId('node-row')).toHaveLength(11);
  const input = screen.getByRole('spinbutton', { name: 'Set temp. Room 1' });
  expect(input).toHaveAttribute('min', '5');
  expect(input).toHaveAttribute('max', '30');
  for (const label of ['Comfort', 'Eco', 'Anti-frost'])
    expect(within(table).getByRole('spinbutton', { name: `${label} Room 1` })).toBeEnabled();
});

test('a guest is offered no selection of rooms: the multi-room screen writes what a guest may not', async () => {
  openTable(guest);
  await screen.findByRole('article', { name: 'Room 1' });
  // The rights are read: the room outside the scope is gone.
  await waitFor(() =>
    expect(screen.queryByRole('article', { name: 'Room 11' })).not.toBeInTheDocument(),
  );
  expect(screen.queryByRole('button', { name: 'Select all' })).not.toBeInTheDocument();
  expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
});

test('a resident may select rooms', async () => {
  openTable(resident);
  expect(await screen.findByRole('button', { name: 'Select all' })).toBeVisible();
  expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(1);
});
