import { beforeEach, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { home, mgrNode } from '../../test/fake-devices';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import type { ActivityEntry } from './api/sharing-api';
import { ActivityPage } from './activity-page';

const DEV = '0123456789abcdef01';
const entry = (id: number, patch: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id,
  at: `2026-11-2${id}T10:00:00.000Z`,
  user_id: 'u2',
  actor: 'kid@example.com',
  source: 'app',
  via: '',
  dev_id: DEV,
  node_type: 'htr',
  node_addr: 1,
  action: 'post status',
  detail: { stemp: '21.5', units: 'C' },
  ...patch,
});
let calls: RecordedCall[];
let older: () => Response;

beforeEach(() => {
  signIn();
  older = () =>
    json({
      entries: [entry(1, { actor: 'ana@example.com', action: 'post prog', detail: {} })],
      next_before: null,
    });
  ({ calls } = installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([home('h1', 'Casa', [DEV])]),
    [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () => json({ nodes: [mgrNode('Kids room', 1)] }),
    'GET /api/v2/groups/h1/activity': (call) =>
      new URL(call.url, 'http://x').searchParams.get('before') === '2'
        ? older()
        : json({
            entries: [
              entry(3),
              entry(2, {
                actor: 'Hearth',
                source: 'automation',
                via: 'automation:optimum-start',
                detail: { mode: 'auto' },
              }),
            ],
            next_before: 2,
          }),
  }));
});

const open = () => renderRoute('/homes/:homeId/activity', <ActivityPage />, '/homes/h1/activity');

test('the log shows who changed what, where and from where, newest first, and pages on', async () => {
  const user = userEvent.setup();
  open();
  const list = await screen.findByRole('list', { name: 'Changes' });
  const rows = within(list).getAllByTestId('activity-entry');
  expect(rows).toHaveLength(2);
  expect(rows[0]).toHaveTextContent('kid@example.com');
  await waitFor(() =>
    expect(rows[0]).toHaveTextContent('Kids room · Set point or mode: set point 21.5 °C'),
  );
  expect(rows[0]).toHaveTextContent('From: App');
  expect(rows[1]).toHaveTextContent('From: Automation: Optimum start');
  expect(within(rows[0] as HTMLElement).getByText(/2026/)).toHaveAttribute(
    'datetime',
    '2026-11-23T10:00:00.000Z',
  );
  await user.click(screen.getByText('Show older', { exact: true }));
  await waitFor(() => expect(within(list).getAllByTestId('activity-entry')).toHaveLength(3));
  expect(within(list).getAllByTestId('activity-entry')[2]).toHaveTextContent('ana@example.com');
  expect(within(list).getAllByTestId('activity-entry')[2]).toHaveTextContent('Weekly programme');
  expect(screen.queryByText('Show older', { exact: true })).not.toBeInTheDocument();
  expect(
    calls.filter((c) => c.url.includes('/activity')).map((c) => new URL(c.url, 'http://x').search),
  ).toEqual(['?limit=50', '?limit=50&before=2']);
});

test('a log the server refuses says it could not be loaded, never an empty log', async () => {
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([home('h1', 'Casa', [DEV], false)]),
    'GET /api/v2/groups/h1/activity': () =>
      json(
        {
          message: 'Only the owner and residents may read the activity log',
          statusCode: 403,
          error: 'forbidden',
        },
        403,
      ),
  });
  open();
  expect(await screen.findByTestId('activity-load-failed')).toHaveTextContent(
    'The activity could not be loaded.',
  );
  expect(screen.queryByText('Nothing has changed in this home yet.')).not.toBeInTheDocument();
});
