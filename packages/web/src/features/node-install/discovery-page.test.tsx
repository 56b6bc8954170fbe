import { beforeEach, describe, expect, test } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { DevData, GroupedHome, MgrNode } from '@hearth/protocol';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { countToasts, errorBody } from '../../test/toast-count';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { useErrorToastStore } from '../../lib/http';
import type { DeviceSocketOptions } from '../../lib/socket/device-socket';
import { DiscoveryPage } from './discovery-page';
import { SelectDevicePage } from './select-device-page';

const DEV = 'aaaaaaaaaaaaaaaaa1';
const box = { dev_id: DEV, name: 'Box', product_id: '0105', fw_version: '1', serial_id: '1' };
const homes: GroupedHome[] = [{ id: 'h1', name: 'Attic', owner: true, devs: [box] }];
const node = (addr: number, type: MgrNode['type'] = 'htr', installed = true): MgrNode => ({
  name: `${type} ${addr}`,
  addr,
  type,
  installed,
  lost: false,
});
let nodes: MgrNode[];
let calls: RecordedCall[];
let socket: DeviceSocketOptions | undefined;
/** The device's power system as GET /pmo_system answers it: a max power schedule is set. */
const storedPmoSystem = {
  main_circuit_pmos: [],
  max_power_config: { profiles: [3000, 6000], slots: [{ m: 0, i: 1 }] },
};
let pmoSystemStatus: number;
let pmoSystemCode: string | undefined;

const snapshot = (discovery: 'on' | 'off'): DevData => ({
  connected: true,
  away_status: { enabled: false, away: false, forced: false },
  geo_data: {},
  discovery: { discovery },
  htr_system: { setup: { power_limit: '0' } },
  pmo_system: { main_circuit_pmos: [], max_power_config: { profiles: [], slots: [] } },
  nodes: [],
});

beforeEach(() => {
  signIn();
  nodes = [node(1)];
  socket = undefined;
  pmoSystemStatus = 200;
  pmoSystemCode = 'x';
  ({ calls } = installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () => json({ nodes }),
    [`POST /api/v2/devs/${DEV}/mgr/discovery`]: () => json({}),
    [`POST /api/v2/devs/${DEV}/pmo/2/name`]: () => json({}),
    [`POST /api/v2/devs/${DEV}/pmo_system`]: () => json({}),
    [`GET /api/v2/devs/${DEV}/pmo_system`]: () =>
      pmoSystemStatus === 200
        ? json(storedPmoSystem)
        : json(errorBody(pmoSystemStatus, pmoSystemCode), pmoSystemStatus),
  }));
});

function open(query: string) {
  return renderRoute(
    '/homes/:homeId/addNode/devs/:devId/selectType/selectModel/discovery',
    <DiscoveryPage />,
    `/homes/h1/addNode/devs/${DEV}/selectType/selectModel/discovery${query}`,
    (options) => {
      socket = options;
      options.onStatus('connected');
      return { close: () => undefined, resume: () => undefined };
    },
  );
}

const discoveryPosts = () =>
  calls
    .filter((c) => c.method === 'POST' && c.url.endsWith('/mgr/discovery'))
    .map((c) => JSON.parse(c.body ?? '{}'));

