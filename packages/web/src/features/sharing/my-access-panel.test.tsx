import { beforeEach, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import { home, mgrNode } from '../../test/fake-devices';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import type { MyAccess } from '../../lib/sharing';
import { MyAccessPanel } from './my-access-panel';

const DEV = '0123456789abcdef01';
let access: () => Response;

beforeEach(() => {
  signIn();
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([home('h1', 'Casa', [DEV], false)]),
    [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () =>
      json({ nodes: [mgrNode('Kids room', 1), mgrNode('Study', 2)] }),
    'GET /api/v2/groups/h1/my_access': () => access(),
  });
});

const open = (owner = false) =>
  renderRoute(
    '/list/homes/:homeId/data',
    <MyAccessPanel homeId="h1" owner={owner} />,
    '/list/homes/h1/data',
  );
const answer = (a: MyAccess) => () => json(a);

test('a guest reads what they may do in this home, and no way to the activity log', async () => {
  access = answer({
    role: 'guest',
    scope: {
      nodes: [{ devId: DEV, type: 'htr', addr: 1 }],
      minC: 18,
      maxC: 22,
      modes: ['auto', 'manual'],
      boost: false,
      validFrom: '2026-12-01',
      validTo: '2026-12-08',
      weekly: [{ day: 6, from: '18:00', to: '22:00' }],
    },
    active: true,
    problem: null,
    time_zone: 'Europe/Madrid',
  });
  open();
  expect(await screen.findByTestId('my-access-role')).toHaveTextContent(
    'You are a guest: you may change the set point, mode and boost within these limits.',
  );
  const limits = screen.getByRole('list', { name: 'Your access' });
  expect(await within(limits).findByText('Rooms: Kids room')).toBeVisible();
  expect(limits).toHaveTextContent('Set point from 18 °C to 22 °C');
  expect(limits).toHaveTextContent('Modes: Auto, Manual');
  expect(limits).toHaveTextContent('No boost');
  expect(limits).toHaveTextContent('From Dec 1, 2026 to Dec 8, 2026');
  expect(limits).toHaveTextContent('Hours: Saturday 18:00–22:00');
  expect(screen.queryByRole('link', { name: 'Activity of this home' })).not.toBeInTheDocument();
});

test('a guest whose access has not started is told so', async () => {
  access = answer({
    role: 'guest',
    scope: { validFrom: '2027-01-01' },
    active: false,
    problem: 'not_yet_valid',
    time_zone: 'UTC',
  });
  open();
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Your access to this home has not started yet.',
  );
});

test('a resident reads their rights and reaches the activity log', async () => {
  access = answer({ role: 'resident', scope: {}, active: true, problem: null, time_zone: 'UTC' });
  open();
  expect(await screen.findByTestId('my-access-role')).toHaveTextContent(/You are a resident/);
  expect(screen.getByRole('link', { name: 'Activity of this home' })).toHaveAttribute(
    'href',
    '/homes/h1/activity',
  );
});

test('the owner is told they may do everything, without asking the server', async () => {
  access = () => json({ message: 'no', statusCode: 500, error: 'internal_error' }, 500);
  open(true);
  expect(screen.getByTestId('my-access-role')).toHaveTextContent(
    'You own this home: you may do everything.',
  );
  expect(screen.getByRole('link', { name: 'Activity of this home' })).toBeVisible();
});
