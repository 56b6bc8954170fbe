import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GATEWAY_REPORT_INTERVAL_MS, type NodeStatus, type Prog } from '@hearth/protocol';
import { tokenExpiringIn } from '../../test/tokens';
import { liveNode } from '../../test/fake-devices';
import { useSessionStore } from '../../lib/session/session-store';
import { useConnectionStore } from '../../lib/socket/connection-store';
import { changeLanguage } from '../../lib/i18n';
import { DEV, base, open } from './test-harness';

beforeEach(() => {
  useSessionStore
    .getState()
    .setSession({ token: tokenExpiringIn(3_600_000), refreshToken: 'r', username: 'a@b.c' });
  localStorage.clear();
});

/** Every day eco, with comfort from `from` to `to` (hours) on the days given. */
function prog(days: number[], from: number, to: number): { prog: Prog } {
  const out = {} as Prog;
  for (let d = 0; d < 7; d++)
    out[String(d) as keyof Prog] = Array.from({ length: 24 }, (_, h) =>
      days.includes(d) && h >= from && h < to ? 2 : 1,
    );
  return { prog: out };
}

const auto: NodeStatus = {
  ...base,
  mode: 'auto',
  comf_temp: '21.0',
  eco_temp: '18.0',
  ice_temp: '7.0',
};

// The harness's device clock reads Saturday 21 November 2026, 10:00.
describe('node detail summary (issue 25)', () => {
  test('says what the heater does and what comes next, with what its sensors report', async () => {
    const status = { ...auto, active: true, presence: false, window_open: true, power: '1500' };
    const { sockets, seed } = open([
      liveNode('Living room', 1, status, { prog: prog([0, 1, 2, 3, 4, 5, 6], 7, 22) }),
    ]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    const summary = await screen.findByRole('region', { name: 'What the heater is doing' });
    expect(await within(summary).findByTestId('heater-plan')).toHaveTextContent(
      'Comfort 21.0 °C until 22:00, then Eco 18.0 °C',
    );
    const facts = within(summary)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(facts).toEqual(['Heating now', 'No one in the room', 'Window open', 'Drawing 1,500 W']);
  });

  test('a programme running past midnight into Sunday, in °F', async () => {
    const status: NodeStatus = {
      ...auto,
      units: 'F',
      stemp: '64.0',
      comf_temp: '70.0',
      eco_temp: '64.0',
      ice_temp: '45.0',
    };
    // Comfort on Sunday from 07:00 only: Saturday's eco runs on through the night.
    const { sockets, seed } = open([liveNode('Living room', 1, status, { prog: prog([0], 7, 9) })]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    expect(await screen.findByTestId('heater-plan')).toHaveTextContent(
      'Eco 64.0 °F until tomorrow 07:00, then Comfort 70.0 °F',
    );
  });

  test('a change days away names the day, in the user language', async () => {
    await changeLanguage('es');
    try {
      const { sockets, seed } = open([liveNode('Salón', 1, auto, { prog: prog([2], 7, 9) })]);
      await waitFor(() => expect(sockets.open.size).toBe(1));
      seed();
      expect(await screen.findByTestId('heater-plan')).toHaveTextContent(
        'Eco 18,0 °C hasta el martes a las 07:00, después Confort 21,0 °C',
      );
    } finally {
      await changeLanguage('en');
    }
  });

  test('modified auto and manual say what they hold', async () => {
    const { sockets, seed } = open([
      liveNode(
        'Living room',
        1,
        { ...auto, mode: 'modified_auto', stemp: '23.5' },
        {
          prog: prog([6], 7, 12),
        },
      ),
      liveNode('Study', 2, { ...auto, mode: 'manual', stemp: '19.5' }),
    ]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    expect(await screen.findByTestId('heater-plan')).toHaveTextContent(
      'Changed by hand: 23.5 °C until 12:00, then Eco 18.0 °C',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Study' }));
    await waitFor(() =>
      expect(screen.getByTestId('heater-plan')).toHaveTextContent(/^Manual 19\.5 °C$/),
    );
  });
});

describe('a lost node (spec 3 §2)', () => {
  test('says it is lost and offers no control that would be lost on it', async () => {
    const node = { ...liveNode('Living room', 1, { ...auto, stemp: '21.0' }), lost: true };
    const { sockets, seed } = open([node]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    expect(await screen.findByRole('alert')).toHaveTextContent('This heater is lost');
    const modes = screen.getByRole('group', { name: 'Mode' });
    for (const button of within(modes).getAllByRole('button')) expect(button).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: 'Set temperature' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Raise temperature' })).toBeDisabled();
    const toolbar = screen.getByRole('navigation', { name: 'Heater actions' });
    expect(within(toolbar).queryByRole('button', { name: 'Boost' })).not.toBeInTheDocument();
    expect(within(toolbar).queryByRole('link', { name: 'Schedule' })).not.toBeInTheDocument();
    // Its records and settings stay: settings is where a lost node is deleted (spec 3 §4).
    expect(within(toolbar).getByRole('link', { name: 'Settings' })).toBeInTheDocument();
    expect(within(toolbar).getByRole('link', { name: 'Records' })).toBeInTheDocument();
  });

  test('a node that is not lost shows no such notice and works', async () => {
    const { sockets, seed } = open([liveNode('Living room', 1, auto)]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    const modes = await screen.findByRole('group', { name: 'Mode' });
    expect(within(modes).getByRole('button', { name: 'Manual' })).toBeEnabled();
    expect(screen.queryByTestId('node-lost')).not.toBeInTheDocument();
  });
});

describe('stale values (issue 25)', () => {
  beforeEach(() => useConnectionStore.setState({ sockets: {}, reachable: true }));
  afterEach(() => vi.useRealTimers());

  test('values not refreshed for longer than a report interval say their age, in the summary and beside the measured temperature', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const status = { ...auto, mtemp: '19.5', active: true };
    const { sockets, seed } = open([liveNode('Living room', 1, status)]);
    await vi.waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    const summary = await screen.findByRole('region', { name: 'What the heater is doing' });
    const measured = screen.getByTestId('detail-mtemp').parentElement as HTMLElement;
    expect(summary).toHaveAttribute('data-stale', 'false');
    expect(measured).toHaveAttribute('data-stale', 'false');

    // The server goes away: within a report interval the values are still those of now.
    act(() => sockets.device(DEV).onStatus('unreachable'));
    await act(async () => vi.advanceTimersByTimeAsync(GATEWAY_REPORT_INTERVAL_MS - 1_000));
    expect(screen.queryByTestId('data-age')).toBeNull();

    // Past it, they are marked and say how old they are; the last values stay readable.
    await act(async () => vi.advanceTimersByTimeAsync(2 * 60_000));
    expect(summary).toHaveAttribute('data-stale', 'true');
    expect(within(summary).getByTestId('data-age')).toHaveTextContent('Updated 2 minutes ago');
    expect(within(summary).getByText('Heating now')).toBeInTheDocument();
    expect(measured).toHaveAttribute('data-stale', 'true');
    expect(within(measured).getByTestId('data-age')).toHaveTextContent('Updated 2 minutes ago');
    expect(screen.getByTestId('detail-mtemp')).toHaveTextContent('19.5 °C');

    // Connected again, with a fresh snapshot: live, no age.
    seed([liveNode('Living room', 1, { ...status, mtemp: '20.0' })]);
    await vi.waitFor(() => expect(screen.queryByTestId('data-age')).toBeNull());
    expect(summary).toHaveAttribute('data-stale', 'false');
    expect(screen.getByTestId('detail-mtemp')).toHaveTextContent('20.0 °C');
  });
});
