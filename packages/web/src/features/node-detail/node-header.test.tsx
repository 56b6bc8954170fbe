import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tokenExpiringIn } from '../../test/tokens';
import { devData, liveNode } from '../../test/fake-devices';
import { useSessionStore } from '../../lib/session/session-store';
import { useErrorToastStore } from '../../lib/http';
import { DEV, base, open } from './test-harness';

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

describe('node detail header (spec 3 §2)', () => {
  test('a node whose name is cut in the carousel keeps its whole name for screen readers', async () => {
    const long = 'Living room beside the big window';
    const { sockets, seed } = open([liveNode(long, 1, base), liveNode('Hall', 2, base)]);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    const nodes = await screen.findByRole('navigation', { name: 'Heaters of the home' });
    expect(within(nodes).getByRole('button', { name: long })).toHaveTextContent(
      'Living room beside the…',
    );
    expect(within(nodes).getByRole('button', { name: 'Hall' })).toBeInTheDocument();
  });

  test('more than 10 nodes: a dropdown whose choice replaces the route; an away home shows it', async () => {
    const nodes = Array.from({ length: 11 }, (_, i) => liveNode(`Heater ${i + 1}`, i + 1, base));
    const { sockets } = open(nodes);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    act(() =>
      sockets.seed(
        DEV,
        devData(nodes, { away_status: { enabled: true, away: true, forced: false } }),
      ),
    );
    const picker = await screen.findByRole('combobox', { name: 'Heaters of the home' });
    expect(screen.queryByRole('navigation', { name: 'Heaters of the home' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Away' })).toBeInTheDocument();
    fireEvent.change(picker, { target: { value: '6' } });
    await waitFor(() => expect(screen.getByTestId('node-name')).toHaveTextContent('Heater 7'));
    expect(screen.getByTestId('navigation')).toHaveAttribute(
      'data-path',
      `/homes/h1/devs/${DEV}/htr/7`,
    );
    expect(screen.getByTestId('navigation')).toHaveAttribute('data-how', 'REPLACE');
  });

  test('10 nodes are a carousel; a home at home shows no away flag', async () => {
    const nodes = Array.from({ length: 10 }, (_, i) => liveNode(`Heater ${i + 1}`, i + 1, base));
    const { sockets, seed } = open(nodes);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    seed();
    const carousel = await screen.findByRole('navigation', { name: 'Heaters of the home' });
    expect(within(carousel).getAllByRole('button')).toHaveLength(10);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('img', { name: 'Away' })).toBeNull();
    fireEvent.click(within(carousel).getByRole('button', { name: 'Heater 2' }));
    await waitFor(() => expect(screen.getByTestId('node-name')).toHaveTextContent('Heater 2'));
    expect(screen.getByTestId('navigation')).toHaveAttribute('data-how', 'REPLACE');
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

  test("the home's name, and its date and time in the home's time zone", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(Date.UTC(2026, 10, 16, 10, 0)));
    const nodes = [liveNode('Hall', 1, base)];
    const { sockets } = open(nodes);
    await waitFor(() => expect(sockets.open.size).toBe(1));
    act(() => sockets.seed(DEV, devData(nodes, { geo_data: { tz_code: 'Asia/Tokyo' } })));
    expect(await screen.findByText('Casa')).toBeInTheDocument();
    // 10:00 UTC is 19:00 in Tokyo.
    await waitFor(() =>
      expect(screen.getByTestId('node-clock')).toHaveTextContent('Monday, November 16th, 2026'),
    );
    expect(screen.getByTestId('node-clock')).toHaveTextContent('19:00');
  });
});
