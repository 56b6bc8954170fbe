import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { GATEWAY_REPORT_INTERVAL_MS } from '@hearth/protocol';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { devData, fakeSockets, home, liveNode, mgrNode } from '../../test/fake-devices';
import { renderWithApp } from '../../test/render';
import { signIn } from '../../test/session';
import { useConnectionStore } from '../../lib/socket/connection-store';
import { DashboardPage } from './dashboard-page';

// Issue 25: values not refreshed for longer than the report interval are shown as stale, with
// their age, never as live; the gateway is not called disconnected for it.

const DEV = '0123456789abcdef01';

beforeEach(() => {
  signIn();
  useConnectionStore.setState({ sockets: {}, reachable: true });
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([home('h1', 'Casa', [DEV])]),
    [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () => json({ nodes: [mgrNode('Living room', 1)] }),
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('a gateway whose socket is lost longer than a report interval shows its values stale, with their age', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const sockets = fakeSockets();
  renderWithApp(<DashboardPage />, { connectDevice: sockets.connect });
  const group = await screen.findByRole('region', { name: 'Gateway 1' });
  act(() =>
    sockets.seed(
      DEV,
      devData([liveNode('Living room', 1, { mode: 'manual', mtemp: '19.5', stemp: '21.0' })]),
    ),
  );
  const card = await within(group).findByRole('article', { name: 'Living room' });
  await vi.waitFor(() => expect(card).toHaveAttribute('data-state', 'temperature'));
  const grid = card.parentElement as HTMLElement;
  expect(grid).toHaveAttribute('data-stale', 'false');

  // The server goes away: within a report interval nothing would have changed yet.
  act(() => sockets.device(DEV).onStatus('unreachable'));
  await act(async () => vi.advanceTimersByTimeAsync(GATEWAY_REPORT_INTERVAL_MS - 1_000));
  expect(grid).toHaveAttribute('data-stale', 'false');
  expect(within(group).queryByTestId('data-age')).toBeNull();

  // Past it, the values are marked stale and say how old they are; nothing blames the gateway.
  await act(async () => vi.advanceTimersByTimeAsync(2_000));
  expect(grid).toHaveAttribute('data-stale', 'true');
  expect(within(group).getByTestId('data-age')).toHaveTextContent(/^Updated 3\d seconds ago$/);
  expect(within(group).queryByText('Device disconnected')).toBeNull();
  expect(card).toHaveAttribute('data-state', 'temperature');
  expect(within(card).getByTestId('node-mtemp')).toHaveTextContent('19.5');

  // The age keeps up with time.
  await act(async () => vi.advanceTimersByTimeAsync(3 * 60_000));
  expect(within(group).getByTestId('data-age')).toHaveTextContent('Updated 3 minutes ago');

  // Connected again (with its fresh snapshot): live, no age.
  act(() =>
    sockets.seed(
      DEV,
      devData([liveNode('Living room', 1, { mode: 'manual', mtemp: '20.5', stemp: '21.0' })]),
    ),
  );
  await vi.waitFor(() => expect(grid).toHaveAttribute('data-stale', 'false'));
  expect(within(group).queryByTestId('data-age')).toBeNull();
  await vi.waitFor(() => expect(within(card).getByTestId('node-mtemp')).toHaveTextContent('20.5'));
});

/** Loses the server for longer than a report interval: the device's values are then stale. */
async function loseServer(sockets: ReturnType<typeof fakeSockets>, devId: string) {
  act(() => sockets.device(devId).onStatus('unreachable'));
  await act(async () => vi.advanceTimersByTimeAsync(GATEWAY_REPORT_INTERVAL_MS + 5_000));
}

test('the table view marks a stale gateway rows and says their age in each row', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('innerWidth', 1024);
  localStorage.setItem('nodeView', 'table');
  const names = Array.from({ length: 10 }, (_, i) => `Room ${i + 1}`);
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([home('h1', 'Casa', [DEV])]),
    [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () =>
      json({ nodes: names.map((n, i) => mgrNode(n, i + 1)) }),
  });
  const sockets = fakeSockets();
  try {
    renderWithApp(<DashboardPage />, { connectDevice: sockets.connect });
    await screen.findByTestId('node-table');
    act(() =>
      sockets.seed(
        DEV,
        devData(names.map((n, i) => liveNode(n, i + 1, { mode: 'manual', mtemp: '19.5' }))),
      ),
    );
    const row = (await screen.findByRole('rowheader', { name: 'Room 1' })).closest('tr');
    expect(row).toHaveAttribute('data-stale', 'false');
    expect(screen.queryByTestId('data-age')).toBeNull();

    await loseServer(sockets, DEV);
    const rows = screen.getAllByTestId('node-row');
    expect(rows).toHaveLength(10);
    for (const r of rows) {
      expect(r).toHaveAttribute('data-stale', 'true');
      expect(within(r).getByTestId('data-age')).toHaveTextContent(/^Updated 3\d seconds ago$/);
    }
    // Its last values stay readable, with the age beside them.
    expect(within(rows[0] as HTMLElement).getByText('19.5 °C')).toBeInTheDocument();

    act(() =>
      sockets.seed(
        DEV,
        devData(names.map((n, i) => liveNode(n, i + 1, { mode: 'manual', mtemp: '20.5' }))),
      ),
    );
    await vi.waitFor(() => expect(screen.queryByTestId('data-age')).toBeNull());
    expect(screen.getAllByTestId('node-row')[0]).toHaveAttribute('data-stale', 'false');
  } finally {
    localStorage.removeItem('nodeView');
  }
});

