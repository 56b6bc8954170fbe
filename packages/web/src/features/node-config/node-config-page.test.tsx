import { beforeEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GroupedHome, MgrNode } from '@hearth/protocol';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { useErrorToastStore } from '../../lib/http';
import { devData, liveNode } from '../../test/fake-devices';
import { applyDevDataToCache } from '../../lib/devices/device-cache';
import { NodeConfigPage } from './node-config-page';

const DEV = 'aaaaaaaaaaaaaaaaa1';
const box = { dev_id: DEV, name: 'Box', product_id: '0105', fw_version: '1', serial_id: '1' };
let homes: GroupedHome[];
let nodes: MgrNode[];
let calls: RecordedCall[];
let setupStatus = 200;
let nodeStatus = 200;
const setup = {
  units: 'C',
  priority: 'medium',
  control_mode: 4,
  password_lock_enabled: true,
  lock_password: '1234',
  extra_options: {
    max_runback_time: 60,
    default_runback_temp: '18.0',
    setback_temp: '17.0',
    sensor_mode: 1,
  },
  charging_conf: { slot_1: { start: 0, end: 420 }, slot_2: { start: 0, end: 0 } },
  charge_days: [true, true, true, true, true, false, false],
};

beforeEach(() => {
  signIn();
  setupStatus = 200;
  nodeStatus = 200;
  useErrorToastStore.getState().dismiss();
  homes = [{ id: 'h1', name: 'Attic', owner: true, devs: [box] }];
  nodes = [{ name: 'Store', addr: 2, type: 'acm', installed: true, lost: false }];
  ({ calls } = installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () => json({ nodes }),
    [`GET /api/v2/devs/${DEV}/acm/2/`]: () =>
      nodeStatus === 200
        ? json({ status: { locked: false }, setup })
        : json({ message: 'no', statusCode: nodeStatus }, nodeStatus),
    [`POST /api/v2/devs/${DEV}/acm/2/setup`]: () =>
      json(setupStatus === 200 ? {} : { message: 'no', statusCode: setupStatus }, setupStatus),
    [`POST /api/v2/devs/${DEV}/acm/2/name`]: () => json({}),
    [`POST /api/v2/devs/${DEV}/acm/2/select`]: () => json({}),
    [`DELETE /api/v2/devs/${DEV}/acm/2/`]: () =>
      setupStatus === 200
        ? json({})
        : json({ message: 'no', statusCode: setupStatus }, setupStatus),
  }));
});

const open = (query = '') =>
  renderRoute(
    '/homes/:homeId/devs/:devId/:nodeType/:addr/settings',
    <NodeConfigPage />,
    `/homes/h1/devs/${DEV}/acm/2/settings${query}`,
  );
const posts = (suffix: string) =>
  calls.filter((c) => c.method === 'POST' && c.url.endsWith(suffix));

