import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { countToasts, errorBody } from '../../test/toast-count';
import { renderWithApp } from '../../test/render';
import { tokenExpiringIn } from '../../test/tokens';
import { devData, fakeSockets, home, liveNode, mgrNode } from '../../test/fake-devices';
import { useErrorToastStore } from '../../lib/http';
import { useSessionStore } from '../../lib/session/session-store';
import { DashboardPage } from './dashboard-page';
import { useSelectionStore } from './model/selection-store';

const DEV = '0123456789abcdef01';
const status = (stemp: string) => ({
  mode: 'manual' as const,
  stemp,
  mtemp: '19.0',
  units: 'C' as const,
  sync_status: 'ok' as const,
});
const names = Array.from({ length: 10 }, (_, i) => `Room ${i + 1}`);
let posts: RecordedCall[];

function setup(count: number, withMeter = false, answer: () => Response = () => json({})) {
  const nodes = names.slice(0, count).map((n, i) => mgrNode(n, i + 1));
  if (withMeter) nodes.push(mgrNode('Meter', 20, 'pmo'));
  posts = [];
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([home('h1', 'Casa', [DEV])]),
    [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () => json({ nodes }),
    'GET /api/notifications/v1/h1/presence/config': () => json({ enabled: true }),
    [`POST /api/v2/devs/${DEV}/htr/1/status`]: (call) => {
      posts.push(call);
      return answer();
    },
  });
  const sockets = fakeSockets();
  const page = renderWithApp(
    <DashboardPage
      renderPowerMonitors={(m) => <p>monitors: {m.map((x) => x.node.name).join()}</p>}
    />,
    { connectDevice: sockets.connect },
  );
  const seed = () =>
    act(() =>
      sockets.seed(
        DEV,
        devData(
          [
            ...names.slice(0, count).map((n, i) => liveNode(n, i + 1, status('21.0'))),
            ...(withMeter ? [{ ...mgrNode('Meter', 20, 'pmo') }] : []),
          ],
          {
            away_status: { enabled: true, away: true, forced: false },
            geo_data: { tz_code: 'Europe/Madrid' },
          },
        ),
      ),
    );
  return { sockets, page, seed };
}

