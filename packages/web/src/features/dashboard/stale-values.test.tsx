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
