import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { NodeStatus, SnapshotNode } from '@hearth/protocol';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderWithApp } from '../../test/render';
import { tokenExpiringIn } from '../../test/tokens';
import { devData, fakeSockets, home, liveNode } from '../../test/fake-devices';
import { useSessionStore } from '../../lib/session/session-store';
import { NodeDetailPage } from './node-detail-page';

const DEV = '0123456789abcdef01';
const base: NodeStatus = {
  mode: 'manual',
  stemp: '21.0',
  mtemp: '19.0',
  units: 'C',
  sync_status: 'ok',
};
let posts: RecordedCall[];

function open(
  nodes: SnapshotNode[],
  path = `/homes/h1/devs/${DEV}/htr/1`,
  clock = { y: 2026, n: 11, d: 21, h: 10, m: 0, s: 0, w: 6 },
) {
  posts = [];
  const record = (call: RecordedCall) => {
    posts.push(call);
    return json({});
  };
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([home('h1', 'Casa', [DEV])]),
    [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () =>
      json({
        nodes: nodes.map(({ name, addr, type, installed, lost }) => ({
          name,
          addr,
          type,
          installed,
          lost,
        })),
      }),
    [`GET /api/v2/devs/${DEV}/mgr/rtc/time`]: () => json(clock),
    [`POST /api/v2/devs/${DEV}/htr/1/status`]: record,
    [`POST /api/v2/devs/${DEV}/htr/1/boost`]: record,
    [`POST /api/v2/devs/${DEV}/acm/1/boost`]: record,
  });
  const sockets = fakeSockets();
  renderWithApp(
    <Routes>
      <Route path="/homes/:homeId/devs/:devId/:nodeType/:addr" element={<NodeDetailPage />} />
    </Routes>,
    { path, connectDevice: sockets.connect },
  );
  const seed = (list = nodes) => act(() => sockets.seed(DEV, devData(list)));
  return { sockets, seed };
}

const body = (i: number) => JSON.parse(posts[i]?.body ?? '{}') as Record<string, unknown>;