beforeEach(() => {
  useSessionStore
    .getState()
    .setSession({ token: tokenExpiringIn(3_600_000), refreshToken: 'r', username: 'a@b.c' });
  useSelectionStore.setState({ byHome: {} });
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('dashboard controls', () => {
  test('header flags, tabs with counts and the power tab from its feature', async () => {
    const { seed } = setup(2, true);
    await screen.findByRole('article', { name: 'Room 1' });
    seed();
    expect(await screen.findByTestId('home-away')).toBeInTheDocument();
    expect(await screen.findByTestId('home-quiet')).toBeInTheDocument();
    expect(screen.getByTestId('home-clock').textContent).toMatch(/\d{2}:\d{2}/);
    const tabs = screen.getByRole('tablist');
    expect(within(tabs).getByRole('tab', { name: 'Heaters (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Power monitors (1)' }));
    expect(await screen.findByText('monitors: Meter')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select all' })).not.toBeInTheDocument();
  });

  test('the tabs are one tab stop and the arrow keys move between them (WAI-ARIA tabs)', async () => {
    const { seed } = setup(2, true);
    await screen.findByRole('article', { name: 'Room 1' });
    seed();
    const heaters = await screen.findByRole('tab', { name: 'Heaters (2)' });
    const monitors = await screen.findByRole('tab', { name: 'Power monitors (1)' });
    expect(heaters).toHaveAttribute('tabindex', '0');
    expect(monitors).toHaveAttribute('tabindex', '-1');
    heaters.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(await screen.findByText('monitors: Meter')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Power monitors (1)' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Power monitors (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Heaters (2)' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Heaters (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('select all, the N/total count and the toolbar with a selection', async () => {
    const { seed } = setup(3);
    await screen.findByRole('article', { name: 'Room 1' });
    seed();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Room 1' }));
    expect(screen.queryByTestId('selection-count')).not.toBeInTheDocument();
    // The multiple-node configuration: the weekly schedule of the selected nodes at once.
    expect(screen.getByRole('link', { name: 'Configure selected' })).toHaveAttribute(
      'href',
      `/homes/h1/schedule?nodes=${DEV}.htr.1`,
    );
    expect(screen.queryByRole('link', { name: 'Weather' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Deselect all' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getByTestId('selection-count')).toHaveTextContent('Selected 3/3');
    expect(screen.getByRole('link', { name: 'Configure selected' })).toHaveAttribute(
      'href',
      `/homes/h1/schedule?nodes=${DEV}.htr.1,${DEV}.htr.2,${DEV}.htr.3`,
    );
  });

  test('with nothing selected the toolbar offers add devices, home config, records, select all and weather, in that order (spec 3 §2)', async () => {
    const { seed } = setup(3);
    await screen.findByRole('article', { name: 'Room 1' });
    seed();
    const toolbar = await screen.findByRole('navigation', { name: 'Home actions' });
    await within(toolbar).findByRole('link', { name: 'Add devices' });
    expect(
      [...toolbar.querySelectorAll('a, button')].map((tool) => [
        tool.textContent,
        tool.getAttribute('href'),
      ]),
    ).toEqual([
      ['Add devices', '/homes/h1/addNode'],
      ['Home settings', '/homes/h1/config'],
      ['Records', '/homes/h1/system/htr/records'],
      ['Select all', null],
      ['Weather', '/homes/h1/weather'],
    ]);
  });

  test('one heater: no checkbox and no select-all', async () => {
    const { seed } = setup(1);
    await screen.findByRole('article', { name: 'Room 1' });
    seed();
    await screen.findByTestId('home-clock');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select all' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Weather' })).toHaveAttribute(
      'href',
      '/homes/h1/weather',
    );
  });

  test("the owner's add-devices tool opens node installation through discovery", async () => {
    const { seed } = setup(1);
    await screen.findByRole('article', { name: 'Room 1' });
    seed();
    const toolbar = await screen.findByRole('navigation', { name: 'Home actions' });
    // Spec 2 §2: /homes/{homeId}/addNode starts at the device choice, then model and discovery.
    expect(await within(toolbar).findByRole('link', { name: 'Add devices' })).toHaveAttribute(
      'href',
      '/homes/h1/addNode',
    );
  });

  test('table view: offered with 10 nodes on a wide screen, remembered, edits sent after 4 s', async () => {
    vi.stubGlobal('innerWidth', 1024);
    const { seed } = setup(10);
    await screen.findByRole('article', { name: 'Room 1' });
    seed();
    await userEvent.click(await screen.findByRole('button', { name: 'Table view' }));
    expect(localStorage.getItem('nodeView')).toBe('table');
    const input = await screen.findByRole('spinbutton', { name: 'Set temp. Room 1' });
    await waitFor(() => expect(input).toHaveValue(21));

    vi.useFakeTimers();
    fireEvent.change(input, { target: { value: '22.5' } });
    await act(() => vi.advanceTimersByTimeAsync(3_999));
    expect(posts).toHaveLength(0);
    expect(input).toHaveValue(22.5);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(JSON.parse(posts[0]?.body ?? '{}')).toEqual({ stemp: '22.5', units: 'C' });

    // Another field flushes the waiting edit at once, without waiting 4 s.
    fireEvent.change(input, { target: { value: '23' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Comfort Room 1' }), {
      target: { value: '20' },
    });
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(JSON.parse(posts[1]?.body ?? '{}')).toEqual({ stemp: '23.0', units: 'C' });
  });

  test('table view: the columns of spec 3 §2, in its order', async () => {
    vi.stubGlobal('innerWidth', 1024);
    const { seed } = setup(10);
    await screen.findByRole('article', { name: 'Room 1' });
    seed();
    await userEvent.click(await screen.findByRole('button', { name: 'Table view' }));
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Name',
      'Address',
      'Type',
      'Sync',
      'Mode',
      'Set temp.',
      'Measured',
      'Active',
      'Power',
      'Consumption',
      'Comfort',
      'Eco',
      'Anti-frost',
      'Locked',
    ]);
  });

  test('table view: a typed temperature is sent on the node step and within its limits, the last on leaving', async () => {
    vi.stubGlobal('innerWidth', 1024);
    const { seed, page } = setup(10);
    await screen.findByRole('article', { name: 'Room 1' });
    seed();
    await userEvent.click(await screen.findByRole('button', { name: 'Table view' }));
    const input = await screen.findByRole('spinbutton', { name: 'Set temp. Room 1' });
    await waitFor(() => expect(input).toHaveValue(21));
    const comfort = screen.getByRole('spinbutton', { name: 'Comfort Room 1' });
    const eco = screen.getByRole('spinbutton', { name: 'Eco Room 1' });
    // Each edit to another field sends the one before it at once.
    fireEvent.change(input, { target: { value: '31.3' } });
    fireEvent.change(comfort, { target: { value: '22.3' } });
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(JSON.parse(posts[0]?.body ?? '{}')).toEqual({ stemp: '30.0', units: 'C' });
    // The input shows what was sent.
    expect(input).toHaveValue(30);
    fireEvent.change(eco, { target: { value: '2' } });
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(JSON.parse(posts[1]?.body ?? '{}')).toEqual({ comf_temp: '22.5', units: 'C' });
    fireEvent.change(input, { target: { value: '20' } });
    await waitFor(() => expect(posts).toHaveLength(3));
    expect(JSON.parse(posts[2]?.body ?? '{}')).toEqual({ eco_temp: '5.0', units: 'C' });
    // Spec 3 §4: leaving the view sends the edit still waiting.
    page.unmount();
    await waitFor(() => expect(posts).toHaveLength(4));
    expect(JSON.parse(posts[3]?.body ?? '{}')).toEqual({ stemp: '20.0', units: 'C' });
  });

  // Spec 3 §8: a refusal is left to the caller by the HTTP layer, which tells the rest; the
  // server's code says which (lib/http refusal.ts), the status only for an answer without one.
  test.each([
    [400, 'bad_request'],
    [409, 'bad_request'],
    [400, 'validation_failed'],
    [409, 'device_conflict'],
    [409, 'internal_error'],
  ])(
    'table view: a failed edit (%i %s) is told to the user once and the device value shows again',
    async (status, code) => {
      vi.stubGlobal('innerWidth', 1024);
      useErrorToastStore.getState().dismiss();
      const { seed } = setup(10, false, () =>
        json(
          { ...errorBody(status, code), message: 'comf_temp must not be below eco_temp' },
          status,
        ),
      );
      await screen.findByRole('article', { name: 'Room 1' });
      seed();
      await userEvent.click(await screen.findByRole('button', { name: 'Table view' }));
      const input = await screen.findByRole('spinbutton', { name: 'Set temp. Room 1' });
      await waitFor(() => expect(input).toHaveValue(21));
      const told = countToasts();
      fireEvent.change(input, { target: { value: '24' } });
      fireEvent.change(screen.getByRole('spinbutton', { name: 'Comfort Room 1' }), {
        target: { value: '20' },
      });
      await waitFor(() => expect(posts).toHaveLength(1));
      await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
      await waitFor(() => expect(input).toHaveValue(21));
      expect(told()).toBe(1);
    },
  );
});