describe('node configuration page', () => {
  test('sends only what changed, then toasts and goes back', async () => {
    open();
    const priority = await screen.findByLabelText('Priority');
    // Spec 3 §5: a node name takes at most 30 characters.
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxlength', '30');
    fireEvent.change(priority, { target: { value: 'high' } });
    fireEvent.change(screen.getByRole('slider', { name: /Setback temperature/ }), {
      target: { value: '16.5' },
    });
    fireEvent.click(screen.getByText('Save'));
    await screen.findByText('Settings saved');
    expect(posts('/name')).toHaveLength(0);
    const body = JSON.parse(posts('/setup')[0]?.body ?? '{}');
    expect(body.priority).toBe('high');
    expect(body.extra_options.setback_temp).toBe('16.5');
    expect(body.control_mode).toBe(4);
  });

  test.each([
    [400, 'Your request could not be processed', null],
    [502, null, 'userRequest'],
  ])(
    'a save failing with %i is told once: a refusal on the page, the rest by the toast (spec 1 §8)',
    async (status, line, toast) => {
      setupStatus = status;
      open();
      fireEvent.change(await screen.findByLabelText('Priority'), { target: { value: 'high' } });
      fireEvent.click(screen.getByText('Save'));
      await waitFor(() => expect(posts('/setup')).toHaveLength(1));
      await waitFor(() => expect(useErrorToastStore.getState().kind).toBe(toast));
      if (line) expect(await screen.findByRole('alert')).toHaveTextContent(line);
      else expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByText('Settings saved')).toBeNull();
    },
  );

  test.each([
    [400, null],
    [502, 'dataUpdate'],
  ])(
    'node data failing with %i: the page says it could not be loaded, with Retry and no Save; toast %s (spec 3 §8, ruling D13)',
    async (status, toast) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      nodeStatus = status;
      open();
      await waitFor(() => expect(calls.some((c) => c.url.endsWith('/acm/2/'))).toBe(true));
      // A 5xx read is asked again twice (1 s, then 2 s later) before it fails.
      await act(() => vi.advanceTimersByTimeAsync(3_500));
      await waitFor(() => expect(useErrorToastStore.getState().kind).toBe(toast));
      const failed = await screen.findByTestId('node-config-load-failed');
      vi.useRealTimers();
      expect(failed).toHaveAttribute('role', 'alert');
      expect(failed).toHaveTextContent('The settings of this node could not be loaded.');
      expect(screen.queryByLabelText('Priority')).toBeNull();
      expect(screen.queryByText('Save')).toBeNull();
      // Retry reads the node again; its settings replace the message and can be saved.
      nodeStatus = 200;
      fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
      expect(await screen.findByLabelText('Priority')).toHaveValue('medium');
      expect(screen.queryByTestId('node-config-load-failed')).toBeNull();
      expect(screen.getByText('Save')).toBeInTheDocument();
    },
  );

  test('valley hours use 1 h and 10 min pickers stored as minutes since midnight', async () => {
    open();
    const valley = await screen.findByRole('group', { name: 'First valley hours' });
    expect(within(valley).getByTestId('setting-valley_1_interval-end-label')).toHaveTextContent(
      '07:00',
    );
    fireEvent.change(within(valley).getByLabelText('End: minutes'), { target: { value: '30' } });
    fireEvent.change(within(valley).getByLabelText('End: hours'), { target: { value: '6' } });
    expect(within(valley).getByTestId('setting-valley_1_interval-end-label')).toHaveTextContent(
      '06:30',
    );
    expect(screen.queryByRole('group', { name: 'Second valley hours' })).toBeNull();
    fireEvent.click(screen.getByText('Save'));
    await screen.findByText('Settings saved');
    expect(JSON.parse(posts('/setup')[0]?.body ?? '{}').charging_conf.slot_1).toEqual({
      start: 0,
      end: 390,
    });
  });

  test('the lock password takes 4 digits and is revealed once it differs', async () => {
    open();
    const pass = await screen.findByLabelText('Lock password (4 digits)');
    expect(pass).toHaveAttribute('type', 'password');
    fireEvent.change(pass, { target: { value: '9a8' } });
    expect(pass).toHaveValue('98');
    expect(pass).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The password must have 4 digits');
  });

  test('advanced settings are behind a confirm; they bring delete and replace', async () => {
    open();
    await screen.findByLabelText('Priority');
    expect(screen.queryByLabelText('Control mode')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
    fireEvent.click(screen.getByText('Show advanced settings'));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByText('Accept'));
    const mode = screen.getByLabelText('Control mode');
    // Spec 3 §3: control modes 0–6 read hysteresis 0.2 … 0.7, PID, PID 15 min, PID 30 min.
    expect(
      within(mode)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Hysteresis 0.2',
      'Hysteresis 0.3',
      'Hysteresis 0.5',
      'Hysteresis 0.7',
      'PID',
      'PID 15 min',
      'PID 30 min',
    ]);
    fireEvent.change(mode, { target: { value: '0' } });
    fireEvent.click(screen.getByText('Restore defaults'));
    expect(mode).toHaveValue('4');
    expect(screen.getByText('Delete')).toBeInTheDocument();
    expect(screen.getByText('Replace')).toBeInTheDocument();
  });

  test('guests cannot open advanced settings nor edit owner settings', async () => {
    homes = [{ ...homes[0]!, owner: false }];
    open();
    expect(await screen.findByLabelText('Priority')).toBeDisabled();
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.queryByText('Show advanced settings')).toBeNull();
  });

  test('a missing home, device or node is named as such (spec 3 §8)', async () => {
    nodes = [{ name: 'Other', addr: 3, type: 'acm', installed: true, lost: false }];
    const { unmount } = open();
    expect(await screen.findByTestId('node-missing')).toHaveTextContent('Node not found');
    unmount();
    homes = [{ id: 'h1', name: 'Attic', owner: true, devs: [] }];
    calls.length = 0;
    useErrorToastStore.getState().dismiss();
    const second = open();
    expect(await screen.findByTestId('node-missing')).toHaveTextContent('Dev not found');
    // Nothing of a device outside the home is read, so no error toast joins the message.
    expect(calls.some((c) => c.method === 'GET' && c.url.includes(`/devs/${DEV}/acm/2`))).toBe(
      false,
    );
    expect(useErrorToastStore.getState().kind).toBeNull();
    second.unmount();
    homes = [];
    open();
    expect(await screen.findByTestId('node-missing')).toHaveTextContent('Home not found');
  });

  test('a lost node offers delete; deleting toasts, then goes to the dashboard', async () => {
    nodes = [{ ...nodes[0]!, lost: true }];
    open();
    fireEvent.click(await screen.findByText('Delete'));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByText('Accept'));
    await screen.findByText('Node deleted');
    expect(calls.find((c) => c.method === 'DELETE')?.body).toBe('{"purge":true}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/?homeIndex=0'), {
      timeout: 4000,
    });
  });

  test('a failed delete is a user-request error; the page stays (spec 3 §8)', async () => {
    nodes = [{ ...nodes[0]!, lost: true }];
    setupStatus = 502;
    open();
    fireEvent.click(await screen.findByText('Delete'));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByText('Accept'));
    await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
    expect(screen.queryByText('Node deleted')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/homes/h1/devs/${DEV}/acm/2/settings`,
    );
  });

  test('replace erases without purging and opens discovery at the same address', async () => {
    nodes = [{ ...nodes[0]!, installed: false }];
    open();
    fireEvent.click(await screen.findByText('Replace'));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByText('Accept'));
    await screen.findByText('Node ready to be replaced');
    expect(calls.find((c) => c.method === 'DELETE')?.body).toBe('{"purge":false}');
    await waitFor(
      () =>
        expect(screen.getByTestId('location')).toHaveTextContent(
          `/homes/h1/addNode/devs/${DEV}/selectType/selectModel/discovery?nodeType=acm&addr=2`,
        ),
      { timeout: 4000 },
    );
  });

  describe('selection (spec 3 §4: selected on entry, deselected on leaving unless deleted)', () => {
    const selects = () => posts('/select').map((c) => JSON.parse(c.body ?? '{}'));

    test('a usable node is selected on entry and deselected on leaving', async () => {
      const view = open();
      await waitFor(() => expect(selects()).toEqual([{ select: true }]));
      view.unmount();
      await waitFor(() => expect(selects()).toEqual([{ select: true }, { select: false }]));
    });

    test('a deleted node is not deselected', async () => {
      open();
      await waitFor(() => expect(selects()).toEqual([{ select: true }]));
      fireEvent.click(await screen.findByText('Show advanced settings'));
      fireEvent.click(within(screen.getByRole('alertdialog')).getByText('Accept'));
      fireEvent.click(screen.getByText('Delete'));
      fireEvent.click(within(screen.getByRole('alertdialog')).getByText('Accept'));
      await screen.findByText('Node deleted');
      await waitFor(
        () => expect(screen.getByTestId('location')).toHaveTextContent('/?homeIndex=0'),
        {
          timeout: 4000,
        },
      );
      expect(selects()).toEqual([{ select: true }]);
    });

    test('a lost node, or one of a disconnected device, is not selected', async () => {
      nodes = [{ ...nodes[0]!, lost: true }];
      const first = open();
      await screen.findByLabelText('Priority');
      first.unmount();
      expect(selects()).toEqual([]);
      nodes = [{ ...nodes[0]!, lost: false }];
      const { queryClient } = open();
      // The device's snapshot says it is not connected to the cloud.
      const node = { ...liveNode('Store', 2, { locked: false }), type: 'acm' as const };
      act(() => applyDevDataToCache(queryClient, DEV, devData([node], { connected: false })));
      await screen.findByLabelText('Priority');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(selects()).toEqual([]);
    });
  });
});

describe("a power monitor's main circuit, opened without the realtime snapshot", () => {
  const meter = (pmoSystemStatus: number) => {
    nodes = [
      { name: 'Meter', addr: 3, type: 'pmo', installed: true, lost: false },
      { name: 'Other', addr: 4, type: 'pmo', installed: true, lost: false },
    ];
    ({ calls } = installFakeFetch({
      'GET /api/v2/grouped_devs': () => json(homes),
      [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () => json({ nodes }),
      [`GET /api/v2/devs/${DEV}/pmo/3/`]: () => json({ setup: { reverse_power: false } }),
      [`POST /api/v2/devs/${DEV}/pmo/3/select`]: () => json({}),
      [`POST /api/v2/devs/${DEV}/pmo/3/setup`]: () => json({}),
      [`GET /api/v2/devs/${DEV}/pmo_system`]: () =>
        pmoSystemStatus === 200
          ? json({ main_circuit_pmos: [3, 4], max_power_config: { profiles: [4000], slots: [] } })
          : json({ message: 'no', statusCode: pmoSystemStatus }, pmoSystemStatus),
      [`POST /api/v2/devs/${DEV}/pmo_system`]: () => json({}),
    }));
    renderRoute(
      '/homes/:homeId/devs/:devId/:nodeType/:addr/settings',
      <NodeConfigPage />,
      `/homes/h1/devs/${DEV}/pmo/3/settings`,
    );
  };

  test('reads the power system, shows the meter in the main circuit and saves the change', async () => {
    meter(200);
    const main = await screen.findByRole('switch', { name: 'Main circuit' });
    expect(main).toBeChecked();
    fireEvent.click(main);
    fireEvent.click(screen.getByText('Save'));
    await screen.findByText('Settings saved');
    expect(posts('/pmo_system').map((c) => JSON.parse(c.body ?? '{}'))).toEqual([
      { main_circuit_pmos: [4], max_power_config: { profiles: [4000], slots: [] } },
    ]);
  });

  test('without the power system the toggle is not offered, and a save leaves it alone', async () => {
    meter(400);
    fireEvent.click(await screen.findByRole('switch', { name: 'Reverse power' }));
    expect(screen.queryByRole('switch', { name: 'Main circuit' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('Save'));
    await screen.findByText('Settings saved');
    expect(posts('/pmo/3/setup')).toHaveLength(1);
    expect(posts('/pmo_system')).toHaveLength(0);
  });
});
