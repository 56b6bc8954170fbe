import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GroupedHome, MgrNode } from '@hearth/protocol';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { signIn } from '../../test/session';
import { Link, Route, Routes } from 'react-router-dom';
import { renderWithApp } from '../../test/render';
import { NOT_REFUSALS, REFUSALS, countToasts, errorBody } from '../../test/toast-count';
import { useErrorToastStore } from '../../lib/http';
import { LocationProbe } from '../../test/route-render';
import { HeaterSystemPage } from './heater-system-page';
import { bodyOf, openPower, postsTo } from './power-test-kit';

const DEV = '0123456789abcdef01';
const node = (addr: number, type: MgrNode['type'], name: string): MgrNode => ({
  name,
  addr,
  type,
  installed: true,
  lost: false,
});
const NODES = [node(1, 'htr', 'Lounge'), node(2, 'htr', 'Study'), node(3, 'acm', 'Hall')];
let calls: RecordedCall[];

const HOMES = (owner: boolean): GroupedHome[] => [
  {
    id: 'h1',
    name: 'Casa',
    owner,
    devs: [{ dev_id: DEV, name: 'Box', product_id: '0105', fw_version: '1', serial_id: '1' }],
  },
];

function serve(owner: boolean, acmSetupStatus = 200, acmCode?: string) {
  const homes = HOMES(owner);
  const setup = () => json({ units: 'C', prog_resol: 0, away_offset: 2 });
  ({ calls } = installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () => json({ nodes: NODES }),
    [`GET /api/v2/devs/${DEV}/htr_system/power_limit`]: () => json({ power_limit: '0' }),
    [`GET /api/v2/devs/${DEV}/htr/1/setup`]: setup,
    [`GET /api/v2/devs/${DEV}/htr/2/setup`]: setup,
    [`GET /api/v2/devs/${DEV}/acm/3/setup`]: setup,
    [`POST /api/v2/devs/${DEV}/htr/1/setup`]: () => json({}),
    [`POST /api/v2/devs/${DEV}/htr/2/setup`]: () => json({}),
    [`POST /api/v2/devs/${DEV}/acm/3/setup`]: () =>
      acmSetupStatus === 200 ? json({}) : json(errorBody(acmSetupStatus, acmCode), acmSetupStatus),
  }));
}

beforeEach(() => {
  signIn();
  localStorage.clear();
});
afterEach(() => useErrorToastStore.getState().dismiss());

const OTHER = 'fedcba9876543210fe';

/**
 * The home with a second gateway, OTHER, whose node list `otherNodes` answers; Lounge (1) on the
 * first gateway and Attic (4) on the second are hourly and take setup writes.
 */