test('a wifi heater (a device of its own, in the wifi heater group) says on its card that its values are stale', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const WIFI = '0123456789abcdef02';
  const casa = home('h1', 'Casa', [DEV, WIFI]);
  const devs = casa.devs.map((d) =>
    d.dev_id === WIFI ? { ...d, name: 'Bathroom heater', product_id: '021D' } : d,
  );
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([{ ...casa, devs }]),
    [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () => json({ nodes: [mgrNode('Living room', 1)] }),
    [`GET /api/v2/devs/${WIFI}/mgr/nodes`]: () => json({ nodes: [mgrNode('Bathroom', 1)] }),
  });
  const sockets = fakeSockets();
  renderWithApp(<DashboardPage />, { connectDevice: sockets.connect });
  const group = await screen.findByRole('region', { name: 'Wi-Fi heaters' });
  act(() => {
    sockets.seed(DEV, devData([liveNode('Living room', 1, { mode: 'manual', mtemp: '19.5' })]));
    sockets.seed(
      WIFI,
      devData([liveNode('Bathroom', 1, { mode: 'manual', mtemp: '22.5', stemp: '21.0' })]),
    );
  });
  const card = await within(group).findByRole('article', { name: 'Bathroom' });
  await vi.waitFor(() => expect(card).toHaveAttribute('data-state', 'temperature'));
  expect(card).not.toHaveAttribute('data-stale');

  // Only the wifi heater's socket is lost: its card alone is stale.
  await loseServer(sockets, WIFI);
  expect(card).toHaveAttribute('data-stale', 'true');
  expect(within(card).getByTestId('data-age')).toHaveTextContent(/^Updated 3\d seconds ago$/);
  expect(within(card).getByTestId('node-mtemp')).toHaveTextContent('22.5');
  const gateway = screen.getByRole('region', { name: 'Gateway 1' });
  expect(within(gateway).queryByTestId('data-age')).toBeNull();

  act(() =>
    sockets.seed(
      WIFI,
      devData([liveNode('Bathroom', 1, { mode: 'manual', mtemp: '22.0', stemp: '21.0' })]),
    ),
  );
  await vi.waitFor(() => expect(card).not.toHaveAttribute('data-stale'));
  expect(within(card).queryByTestId('data-age')).toBeNull();
});