beforeEach(() => {
  useSessionStore
    .getState()
    .setSession({ token: tokenExpiringIn(3_600_000), refreshToken: 'r', username: 'a@b.c' });
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('node detail', () => {
  test('the set point steps by 0.5, waits 5 s, and stays pending until the device confirms', async () => {
    const { sockets, seed } = open([liveNode('Living room', 1, base)]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    const spin = await screen.findByRole('spinbutton', { name: 'Set temperature' });
    expect(spin).toHaveAttribute('aria-valuenow', '21');

    vi.useFakeTimers();
    fireEvent.keyDown(spin, { key: 'ArrowUp' });
    fireEvent.click(screen.getByRole('button', { name: 'Raise temperature' }));
    expect(spin).toHaveAttribute('aria-valuenow', '22');
    expect(spin).toHaveAttribute('data-pending', 'true');
    await act(() => vi.advanceTimersByTimeAsync(4_999));
    expect(posts).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(body(0)).toEqual({ stemp: '22.0', units: 'C' });
    expect(spin).toHaveAttribute('data-pending', 'true');

    act(() =>
      sockets.device(DEV).onUpdate({ path: '/htr/1/status', body: { ...base, stemp: '22.0' } }),
    );
    await waitFor(() => expect(spin).not.toHaveAttribute('data-pending'));
    expect(spin).toHaveAttribute('aria-valuenow', '22');
  });

  test('at a bound the value stays and the display shakes for 1 s', async () => {
    const { sockets, seed } = open([liveNode('Living room', 1, { ...base, stemp: '30.0' })]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    const spin = await screen.findByRole('spinbutton', { name: 'Set temperature' });
    vi.useFakeTimers();
    fireEvent.keyDown(spin, { key: 'ArrowUp' });
    expect(spin).toHaveAttribute('aria-valuenow', '30');
    expect(spin).toHaveClass('shake');
    act(() => vi.advanceTimersByTime(1_000));
    expect(spin).not.toHaveClass('shake');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(posts).toHaveLength(0);
  });

  test('in auto a change shows the advice toast for 3 s and offers restore auto', async () => {
    const { sockets, seed } = open([liveNode('Living room', 1, { ...base, mode: 'auto' })]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    const spin = await screen.findByRole('spinbutton', { name: 'Set temperature' });
    vi.useFakeTimers();
    fireEvent.keyDown(spin, { key: 'ArrowDown' });
    expect(screen.getByTestId('modified-auto-toast')).toHaveTextContent('Advice');
    const switcher = screen.getByRole('group', { name: 'Mode' });
    expect(within(switcher).getByRole('button', { name: 'Auto' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(switcher).getByRole('button', { name: 'Manual' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.queryByTestId('modified-auto-toast')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Restore auto' }));
    vi.useRealTimers();
    await waitFor(() =>
      expect(posts.map((p) => JSON.parse(p.body ?? '{}'))).toContainEqual({ mode: 'auto' }),
    );
  });

  test('mode switch: the active mode does nothing, another mode is sent, off records the last on mode', async () => {
    const { sockets, seed } = open([liveNode('Living room', 1, base)]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    const switcher = await screen.findByRole('group', { name: 'Mode' });
    expect(within(switcher).queryByRole('button', { name: 'Boost' })).not.toBeInTheDocument();
    fireEvent.click(within(switcher).getByRole('button', { name: 'Manual' }));
    fireEvent.click(within(switcher).getByRole('button', { name: 'Off' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(body(0)).toEqual({ mode: 'off' });
    expect(JSON.parse(localStorage.getItem('hearth.lastOnMode') ?? '{}')).toEqual({
      [`${DEV}:htr:1`]: 'manual',
    });
    act(() =>
      sockets.device(DEV).onUpdate({ path: '/htr/1/status', body: { ...base, mode: 'off' } }),
    );
    await waitFor(() =>
      expect(screen.getByRole('spinbutton', { name: 'Set temperature' })).toHaveAttribute(
        'aria-valuetext',
        '--',
      ),
    );
  });

  test('boost: dialog in hours, sent in minutes; remaining time from the device clock; cancel', async () => {
    const setup = { extra_options: { boost_temp: '24.0', boost_time: 60 } };
    const { sockets, seed } = open([liveNode('Living room', 1, base, { setup })]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    fireEvent.click(await screen.findByRole('button', { name: 'Boost' }));
    const dialog = screen.getByRole('dialog', { name: 'Boost' });
    const time = within(dialog).getByRole('spinbutton', { name: 'Duration in hours' });
    expect(time).toHaveAttribute('aria-valuenow', '1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'More time' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(body(0)).toEqual({ active: true, temperature: '24.0', units: 'C', time: 120 });

    act(() =>
      sockets.device(DEV).onUpdate({
        path: '/htr/1/status',
        body: {
          ...base,
          mode: 'boost',
          boost: true,
          boost_end_day: 6,
          boost_end_min: 11 * 60 + 30,
        },
      }),
    );
    expect(await screen.findByText('Time left 01:30')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Boost' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stop boost' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(body(1)).toEqual({ active: false });
  });

  test('a storage heater shows when its boost ends', async () => {
    const acm = {
      ...liveNode('Hall', 1, {
        ...base,
        mode: 'boost',
        boost: true,
        boost_end_day: 0,
        boost_end_min: 60,
      }),
      type: 'acm' as const,
    };
    const { sockets, seed } = open([acm], `/homes/h1/devs/${DEV}/acm/1`);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    expect(await screen.findByText('Ends on 22/11/2026 at 01:00')).toBeInTheDocument();
  });

  test('header: long names are cut at 22 characters; unknown nodes say so', async () => {
    const { sockets, seed } = open([
      liveNode('A very long heater name here', 1, base),
      liveNode('Kitchen', 2, base),
    ]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    expect(await screen.findByTestId('node-name')).toHaveTextContent('A very long heater nam…');
    expect(screen.getByRole('navigation', { name: 'Heaters of the home' })).toBeInTheDocument();
  });

  test('an unknown node reads "Node not found"', async () => {
    const { sockets, seed } = open(
      [liveNode('Living room', 1, base)],
      `/homes/h1/devs/${DEV}/htr/9`,
    );
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    expect(await screen.findByTestId('node-missing')).toHaveTextContent('Node not found');
  });
});
