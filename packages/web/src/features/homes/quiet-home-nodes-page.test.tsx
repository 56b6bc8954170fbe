import { beforeEach, expect, test } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { GroupedHome } from '@hearth/protocol';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { QuietHomeNodesPage } from './quiet-home-nodes-page';

const A = 'aaaaaaaaaaaaaaaaa1';
const homes: GroupedHome[] = [
  {
    id: 'h1',
    name: 'Attic',
    owner: true,
    devs: [{ dev_id: A, name: 'Box', product_id: '0105', fw_version: '1', serial_id: '1' }],
  },
];
let calls: RecordedCall[];
let status = 200;
let readStatus = 200;

beforeEach(() => {
  signIn();
  status = 200;
  readStatus = 200;
  ({ calls } = installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    [`GET /api/v2/devs/${A}/mgr/nodes`]: () =>
      json({
        nodes: [
          { name: 'Hall', addr: 1, type: 'htr', installed: true, lost: false },
          { name: 'Study', addr: 2, type: 'htr', installed: true, lost: false },
        ],
      }),
    'GET /api/notifications/v1/h1/presence/config': () =>
      readStatus === 200
        ? json({
            email: 'ana@example.com',
            enabled: true,
            excluded_nodes: [{ devid: A, nodes: [2] }],
          })
        : json({ message: 'down', statusCode: readStatus, error: 'x' }, readStatus),
    'POST /api/notifications/v1/h1/presence/config': () =>
      status === 200
        ? json({})
        : json({ message: 'too many', statusCode: status, error: 'too_many_changes' }, status),
  }));
});

const open = () =>
  renderRoute(
    '/homes/:homeId/config/quietHomeNodes',
    <QuietHomeNodesPage />,
    '/homes/h1/config/quietHomeNodes',
  );

test('excluded nodes are saved; after a refused save, changing a node hides the error', async () => {
  status = 429;
  open();
  expect(await screen.findByRole('checkbox', { name: 'Exclude Study' })).toBeChecked();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Exclude Hall' }));
  fireEvent.click(screen.getByText('Save'));
  expect(await screen.findByRole('alert')).toHaveTextContent(/maximum number of changes/);
  status = 200;
  fireEvent.click(screen.getByRole('checkbox', { name: 'Exclude Study' }));
  expect(screen.queryByRole('alert')).toBeNull();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Exclude Study' }));
  fireEvent.click(screen.getByText('Save'));
  await screen.findByText('Saved');
  const saved = calls.filter((c) => c.method === 'POST').at(-1);
  expect(JSON.parse(saved?.body ?? '{}')).toEqual({
    email: 'ana@example.com',
    enabled: true,
    excluded_nodes: [{ devid: A, nodes: [1, 2] }],
  });
});

test('a home the user does not have says "Home not found" and offers no save (spec 2 §8)', async () => {
  renderRoute(
    '/homes/:homeId/config/quietHomeNodes',
    <QuietHomeNodesPage />,
    '/homes/gone/config/quietHomeNodes',
  );
  expect(await screen.findByRole('status')).toHaveTextContent(/^Home not found$/);
  expect(screen.queryByText('Save')).toBeNull();
});

test.each([404, 503])(
  'excluded nodes that fail to load (%i) say so with Retry, and offer nothing to save over (ruling D13)',
  async (failing) => {
    readStatus = failing;
    open();
    const failed = await screen.findByTestId('quiet-load-failed', {}, { timeout: 5_000 });
    expect(failed).toHaveAttribute('role', 'alert');
    expect(failed).toHaveTextContent('The quiet-home settings could not be loaded.');
    // Not an empty list of nodes that reads as "none excluded", and no Save.
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByText('Save')).toBeNull();
    readStatus = 200;
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('checkbox', { name: 'Exclude Study' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Exclude Hall' })).not.toBeChecked();
    expect(screen.queryByTestId('quiet-load-failed')).toBeNull();
    expect(screen.getByText('Save')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  },
);
