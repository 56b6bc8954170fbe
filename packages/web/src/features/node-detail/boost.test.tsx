import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenExpiringIn } from '../../test/tokens';
import { liveNode } from '../../test/fake-devices';
import { useSessionStore } from '../../lib/session/session-store';
import { changeLanguage } from '../../lib/i18n';
import { DEV, base, body, open, posts } from './test-harness';

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

describe('boost and runback', () => {
  test('the dialog keeps Tab inside and gives the focus back to Boost when closed (docs/design.md §5)', async () => {
    const setup = { extra_options: { boost_temp: '24.0', boost_time: 60 } };
    const { sockets, seed } = open([liveNode('Living room', 1, base, { setup })]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Boost' }));
    const dialog = screen.getByRole('dialog', { name: 'Boost' });
    within(dialog).getByRole('button', { name: 'Accept' }).focus();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Boost' })).toHaveFocus();
  });

  test('the duration spin button takes Home and End to its bounds, as the temperature does', async () => {
    const setup = { extra_options: { boost_temp: '24.0', boost_time: 2 } };
    const { sockets, seed } = open([liveNode('Living room', 1, base, { setup })]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    fireEvent.click(await screen.findByRole('button', { name: 'Boost' }));
    const time = screen.getByRole('spinbutton', { name: 'Duration in minutes' });
    fireEvent.keyDown(time, { key: 'End' });
    expect(time).toHaveAttribute('aria-valuenow', '1440');
    fireEvent.keyDown(time, { key: 'Home' });
    expect(time).toHaveAttribute('aria-valuenow', '60');
  });

  test('at its longest, more time keeps the time and shakes it for 1 s (spec 3 §5)', async () => {
    const setup = { extra_options: { boost_temp: '24.0', boost_time: 1440 } };
    const { sockets, seed } = open([liveNode('Living room', 1, base, { setup })]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    fireEvent.click(await screen.findByRole('button', { name: 'Boost' }));
    const time = screen.getByRole('spinbutton', { name: 'Duration in minutes' });
    expect(time).toHaveAttribute('aria-valuenow', '1440');
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'More time' }));
    expect(time).toHaveAttribute('aria-valuenow', '1440');
    expect(time).toHaveClass('shake');
    act(() => vi.advanceTimersByTime(999));
    expect(time).toHaveClass('shake');
    act(() => vi.advanceTimersByTime(1));
    expect(time).not.toHaveClass('shake');
  });

  test('boost: time held in hours, shown and sent in minutes; remaining time from the device clock; cancel', async () => {
    const setup = { extra_options: { boost_temp: '24.0', boost_time: 60 } };
    const { sockets, seed } = open([liveNode('Living room', 1, base, { setup })]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    fireEvent.click(await screen.findByRole('button', { name: 'Boost' }));
    const dialog = screen.getByRole('dialog', { name: 'Boost' });
    const time = within(dialog).getByRole('spinbutton', { name: 'Duration in minutes' });
    // Spec 3 §4: the boost's hours are multiplied by 60 for display; one press is one hour.
    expect(time).toHaveAttribute('aria-valuenow', '60');
    expect(time).toHaveTextContent('60 min');
    expect(time).toHaveAttribute('aria-valuemin', '60');
    expect(time).toHaveAttribute('aria-valuemax', '1440');
    fireEvent.click(within(dialog).getByRole('button', { name: 'More time' }));
    expect(time).toHaveTextContent('120 min');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(body(0)).toEqual({ active: true, temperature: '24.0', units: 'C', time: 120 });

    // The server's echo of the write: boost asked for, the old end still in it.
    act(() =>
      sockets.device(DEV).onUpdate({
        path: '/htr/1/status',
        body: { ...base, boost: true, boost_end_day: 0, boost_end_min: 0, sync_status: 'pending' },
      }),
    );
    expect(await screen.findByText('Boost active')).toBeInTheDocument();
    // Time for a clock read to come back: none is made for an end the device did not give.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByText(/Time left/)).not.toBeInTheDocument();
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

  test('runback: the minutes chosen are sent with the temperature, and an edit sends the new time', async () => {
    const setup = {
      runback_mode_enabled: true,
      extra_options: {
        default_runback_temp: '18.0',
        max_runback_time: 45,
        max_runback_temp: '23.0',
      },
    };
    const { sockets, seed } = open([liveNode('Living room', 1, base, { setup })]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    const toolbar = await screen.findByRole('navigation', { name: 'Heater actions' });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Runback' }));
    let dialog = screen.getByRole('dialog', { name: 'Runback' });
    const time = within(dialog).getByRole('spinbutton', { name: 'Duration in minutes' });
    expect(time).toHaveAttribute('aria-valuenow', '45');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Less time' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Less time' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(body(0)).toEqual({ mode: 'runback', stemp: '18.0', units: 'C', time: 43 });

    act(() =>
      sockets.device(DEV).onUpdate({
        path: '/htr/1/status',
        body: { ...base, mode: 'runback', runback: true, boost_end_day: 6, boost_end_min: 630 },
      }),
    );
    // The device clock reads 10:00: the runback ends at 10:30, 30 min left.
    expect(await screen.findByText('Runback until 10:30')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit time' }));
    dialog = screen.getByRole('dialog', { name: 'Runback' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Duration in minutes' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Less time' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(body(1)).toEqual({ mode: 'runback', stemp: '18.0', units: 'C', time: 29 });
  });

  test('the time left is read again from the device clock every 30 s (spec 3 §4, §9)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const running = {
      ...base,
      mode: 'boost' as const,
      boost: true,
      boost_end_day: 6,
      boost_end_min: 690,
    };
    // The device clock the fake API answers; the test moves it on as the device's would.
    const clock = { y: 2026, n: 11, d: 21, h: 10, m: 0, s: 0, w: 6 };
    const { sockets, seed } = open([liveNode('Living room', 1, running)], undefined, clock);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    expect(await screen.findByText('Time left 01:30')).toBeInTheDocument();
    clock.m = 1;
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(screen.getByText('Time left 01:30')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(await screen.findByText('Time left 01:29')).toBeInTheDocument();
  });

  test('choosing runback in the mode switcher opens its dialog; nothing is sent before Accept (spec 3 §2)', async () => {
    const setup = { runback_mode_enabled: true, extra_options: { max_runback_time: 45 } };
    const { sockets, seed } = open([liveNode('Living room', 1, base, { setup })]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    const switcher = await screen.findByRole('group', { name: 'Mode' });
    fireEvent.click(within(switcher).getByRole('button', { name: 'Runback' }));
    const dialog = screen.getByRole('dialog', { name: 'Runback' });
    expect(posts).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(body(0)).toMatchObject({ mode: 'runback', time: 45 });
  });

  /** Hall, a storage heater boosting until day 0 at 01:00, opened on its detail page. */
  const openBoostingStorageHeater = () => {
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
    return open([acm], `/homes/h1/devs/${DEV}/acm/1`);
  };

  test('a storage heater shows when its boost ends', async () => {
    const { sockets, seed } = openBoostingStorageHeater();
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    expect(await screen.findByText('Ends on November 22nd, 2026 at 01:00')).toBeInTheDocument();
  });

  test("a storage heater's boost end date is written in the user's language (spec 1 §9)", async () => {
    await changeLanguage('es');
    try {
      const { sockets, seed } = openBoostingStorageHeater();
      await waitFor(() => expect(sockets.open.size).toBe(1));
      seed();
      expect(
        await screen.findByText('Termina el 22 de noviembre de 2026 a las 01:00'),
      ).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  test('a running boost whose time is not locked reopens the dialog for the time only, on the time it has left', async () => {
    const status = {
      ...base,
      mode: 'boost' as const,
      boost: true,
      boost_end_day: 6,
      boost_end_min: 700,
    };
    const setup = { extra_options: { boost_temp: '24.0', boost_time: 60 } };
    const { sockets, seed } = open([liveNode('Living room', 1, status, { setup })]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    // Issue 25: the detail says "Boost" and until when (the device clock reads 10:00).
    expect(await screen.findByText('Boost until 11:40')).toBeInTheDocument();
    expect(screen.getByText('Time left 01:40')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit time' }));
    const dialog = screen.getByRole('dialog', { name: 'Boost' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Temperature' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    const time = within(dialog).getByRole('spinbutton', { name: 'Duration in minutes' });
    // Not the 60 min of a new boost: the 100 min it has left.
    expect(time).toHaveAttribute('aria-valuenow', '100');
    fireEvent.keyDown(time, { key: 'ArrowUp' });
    expect(time).toHaveAttribute('aria-valuenow', '160');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(body(0)).toMatchObject({ active: true, time: 160 });
  });

  test('a new boost after an edit opens on the duration last chosen, not the time left', async () => {
    const setup = { extra_options: { boost_temp: '24.0', boost_time: 60 } };
    const { sockets, seed } = open([liveNode('Living room', 1, base, { setup })]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    fireEvent.click(await screen.findByRole('button', { name: 'Boost' }));
    let dialog = screen.getByRole('dialog', { name: 'Boost' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'More time' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(body(0)).toMatchObject({ active: true, time: 120 });
    // The device reports the boost running to 11:55 (its setup still says one hour).
    act(() =>
      sockets.device(DEV).onUpdate({
        path: '/htr/1/status',
        body: { ...base, mode: 'boost', boost: true, boost_end_day: 6, boost_end_min: 715 },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit time' }));
    dialog = screen.getByRole('dialog', { name: 'Boost' });
    const time = within(dialog).getByRole('spinbutton', { name: 'Duration in minutes' });
    expect(time).toHaveAttribute('aria-valuenow', '115');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(body(1)).toMatchObject({ active: true, time: 115 });
    act(() =>
      sockets.device(DEV).onUpdate({ path: '/htr/1/status', body: { ...base, mode: 'manual' } }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Boost' }));
    dialog = screen.getByRole('dialog', { name: 'Boost' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Duration in minutes' })).toHaveAttribute(
      'aria-valuenow',
      '120',
    );
  });

  test('a locked boost time offers no edit and no time control', async () => {
    const setup = {
      extra_options: { boost_temp: '24.0', boost_time: 60, boost_time_locked: true },
    };
    const { sockets, seed } = open([liveNode('Living room', 1, base, { setup })]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    fireEvent.click(await screen.findByRole('button', { name: 'Boost' }));
    const dialog = screen.getByRole('dialog', { name: 'Boost' });
    expect(
      within(dialog).queryByRole('spinbutton', { name: 'Duration in minutes' }),
    ).not.toBeInTheDocument();
    expect(within(dialog).getByText('The duration is set by the heater')).toBeInTheDocument();
  });
});
