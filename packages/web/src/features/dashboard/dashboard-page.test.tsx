import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DevData, GroupedHome, SnapshotNode } from '@hearth/protocol';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderWithApp } from '../../test/render';
import { tokenExpiringIn } from '../../test/tokens';
import { useSessionStore } from '../../lib/session/session-store';
import { useErrorToastStore } from '../../lib/http';
import type { DeviceConnection, DeviceSocketOptions } from '../../lib/socket/device-socket';
import { DashboardPage } from './dashboard-page';

const DEV_A = '0123456789abcdef01';
const DEV_B = '0123456789abcdef02';

const homes: GroupedHome[] = [
  {
    id: 'h1',
    name: 'Casa Pins',
    owner: true,
    devs: [
      { dev_id: DEV_A, name: 'Ground floor', product_id: '0104', fw_version: '1', serial_id: '15' },
    ],
  },
  {
    id: 'h2',
    name: 'Flat',
    owner: false,
    devs: [{ dev_id: DEV_B, name: 'Box', product_id: '0104', fw_version: '1', serial_id: '15' }],
  },
];

const mgr = (name: string, addr: number) => ({
  name,
  addr,
  type: 'htr' as const,
  installed: true,
  lost: false,
});

function snapshotNode(name: string, addr: number, mtemp: string): SnapshotNode {
  return { ...mgr(name, addr), status: { mode: 'manual', mtemp, stemp: '21.0', units: 'C' } };
}

function snapshot(nodes: SnapshotNode[], connected = true): DevData {
  return {
    connected,
    away_status: { enabled: false, away: false, forced: false },
    geo_data: {},
    discovery: { discovery: 'off' },
    htr_system: { setup: { power_limit: '0' } },
    pmo_system: { main_circuit_pmos: [], max_power_config: { profiles: [], slots: [] } },
    nodes,
  };
}

/** Stands in for the socket.io connection: the test plays the server's side. */
function fakeSockets() {
  const open = new Map<string, DeviceSocketOptions>();
  const connect = (options: DeviceSocketOptions): DeviceConnection => {
    open.set(options.devId, options);
    options.onStatus('connecting');
    return { close: () => open.delete(options.devId), resume: () => undefined };
  };
  const device = (devId: string) => {
    const options = open.get(devId);
    if (!options) throw new Error(`no socket for ${devId}`);
    return options;
  };
  return { connect, open, device };
}