function serveTwoGateways(otherNodes: () => Response | Promise<Response>) {
  const setup = () => json({ units: 'C', prog_resol: 0 });
  return installFakeFetch({
    'GET /api/v2/grouped_devs': () =>
      json([
        {
          ...HOMES(true)[0],
          devs: [
            ...(HOMES(true)[0]?.devs ?? []),
            { dev_id: OTHER, name: 'Loft', product_id: '0105', fw_version: '1', serial_id: '2' },
          ],
        },
      ]),
    [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () => json({ nodes: [node(1, 'htr', 'Lounge')] }),
    [`GET /api/v2/devs/${OTHER}/mgr/nodes`]: otherNodes,
    [`GET /api/v2/devs/${DEV}/htr_system/power_limit`]: () => json({ power_limit: '0' }),
    [`GET /api/v2/devs/${DEV}/htr/1/setup`]: setup,
    [`GET /api/v2/devs/${OTHER}/htr/4/setup`]: setup,
    [`POST /api/v2/devs/${DEV}/htr/1/setup`]: () => json({}),
    [`POST /api/v2/devs/${OTHER}/htr/4/setup`]: () => json({}),
  });
}

describe('heater system settings (spec 2 §2, spec 3 §7)', () => {
  test("the home's method is written to every heater's setup, storage heaters apart", async () => {
    serve(true);
    openPower(`/homes/h1/devs/${DEV}/system/htr/settings`);
    const group = await screen.findByRole('group', { name: 'Slot length' });
    expect(within(group).getByRole('radio', { name: '60 minutes' })).toBeChecked();
    fireEvent.click(within(group).getByRole('radio', { name: '30 minutes' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const writes = postsTo(calls, '/setup');
    expect(writes.map((c) => c.url.replace(/^.*\/devs\/[^/]+/, ''))).toEqual([
      '/htr/1/setup',
      '/htr/2/setup',
    ]);
    // The whole setup goes back, temperatures as decimal strings, with the new resolution.
    expect(bodyOf(writes[0])).toEqual({ units: 'C', prog_resol: 1, away_offset: '2.0' });
  });

  test("the home's method reaches the heaters of every gateway of the home (spec 3 §7)", async () => {
    const served = serveTwoGateways(() =>
      json({ nodes: [node(4, 'htr', 'Attic'), node(5, 'acm', 'Store')] }),
    );
    openPower(`/homes/h1/devs/${DEV}/system/htr/settings`);
    const group = await screen.findByRole('group', { name: 'Slot length' });
    fireEvent.click(within(group).getByRole('radio', { name: '30 minutes' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const writes = postsTo(served.calls, '/setup').map((c) => c.url.replace(/^.*\/devs\//, ''));
    expect(writes.sort()).toEqual([`${DEV}/htr/1/setup`, `${OTHER}/htr/4/setup`].sort());
  });

  test("each gateway's heaters show as its list arrives; a late gateway gets the chosen method", async () => {
    let release: () => void = () => undefined;
    const otherList = new Promise<Response>((resolve) => {
      release = () => resolve(json({ nodes: [node(4, 'htr', 'Attic')] }));
    });
    const served = serveTwoGateways(() => otherList);
    openPower(`/homes/h1/devs/${DEV}/system/htr/settings`);
    // The first gateway's heaters are offered while the second's list is still on its way.
    const group = await screen.findByRole('group', { name: 'Slot length' });
    fireEvent.click(within(group).getByRole('radio', { name: '30 minutes' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const writes = () =>
      postsTo(served.calls, '/setup').map((c) => c.url.replace(/^.*\/devs\//, ''));
    expect(writes()).toEqual([`${DEV}/htr/1/setup`]);
    release();
    await waitFor(() => expect(writes()).toEqual([`${DEV}/htr/1/setup`, `${OTHER}/htr/4/setup`]));
    expect(bodyOf(postsTo(served.calls, '/setup')[1])).toMatchObject({ prog_resol: 1 });
  });

  test('each storage heater has its own method; the sort method is kept per home', async () => {
    serve(true);
    openPower(`/homes/h1/devs/${DEV}/system/acm/settings`);
    const hall = await screen.findByRole('group', { name: 'Hall' });
    fireEvent.click(within(hall).getByRole('radio', { name: '30 minutes' }));
    await waitFor(() => expect(postsTo(calls, '/acm/3/setup')).toHaveLength(1));
    expect(bodyOf(postsTo(calls, '/acm/3/setup')[0]).prog_resol).toBe(1);
    expect(postsTo(calls, '/htr/1/setup')).toHaveLength(0);
    fireEvent.click(screen.getByRole('radio', { name: 'By name' }));
    expect(JSON.parse(localStorage.getItem('htrSystemSortMethod') ?? '{}')).toEqual({ h1: 'name' });
  });

  test.each([...REFUSALS, ...NOT_REFUSALS])(
    "a storage heater's method refused or failing (%i %s) is told once, by the toast (spec 3 §8, spec 1 §8)",
    async (status, code) => {
      serve(true, status, code);
      const told = countToasts();
      openPower(`/homes/h1/devs/${DEV}/system/acm/settings`);
      const hall = await screen.findByRole('group', { name: 'Hall' });
      fireEvent.click(within(hall).getByRole('radio', { name: '30 minutes' }));
      await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
      await waitFor(() => expect(screen.queryByText('Saving…')).toBeNull());
      expect(screen.queryByRole('alert')).toBeNull();
      expect(told()).toBe(1);
    },
  );

  test('an unknown home or device says so, and nothing of it is read (spec 3 §8)', async () => {
    serve(true);
    const view = openPower('/homes/h1/devs/ffffffffffffffffff/system/htr/settings');
    expect(await screen.findByText('Dev not found')).toBeInTheDocument();
    expect(screen.queryByLabelText('Power limit (W)')).toBeNull();
    expect(screen.queryByRole('radio', { name: 'By name' })).toBeNull();
    expect(calls.some((c) => c.url.includes('ffffffffffffffffff'))).toBe(false);
    view.unmount();
    openPower(`/homes/h9/devs/${DEV}/system/htr/settings`);
    expect(await screen.findByText('Home not found')).toBeInTheDocument();
    expect(screen.queryByLabelText('Power limit (W)')).toBeNull();
  });

  test('a guest sees the method but cannot change it', async () => {
    serve(false);
    openPower(`/homes/h1/devs/${DEV}/system/htr/settings`);
    const group = await screen.findByRole('group', { name: 'Slot length' });
    expect(within(group).getByRole('radio', { name: '30 minutes' })).toBeDisabled();
  });

  test('the power limit: a field change hides the error; saved shows 2 s, then back', async () => {
    const served = installFakeFetch({
      'GET /api/v2/grouped_devs': () => json(HOMES(true)),
      [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () => json({ nodes: [] }),
      [`GET /api/v2/devs/${DEV}/htr_system/power_limit`]: () => json({ power_limit: '0' }),
      [`POST /api/v2/devs/${DEV}/htr_system/power_limit`]: () => json({}),
    });
    const settings = `/homes/h1/devs/${DEV}/system/htr/settings`;
    renderWithApp(
      <>
        <Routes>
          <Route path="/" element={<Link to={settings}>Settings</Link>} />
          <Route
            path="/homes/:homeId/devs/:devId/system/:nodeType/settings"
            element={<HeaterSystemPage />}
          />
        </Routes>
        <LocationProbe />
      </>,
    );
    fireEvent.click(screen.getByText('Settings'));
    const field = await screen.findByLabelText('Power limit (W)');
    fireEvent.change(field, { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The limit must be 0 or between 1000 and 60000 W',
    );
    fireEvent.change(field, { target: { value: '2000' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    expect(bodyOf(postsTo(served.calls, '/htr_system/power_limit')[0])).toEqual({
      power_limit: '2000',
    });
    expect(screen.getByTestId('location')).toHaveTextContent(settings);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/), {
      timeout: 3000,
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
