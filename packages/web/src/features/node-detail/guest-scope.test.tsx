import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { NodeStatus, SnapshotNode } from '@hearth/protocol';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderWithApp } from '../../test/render';
import { devData, fakeSockets, home, liveNode } from '../../test/fake-devices';
import { tokenExpiringIn } from '../../test/tokens';
import { useErrorToastStore } from '../../lib/http';
import { useSessionStore } from '../../lib/session/session-store';
import type { MyAccess } from '../../lib/sharing';
import { NodeDetailPage } from './node-detail-page';

const DEV = '0123456789abcdef01';
const status: NodeStatus = {
  mode: 'manual',
  stemp: '20.0',
  mtemp: '19.0',
  units: 'C',
  sync_status: 'ok',
};
const setup = { extra_options: { boost_temp: '24.0', boost_time: 60 } };
const nodes: SnapshotNode[] = [
  liveNode('Kids room', 1, status, { setup }),
  liveNode('Study', 2, status, { setup }),
];
const scoped: MyAccess = {
  role: 'guest',
  scope: {
    nodes: [{ devId: DEV, type: 'htr', addr: 1 }],
    minC: 18,
    maxC: 22,
    modes: ['auto', 'manual'],
    boost: false,
  },
  active: true,
  problem: null,
  time_zone: 'Europe/Madrid',
};

let access: () => Response;
let writes: RecordedCall[];

beforeEach(() => {
  useSessionStore
    .getState()
    .setSession({ token: tokenExpiringIn(3_600_000), refreshToken: 'r', username: 'g@b.c' });
  access = () => json(scoped);
  writes = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  useErrorToastStore.getState().dismiss();
});

async function openAsGuest(addr: number, writeAnswer = () => json({}), listed = nodes) {
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([home('h1', 'Casa', [DEV], false)]),
    'GET /api/v2/groups/h1/my_access': () => access(),
    [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () =>
      json({
        nodes: listed.map(({ name, addr: a, type }) => ({ name, addr: a, type, installed: true })),
      }),
    [`GET /api/v2/devs/${DEV}/mgr/rtc/time`]: () =>
      json({ y: 2026, n: 11, d: 21, h: 10, m: 0, s: 0, w: 6 }),
    [`POST /api/v2/devs/${DEV}/htr/1/status`]: (call) => {
      writes.push(call);
      return writeAnswer();
    },
  });
  const sockets = fakeSockets();
  renderWithApp(
    <Routes>
      <Route path="/homes/:homeId/devs/:devId/:nodeType/:addr" element={<NodeDetailPage />} />
    </Routes>,
    { path: `/homes/h1/devs/${DEV}/htr/${addr}`, connectDevice: sockets.connect },
  );
  await waitFor(() => expect(sockets.open.size).toBe(1));
  act(() => sockets.seed(DEV, devData(listed)));
}

test("a guest's room offers set points within the scope's bounds, the allowed modes and no boost", async () => {
  await openAsGuest(1);
  const setPoint = await screen.findByRole('spinbutton', { name: 'Set temperature' });
  await waitFor(() => expect(setPoint).toHaveAttribute('aria-valuemax', '22'));
  expect(setPoint).toHaveAttribute('aria-valuemin', '18');
  const modes = screen.getByRole('group', { name: 'Mode' });
  expect(within(modes).queryByRole('button', { name: 'Off' })).not.toBeInTheDocument();
  expect(within(modes).getByRole('button', { name: 'Manual' })).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Boost' })).not.toBeInTheDocument();
  // A guest may not write weekly programmes: the schedule is not offered; records are.
  expect(screen.queryByRole('link', { name: 'Schedule' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Records' })).toBeVisible();
});

test('a resident of the home is offered the schedule', async () => {
  access = () => json({ ...scoped, role: 'resident', scope: {} });
  await openAsGuest(1);
  expect(await screen.findByRole('link', { name: 'Schedule' })).toBeVisible();
});

test.each([
  ['listed', nodes],
  ['left out of the node list by the server', nodes.slice(0, 1)],
])('a room outside the scope (%s) is not shown to the guest: it says why', async (_, listed) => {
  await openAsGuest(2, undefined, listed);
  expect(await screen.findByTestId('node-missing')).toHaveTextContent(
    'This room is not shared with you.',
  );
  expect(screen.queryByRole('spinbutton', { name: 'Set temperature' })).not.toBeInTheDocument();
});

test('outside the validity window the detail says why instead of offering controls', async () => {
  access = () =>
    json(
      {
        message: 'Your access to this home has ended (expired)',
        statusCode: 403,
        error: 'outside_scope',
      },
      403,
    );
  await openAsGuest(1);
  expect(await screen.findByTestId('node-missing')).toHaveTextContent(
    'Your access to this home has ended.',
  );
});

test("the server's outside_scope refusal is told with its reason", async () => {
  await openAsGuest(1, () =>
    json(
      {
        message: 'The set point is above the highest you may set (above_max)',
        statusCode: 403,
        error: 'outside_scope',
      },
      403,
    ),
  );
  const setPoint = await screen.findByRole('spinbutton', { name: 'Set temperature' });
  await waitFor(() => expect(setPoint).toHaveAttribute('aria-valuemax', '22'));
  fireEvent.click(screen.getByRole('button', { name: 'Auto' }));
  await waitFor(() => expect(writes.length).toBeGreaterThan(0));
  await waitFor(() =>
    expect(useErrorToastStore.getState().message).toBe('sharing.problems.above_max'),
  );
});