/** A node list update from the device, rendered before the next one (React Query notifies on a timer). */
async function appear(next: MgrNode[]) {
  nodes = next;
  await act(async () => {
    socket?.onUpdate({ path: '/mgr/nodes', body: { nodes: next } });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('node discovery', () => {
  test('starts on entry (a thermostat searches as a heater), counts finds, ends when the device stops', async () => {
    open('?nodeType=thm&nodeModel=SRE');
    await waitFor(() => expect(discoveryPosts()).toEqual([{ discovery: 'on', type: 'htr' }]));
    await waitFor(() => expect(socket).toBeDefined());
    await act(async () => socket?.onDevData(snapshot('on')));
    expect(screen.getByTestId('discovered-count')).toHaveTextContent('0');
    await appear([node(1), node(2)]);
    await waitFor(() => expect(screen.getByTestId('discovered-count')).toHaveTextContent('1'));
    await appear([node(1), node(2), node(3)]);
    await waitFor(() => expect(screen.getByTestId('discovered-count')).toHaveTextContent('2'));
    expect(
      screen.getByText('Searching for nodes… Put the node in pairing mode'),
    ).toBeInTheDocument();
    await act(async () => socket?.onUpdate({ path: '/mgr/discovery', body: { discovery: 'off' } }));
    await screen.findByText('Discovery finished');
  });

  test('a replacement at a given address ends after the first find', async () => {
    nodes = [node(1), node(4, 'htr', false)];
    open('?nodeType=htr&addr=4');
    await waitFor(() =>
      expect(discoveryPosts()).toEqual([{ discovery: 'on', type: 'htr', addr: 4 }]),
    );
    await screen.findByText('Searching for nodes… Put the node in pairing mode');
    await waitFor(() => expect(socket).toBeDefined());
    await appear([node(1), node(4)]);
    await screen.findByText('Discovery finished');
    expect(discoveryPosts().at(-1)).toEqual({ discovery: 'off' });
  });

  test('a replacement opened before the gateway reported the erase waits for the node to go and come back', async () => {
    nodes = [node(1), node(4)];
    open('?nodeType=htr&addr=4');
    await screen.findByText('Searching for nodes… Put the node in pairing mode');
    await waitFor(() => expect(socket).toBeDefined());
    expect(screen.getByTestId('discovered-count')).toHaveTextContent('0');
    await appear([node(1), node(4, 'htr', false)]);
    expect(screen.getByTestId('discovered-count')).toHaveTextContent('0');
    await appear([node(1), node(4)]);
    await screen.findByText('Discovery finished');
    expect(screen.getByTestId('discovered-count')).toHaveTextContent('1');
  });

  test('a found power monitor asks for its name and the main circuit', async () => {
    open('?nodeType=pmo');
    await screen.findByText('Searching for nodes… Put the node in pairing mode');
    await waitFor(() => expect(socket).toBeDefined());
    await appear([node(1), node(2, 'pmo')]);
    const dialog = await screen.findByRole('dialog', { name: 'New power monitor' });
    expect(dialog).toBeInTheDocument();
    expect(discoveryPosts().at(-1)).toEqual({ discovery: 'off' });
    fireEvent.change(screen.getByLabelText('Power monitor name'), { target: { value: 'Mains' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Main circuit' }));
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.url.endsWith('/pmo/2/name'))?.body).toBe('{"name":"Mains"}');
    // The device's max power configuration stays as it was, though no snapshot brought it.
    const written = calls.find((c) => c.method === 'POST' && c.url.endsWith('/pmo_system'));
    expect(JSON.parse(written?.body ?? '{}')).toEqual({
      ...storedPmoSystem,
      main_circuit_pmos: [2],
    });
  });

  test.each([
    [400, 'x'],
    [409, 'x'],
    [400, 'validation_failed'],
    [409, 'internal_error'],
  ])(
    'a power system that fails to load (%i %s) is the dataUpdate error, told once; the main circuit stays as it is (spec 2 §8)',
    async (status, code) => {
      useErrorToastStore.getState().dismiss();
      pmoSystemStatus = status;
      pmoSystemCode = code;
      const told = countToasts();
      open('?nodeType=pmo');
      await screen.findByText('Searching for nodes… Put the node in pairing mode');
      await waitFor(() => expect(socket).toBeDefined());
      await appear([node(1), node(2, 'pmo')]);
      await screen.findByRole('dialog', { name: 'New power monitor' });
      await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('dataUpdate'));
      expect(told()).toBe(1);
      expect(screen.getByRole('switch', { name: 'Main circuit' })).toBeDisabled();
      fireEvent.change(screen.getByLabelText('Power monitor name'), {
        target: { value: 'Mains' },
      });
      fireEvent.click(screen.getByText('Save'));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/pmo_system'))).toBe(false);
    },
  );

  test('the power monitor dialog takes the focus at its name; Escape skips it (docs/design.md §5)', async () => {
    open('?nodeType=pmo');
    await screen.findByText('Searching for nodes… Put the node in pairing mode');
    await waitFor(() => expect(socket).toBeDefined());
    await appear([node(1), node(2, 'pmo')]);
    await screen.findByRole('dialog', { name: 'New power monitor' });
    expect(screen.getByLabelText('Power monitor name')).toHaveFocus();
    fireEvent.keyDown(screen.getByLabelText('Power monitor name'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test("the power monitor's name is required; changing a field hides the message", async () => {
    open('?nodeType=pmo');
    await screen.findByText('Searching for nodes… Put the node in pairing mode');
    await waitFor(() => expect(socket).toBeDefined());
    await appear([node(1), node(2, 'pmo')]);
    await screen.findByRole('dialog', { name: 'New power monitor' });
    fireEvent.change(screen.getByLabelText('Power monitor name'), { target: { value: ' ' } });
    fireEvent.click(screen.getByText('Save'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You must complete the following fields: Power monitor name',
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Main circuit' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('Done stops discovery and goes to the dashboard at the home', async () => {
    open('?nodeType=htr');
    await screen.findByText('Searching for nodes… Put the node in pairing mode');
    fireEvent.click(screen.getByText('Done'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/?homeIndex=0'));
    expect(discoveryPosts().at(-1)).toEqual({ discovery: 'off' });
  });

  test.each([
    [400, 'x'],
    [409, 'x'],
    [409, 'device_conflict'],
    [409, 'internal_error'],
    [503, 'internal_error'],
  ])(
    "a stop that fails (%i %s) is the user-request error, each told once: the server's code says who tells it (spec 2 §8)",
    async (status, code) => {
      useErrorToastStore.getState().dismiss();
      const { calls: made } = installFakeFetch({
        'GET /api/v2/grouped_devs': () => json(homes),
        [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () => json({ nodes }),
        [`POST /api/v2/devs/${DEV}/mgr/discovery`]: (call) =>
          JSON.parse(call.body ?? '{}').discovery === 'off'
            ? json(errorBody(status, code), status)
            : json({}),
      });
      open('?nodeType=htr');
      await screen.findByText('Searching for nodes… Put the node in pairing mode');
      const told = countToasts();
      fireEvent.click(screen.getByText('Done'));
      await waitFor(() =>
        expect(screen.getByTestId('location')).toHaveTextContent('/?homeIndex=0'),
      );
      expect(useErrorToastStore.getState().kind).toBe('userRequest');
      // Each stop that failed is told once, by the HTTP layer or here, never by both.
      const stops = made.filter((c) => c.url.endsWith('/mgr/discovery') && c.body?.includes('off'));
      expect(stops.length).toBeGreaterThan(0);
      expect(told()).toBe(stops.length);
    },
  );
});

test.each([
  [400, 'x', 'Your request could not be processed', null],
  [500, 'x', null, 'userRequest'],
  [409, 'device_conflict', 'Your request could not be processed', null],
  [409, 'internal_error', null, 'userRequest'],
  [502, 'bad_gateway', null, 'userRequest'],
])(
  "a start failing with %i %s is told once: a refusal on the screen, the rest by the toast, as the server's code says (spec 1 §8)",
  async (status, code, line, toast) => {
    useErrorToastStore.getState().dismiss();
    const made = installFakeFetch({
      'GET /api/v2/grouped_devs': () => json(homes),
      [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () => json({ nodes }),
      [`POST /api/v2/devs/${DEV}/mgr/discovery`]: () => json(errorBody(status, code), status),
    }).calls;
    open('?nodeType=htr');
    await waitFor(() => expect(made.some((c) => c.url.endsWith('/mgr/discovery'))).toBe(true));
    await waitFor(() =>
      expect(screen.queryByText('Searching for nodes… Put the node in pairing mode')).toBeNull(),
    );
    expect(useErrorToastStore.getState().kind).toBe(toast);
    if (line) expect(screen.getByRole('alert')).toHaveTextContent(line);
    else expect(screen.queryByRole('alert')).toBeNull();
  },
);

test('choosing the device is skipped when the home has only one', async () => {
  renderRoute(
    '/homes/:homeId/addNode/devs/selectDevice',
    <SelectDevicePage />,
    '/homes/h1/addNode/devs/selectDevice?nodeType=acm',
  );
  await waitFor(() =>
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/homes/h1/addNode/devs/${DEV}/selectType/selectModel?nodeType=acm`,
    ),
  );
});

describe('a link to a home or device the user does not have (spec 2 §8)', () => {
  test('an unknown device says "Dev not found" and starts no discovery', async () => {
    renderRoute(
      '/homes/:homeId/addNode/devs/:devId/selectType/selectModel/discovery',
      <DiscoveryPage />,
      '/homes/h1/addNode/devs/bbbbbbbbbbbbbbbbb9/selectType/selectModel/discovery?nodeType=htr',
    );
    expect(await screen.findByText('Dev not found')).toHaveAttribute('role', 'status');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.filter((c) => c.url.endsWith('/mgr/discovery'))).toEqual([]);
  });

  test('an unknown home says "Home not found"', async () => {
    renderRoute(
      '/homes/:homeId/addNode/devs/:devId/selectType/selectModel/discovery',
      <DiscoveryPage />,
      `/homes/gone/addNode/devs/${DEV}/selectType/selectModel/discovery?nodeType=htr`,
    );
    expect(await screen.findByText('Home not found')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('Done')).toBeNull();
  });
});