beforeEach(() => {
  useSessionStore.getState().setSession({
    token: tokenExpiringIn(3_600_000),
    refreshToken: 'r',
    username: 'ana@example.com',
  });
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    [`GET /api/v2/devs/${DEV_A}/mgr/nodes`]: () =>
      json({ nodes: [mgr('Living room', 1), mgr('Bedroom', 2)] }),
    [`GET /api/v2/devs/${DEV_B}/mgr/nodes`]: () => json({ nodes: [mgr('Studio', 1)] }),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('dashboard', () => {
  test('lists homes, the guest label, devices and their nodes', async () => {
    const sockets = fakeSockets();
    renderWithApp(<DashboardPage />, { connectDevice: sockets.connect });

    expect(await screen.findByRole('heading', { name: 'Casa Pins' })).toBeInTheDocument();
    // The carousel lists every home; the guest home carries the guest label.
    const picker = screen.getByRole('navigation', { name: 'Home' });
    expect(within(picker).getByRole('button', { name: 'Casa Pins' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(within(picker).getByRole('button', { name: 'Flat (guest)' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Living room' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Studio' })).not.toBeInTheDocument();

    await userEvent.click(within(picker).getByRole('button', { name: 'Flat (guest)' }));
    expect(await screen.findByRole('heading', { name: 'Flat (guest)' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Studio' })).toBeInTheDocument();
    // Power monitors belong to their own tab, not to the heater grid.
    expect(screen.queryByRole('article', { name: 'Meter' })).not.toBeInTheDocument();
    expect([...sockets.open.keys()].sort()).toEqual([DEV_A, DEV_B]);
  });

  test('with no homes, the hint offers adding one', async () => {
    installFakeFetch({ 'GET /api/v2/grouped_devs': () => json([]) });
    renderWithApp(<DashboardPage />, { connectDevice: fakeSockets().connect });
    expect(await screen.findByText('You have no homes yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a home' })).toHaveAttribute(
      'href',
      '/list/addHome/homeData',
    );
  });

  test('shows measured temperatures from dev_data and follows update events', async () => {
    const sockets = fakeSockets();
    renderWithApp(<DashboardPage />, { connectDevice: sockets.connect });
    const living = await screen.findByRole('article', { name: 'Living room' });

    act(() => {
      sockets.device(DEV_A).onStatus('connected');
      sockets
        .device(DEV_A)
        .onDevData(
          snapshot([snapshotNode('Living room', 1, '19.5'), snapshotNode('Bedroom', 2, '17.0')]),
        );
    });
    // TanStack Query notifies observers on the next tick, so wait for the screen to follow.
    await waitFor(() =>
      expect(within(living).getByTestId('node-mtemp')).toHaveTextContent('19.5 °C'),
    );
    expect(within(living).getByTestId('node-stemp')).toHaveTextContent('21.0 °C');

    act(() => {
      sockets.device(DEV_A).onUpdate({
        path: '/htr/1/status',
        body: { mode: 'manual', mtemp: '20.3', stemp: '21.0', units: 'C' },
      });
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Living room' })).getByTestId('node-mtemp'),
      ).toHaveTextContent('20.3 °C'),
    );
    expect(
      within(screen.getByRole('article', { name: 'Bedroom' })).getByTestId('node-mtemp'),
    ).toHaveTextContent('17.0 °C');
  });

  test('a renamed node list from the socket replaces the names', async () => {
    const sockets = fakeSockets();
    renderWithApp(<DashboardPage />, { connectDevice: sockets.connect });
    await screen.findByRole('article', { name: 'Living room' });
    act(() => {
      sockets.device(DEV_A).onDevData(snapshot([snapshotNode('Living room', 1, '19.5')]));
      sockets.device(DEV_A).onUpdate({ path: '/mgr/nodes', body: { nodes: [mgr('Lounge', 1)] } });
    });
    const lounge = await screen.findByRole('article', { name: 'Lounge' });
    expect(within(lounge).getByTestId('node-mtemp')).toHaveTextContent('19.5 °C');
    expect(screen.queryByRole('article', { name: 'Living room' })).not.toBeInTheDocument();
  });

  test('a disconnected device says so', async () => {
    const sockets = fakeSockets();
    renderWithApp(<DashboardPage />, { connectDevice: sockets.connect });
    const group = await screen.findByRole('region', { name: 'Ground floor' });
    act(() => sockets.device(DEV_A).onDevData(snapshot([snapshotNode('Living room', 1, '19.5')])));
    expect(within(group).queryByText('Device disconnected')).not.toBeInTheDocument();

    await waitFor(() => expect(within(group).queryByText('Connecting…')).not.toBeInTheDocument());

    act(() => sockets.device(DEV_A).onUpdate({ path: '/connected', body: { connected: false } }));
    expect(await within(group).findByText('Device disconnected')).toBeInTheDocument();

    act(() => sockets.device(DEV_A).onUpdate({ path: '/connected', body: { connected: true } }));
    await waitFor(() =>
      expect(within(group).queryByText('Device disconnected')).not.toBeInTheDocument(),
    );
    act(() => sockets.device(DEV_A).onUpdate({ path: '/connected', body: { connected: false } }));
    expect(await within(group).findByText('Device disconnected')).toBeInTheDocument();
    // The home header says so too, instead of its clock.
    expect(screen.getByTestId('home-disconnected')).toHaveTextContent('Device disconnected');
  });

  test('a server not reached is not blamed on the gateway (issue 25)', async () => {
    const sockets = fakeSockets();
    renderWithApp(<DashboardPage />, { connectDevice: sockets.connect });
    const group = await screen.findByRole('region', { name: 'Ground floor' });
    act(() => sockets.device(DEV_A).onStatus('connected'));
    act(() => sockets.device(DEV_A).onDevData(snapshot([snapshotNode('Living room', 1, '19.5')])));
    const card = within(group).getByRole('article', { name: 'Living room' });
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'temperature'));
    act(() => sockets.device(DEV_A).onStatus('unreachable'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(card).toHaveAttribute('data-state', 'temperature');
    expect(within(group).queryByText('Device disconnected')).not.toBeInTheDocument();
    expect(screen.queryByTestId('home-disconnected')).not.toBeInTheDocument();
  });

  test('sockets close when the dashboard goes away', async () => {
    const sockets = fakeSockets();
    const { unmount } = renderWithApp(<DashboardPage />, { connectDevice: sockets.connect });
    await screen.findByRole('article', { name: 'Living room' });
    unmount();
    expect(sockets.open.size).toBe(0);
  });

  test('a failed quiet-home notifications read is ignored: no flag, no error (spec 3 §7)', async () => {
    useErrorToastStore.getState().dismiss();
    const { calls } = installFakeFetch({
      'GET /api/v2/grouped_devs': () => json(homes),
      [`GET /api/v2/devs/${DEV_A}/mgr/nodes`]: () => json({ nodes: [mgr('Living room', 1)] }),
      'GET /api/notifications/v1/h1/presence/config': () =>
        json({ statusCode: 502, error: 'bad_gateway', message: 'x' }, 502),
    });
    renderWithApp(<DashboardPage />, { connectDevice: fakeSockets().connect });
    expect(await screen.findByRole('article', { name: 'Living room' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => c.url.endsWith('/h1/presence/config'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('home-quiet')).toBeNull();
    expect(useErrorToastStore.getState().kind).toBeNull();
  });
});
