import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tokenExpiringIn } from '../../test/tokens';
import type { SnapshotNode } from '@hearth/protocol';
import { liveNode } from '../../test/fake-devices';
import { useSessionStore } from '../../lib/session/session-store';
import { useErrorToastStore } from '../../lib/http';
import { countToasts } from '../../test/toast-count';
import { DEV, answerWritesWith, base, body, open, posts } from './test-harness';

beforeEach(() => {
  useSessionStore
    .getState()
    .setSession({ token: tokenExpiringIn(3_600_000), refreshToken: 'r', username: 'a@b.c' });
  localStorage.clear();
  useErrorToastStore.getState().dismiss();
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

  test('the measured temperature reads with one decimal and its unit; none reads a dash', async () => {
    const { sockets, seed } = open([
      liveNode('Living room', 1, { ...base, mtemp: '19' }),
      liveNode('Study', 2, { ...base, mtemp: undefined }),
    ]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    expect(await screen.findByTestId('detail-mtemp')).toHaveTextContent(/^19\.0 °C$/);
    fireEvent.click(screen.getByRole('button', { name: 'Study' }));
    await waitFor(() => expect(screen.getByTestId('detail-mtemp')).toHaveTextContent(/^–$/));
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
    // Spec 3 §2 toolbar: without a schedule capability (no programme, no setup), no schedule.
    expect(screen.queryByRole('link', { name: 'Schedule' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Records' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toBeInTheDocument();
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

  test('a timer: on/off switch, no measured temperature, its schedule; a flip is sent on leaving', async () => {
    const timer = liveNode('Towel rail', 1, base, {
      setup: { extra_options: { sensor_mode: 3 } } as SnapshotNode['setup'],
    });
    const { sockets, seed, view } = open([timer]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    const toggle = await screen.findByRole('switch', { name: 'Timer on' });
    expect(screen.getByTestId('timer-state')).toHaveTextContent('ON');
    expect(screen.queryByTestId('detail-mtemp')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Schedule' })).toHaveAttribute(
      'href',
      `/homes/h1/devs/${DEV}/htr/1/schedule`,
    );
    vi.useFakeTimers();
    fireEvent.click(toggle);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(posts).toHaveLength(0);
    // Leaving before the 1 s debounce ends still sends the flip (spec 3 §4).
    view.unmount();
    vi.useRealTimers();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(body(0)).toMatchObject({ mode: 'off' });
  });

  test('a timer flip is sent 1 s after it; the switch works in manual only (spec 3 §2, §9)', async () => {
    const timerSetup = { setup: { extra_options: { sensor_mode: 3 } } as SnapshotNode['setup'] };
    const { sockets, seed } = open([
      liveNode('Towel rail', 1, base, timerSetup),
      liveNode('Boiler', 2, { ...base, mode: 'auto' }, timerSetup),
    ]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    const toggle = await screen.findByRole('switch', { name: 'Timer on' });
    // Spec 3 §4: no boost button while a timer is active.
    expect(screen.queryByRole('button', { name: 'Boost' })).toBeNull();
    vi.useFakeTimers();
    fireEvent.click(toggle);
    expect(screen.getByTestId('timer-state')).toHaveTextContent('OFF');
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(posts).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(body(0)).toEqual({ mode: 'off' });
    // Off, the switch still works and turns the timer back on, in manual (spec 3 §2).
    act(() =>
      sockets.device(DEV).onUpdate({ path: '/htr/1/status', body: { ...base, mode: 'off' } }),
    );
    await waitFor(() => expect(screen.getByTestId('timer-state')).toHaveTextContent('OFF'));
    fireEvent.click(screen.getByRole('switch', { name: 'Timer on' }));
    expect(screen.getByTestId('timer-state')).toHaveTextContent('ON');
    await waitFor(() => expect(posts).toHaveLength(2), { timeout: 3_000 });
    expect(body(1)).toEqual({ mode: 'manual' });

    fireEvent.click(screen.getByRole('button', { name: 'Boiler' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Timer on' })).toBeDisabled());
  });

  test('a refused set point (400) is told as a user-request error and the device value shows again', async () => {
    const { sockets, seed } = open([liveNode('Living room', 1, base)]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    answerWritesWith(400);
    const spin = await screen.findByRole('spinbutton', { name: 'Set temperature' });
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Raise temperature' }));
    expect(spin).toHaveAttribute('aria-valuenow', '21.5');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    vi.useRealTimers();
    await waitFor(() => expect(posts).toHaveLength(1));
    // Spec 3 §8: 400 is left to the caller; a failed write is a user-request error.
    await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
    await waitFor(() => expect(spin).not.toHaveAttribute('data-pending'));
    expect(spin).toHaveAttribute('aria-valuenow', '21');
  });

  test('a refused set point in auto does not leave auto shown as modified', async () => {
    const { sockets, seed } = open([liveNode('Living room', 1, { ...base, mode: 'auto' })]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    answerWritesWith(400);
    const spin = await screen.findByRole('spinbutton', { name: 'Set temperature' });
    vi.useFakeTimers();
    fireEvent.keyDown(spin, { key: 'ArrowDown' });
    expect(screen.getByRole('button', { name: 'Restore auto' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    vi.useRealTimers();
    await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Restore auto' })).not.toBeInTheDocument(),
    );
    const switcher = screen.getByRole('group', { name: 'Mode' });
    expect(within(switcher).getByRole('button', { name: 'Manual' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(spin).toHaveAttribute('aria-valuenow', '21');
  });

  test('a refused mode (400) is told and the mode of the device stays shown', async () => {
    const { sockets, seed } = open([liveNode('Living room', 1, base)]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    answerWritesWith(400);
    const switcher = await screen.findByRole('group', { name: 'Mode' });
    fireEvent.click(within(switcher).getByRole('button', { name: 'Off' }));
    await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
    await waitFor(() =>
      expect(within(switcher).getByRole('button', { name: 'Manual' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(within(switcher).getByRole('button', { name: 'Off' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  test.each([
    [400, 'validation_failed'],
    [409, 'device_conflict'],
    [409, 'internal_error'],
    [502, 'bad_gateway'],
  ])(
    "a mode change answered %i %s is the user-request error, told once: the server's code says who tells it",
    async (status, code) => {
      const { sockets, seed } = open([liveNode('Living room', 1, base)]);
      await waitFor(() => expect(sockets.open.size).toBe(1));
      seed();
      answerWritesWith(status, code);
      const switcher = await screen.findByRole('group', { name: 'Mode' });
      const told = countToasts();
      fireEvent.click(within(switcher).getByRole('button', { name: 'Off' }));
      await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
      expect(told()).toBe(1);
    },
  );

  test('a refused boost (400) is told as a user-request error', async () => {
    const setup = { extra_options: { boost_temp: '24.0', boost_time: 60 } };
    const { sockets, seed } = open([liveNode('Living room', 1, base, { setup })]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    answerWritesWith(400);
    fireEvent.click(await screen.findByRole('button', { name: 'Boost' }));
    const dialog = screen.getByRole('dialog', { name: 'Boost' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
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

  test('a power monitor or an uninstalled node is not found either, not an empty screen', async () => {
    const meter: SnapshotNode = { ...liveNode('Meter', 2, base), type: 'pmo' };
    const spare = liveNode('Spare', 3, base, { installed: false });
    const first = open(
      [liveNode('Living room', 1, base), meter, spare],
      `/homes/h1/devs/${DEV}/pmo/2`,
    );
    await waitFor(() => expect(first.sockets.open.size).toBe(1));
    first.seed();
    expect(await screen.findByTestId('node-missing')).toHaveTextContent('Node not found');
    first.view.unmount();
    const second = open(
      [liveNode('Living room', 1, base), meter, spare],
      `/homes/h1/devs/${DEV}/htr/3`,
    );
    await waitFor(() => expect(second.sockets.open.size).toBe(1));
    second.seed();
    expect(await screen.findByTestId('node-missing')).toHaveTextContent('Node not found');
  });
});
