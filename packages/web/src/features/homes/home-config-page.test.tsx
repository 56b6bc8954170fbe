import { beforeEach, describe, expect, test } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GroupedHome } from '@hearth/protocol';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { errorBody } from '../../test/toast-count';
import { devData, fakeSockets } from '../../test/fake-devices';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { HomeConfigPage } from './home-config-page';

const A = 'aaaaaaaaaaaaaaaaa1';
const B = 'aaaaaaaaaaaaaaaaa2';
const dev = (dev_id: string) => ({
  dev_id,
  name: dev_id,
  product_id: '0105',
  fw_version: '1',
  serial_id: '1',
});
let homes: GroupedHome[];
let calls: RecordedCall[];
let presenceStatus = 200;
let presenceCode: string | undefined = 'too_many_changes';
let presenceReadStatus = 200;

beforeEach(() => {
  signIn();
  homes = [{ id: 'h1', name: 'Attic', owner: true, devs: [dev(A), dev(B)] }];
  presenceStatus = 200;
  presenceCode = 'too_many_changes';
  presenceReadStatus = 200;
  ({ calls } = installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    [`GET /api/v2/devs/${A}/mgr/nodes`]: () => json({ nodes: [] }),
    [`GET /api/v2/devs/${B}/mgr/nodes`]: () => json({ nodes: [] }),
    [`POST /api/v2/devs/${A}/mgr/away_status`]: () => json({}),
    [`POST /api/v2/devs/${B}/mgr/away_status`]: () => json({}),
    'GET /api/notifications/v1/h1/presence/config': () =>
      presenceReadStatus === 200
        ? json({ email: 'ana@example.com', enabled: false, excluded_nodes: [] })
        : json({ message: 'down', statusCode: presenceReadStatus, error: 'x' }, presenceReadStatus),
    'POST /api/notifications/v1/h1/presence/config': () =>
      json({ ...errorBody(presenceStatus, presenceCode), message: 'too many' }, presenceStatus),
    'POST /api/notifications/v1/h1/test': () => json({}),
  }));
});

const render = () => renderRoute('/homes/:homeId/config', <HomeConfigPage />, '/homes/h1/config');

describe('home system config', () => {
  test('away is set on every gateway of the home on save', async () => {
    render();
    fireEvent.click(await screen.findByRole('radio', { name: 'Away' }));
    fireEvent.click(screen.getByText('Save'));
    await screen.findByText('Saved');
    const away = calls.filter((c) => c.url.endsWith('/mgr/away_status'));
    expect(away.map((c) => [c.url.includes(A) ? 'A' : 'B', c.body]).sort()).toEqual([
      ['A', '{"away":true}'],
      ['B', '{"away":true}'],
    ]);
  });

  test('a half-away home saved as away sets away on the device that was at home', async () => {
    const sockets = fakeSockets();
    renderRoute('/homes/:homeId/config', <HomeConfigPage />, '/homes/h1/config', sockets.connect);
    await waitFor(() => expect([...sockets.open.keys()].sort()).toEqual([A, B]));
    act(() => {
      sockets.seed(A, devData([], { away_status: { enabled: true, away: true, forced: false } }));
      sockets.seed(B, devData([], { away_status: { enabled: true, away: false, forced: false } }));
    });
    // Shown as away (any device away); saving it as it is still sets it on every device.
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Away' })).toBeChecked());
    fireEvent.click(screen.getByText('Save'));
    await screen.findByText('Saved');
    const away = calls.filter((c) => c.url.endsWith('/mgr/away_status'));
    expect(away.map((c) => [c.url.includes(A) ? 'A' : 'B', c.body])).toEqual([
      ['B', '{"away":true}'],
    ]);
  });

  test('an untouched status is not written to devices not heard from yet', async () => {
    render();
    const email = await screen.findByLabelText('Notification e-mail');
    await waitFor(() => expect(email).not.toBeDisabled());
    fireEvent.change(email, { target: { value: 'bo@example.com' } });
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/presence/config'))).toBe(
        true,
      ),
    );
    expect(calls.filter((c) => c.url.endsWith('/mgr/away_status'))).toEqual([]);
  });

  test('the quiet-home flag is saved as soon as it changes, and can be tested', async () => {
    render();
    const toggle = await screen.findByRole('switch', { name: 'Notify me when the home is quiet' });
    await waitFor(() => expect(toggle).not.toBeDisabled());
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/presence/config'))).toBe(
        true,
      ),
    );
    const saved = calls.find((c) => c.method === 'POST' && c.url.endsWith('/presence/config'));
    expect(JSON.parse(saved?.body ?? '{}')).toMatchObject({
      enabled: true,
      email: 'ana@example.com',
    });
    fireEvent.click(await screen.findByText('Send a test'));
    await screen.findByText('Test notification sent');
  });

  test('a 429 on saving quiet-home shows the too-many-requests message', async () => {
    presenceStatus = 429;
    render();
    const toggle = await screen.findByRole('switch', { name: 'Notify me when the home is quiet' });
    await waitFor(() => expect(toggle).not.toBeDisabled());
    fireEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(/maximum number of changes/);
    // The refused change is not shown as made: the flag reads as the home still has it.
    expect(toggle).not.toBeChecked();
  });

  test.each([
    [429, 'too_many_changes', /maximum number of changes/],
    [429, undefined, /maximum number of changes/],
    [400, 'validation_failed', /Your request could not be processed/],
    [503, 'internal_error', /Your request could not be processed/],
  ])(
    "a quiet-home save answered %i %s says so on its line: the server's code says a throttle",
    async (status, code, said) => {
      presenceStatus = status;
      presenceCode = code;
      render();
      const toggle = await screen.findByRole('switch', {
        name: 'Notify me when the home is quiet',
      });
      await waitFor(() => expect(toggle).not.toBeDisabled());
      fireEvent.click(toggle);
      expect(await screen.findByRole('alert')).toHaveTextContent(said);
      expect(toggle).not.toBeChecked();
    },
  );

  test.each([404, 503])(
    'quiet-home data that fails to load (%i) says so with Retry, and is never saved over (ruling D13)',
    async (status) => {
      presenceReadStatus = status;
      render();
      const failed = await screen.findByTestId('quiet-load-failed', {}, { timeout: 5_000 });
      expect(failed).toHaveAttribute('role', 'alert');
      expect(failed).toHaveTextContent('The quiet-home settings could not be loaded.');
      // Nothing that reads as "not configured", nothing to change over what was not read.
      expect(screen.queryByRole('switch')).toBeNull();
      expect(screen.queryByLabelText('Notification e-mail')).toBeNull();
      // The away status was read from the devices: it can still be saved, alone.
      fireEvent.click(screen.getByRole('radio', { name: 'Away' }));
      fireEvent.click(screen.getByText('Save'));
      await screen.findByText('Saved');
      expect(calls.filter((c) => c.url.endsWith('/mgr/away_status'))).toHaveLength(2);
      expect(calls.filter((c) => c.method === 'POST' && c.url.includes('/presence/'))).toEqual([]);

      // Retry reads the settings again and shows them as the home has them.
      presenceReadStatus = 200;
      fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
      expect(await screen.findByLabelText('Notification e-mail')).toHaveValue('ana@example.com');
      expect(screen.queryByTestId('quiet-load-failed')).toBeNull();
    },
  );

  test('a guest whose quiet-home data fails to load is offered nothing to save', async () => {
    homes = [{ ...homes[0]!, owner: false }];
    presenceReadStatus = 404;
    render();
    await screen.findByTestId('quiet-load-failed');
    expect(screen.queryByText('Save')).toBeNull();
  });
});

describe('who may set the home away (ruling D21)', () => {
  test('a guest is offered neither at home / away nor a quiet-home change, and writes nothing', async () => {
    homes = [{ ...homes[0]!, owner: false }];
    const sockets = fakeSockets();
    renderRoute('/homes/:homeId/config', <HomeConfigPage />, '/homes/h1/config', sockets.connect);
    await waitFor(() => expect([...sockets.open.keys()].sort()).toEqual([A, B]));
    // Half away: the save an owner makes would write away to B.
    act(() => {
      sockets.seed(A, devData([], { away_status: { enabled: true, away: true, forced: false } }));
      sockets.seed(B, devData([], { away_status: { enabled: true, away: false, forced: false } }));
    });
    // Spec 2 §6: the guest sees the quiet-home settings, read only, and is told who changes
    // them; nothing is offered that the server would refuse. Where the notices go is the
    // owner's (the server does not tell a guest).
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/presence/config'))).toBe(true));
    await waitFor(() => expect(screen.getByRole('switch')).not.toBeChecked());
    expect(screen.getByRole('switch')).toBeDisabled();
    expect(screen.queryByLabelText('Notification e-mail')).toBeNull();
    expect(screen.queryByText('ana@example.com')).toBeNull();
    expect(screen.getByText("Only the home's owner can change these settings.")).toBeVisible();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Presence' })).toBeNull();
    expect(screen.queryByText('Save')).toBeNull();
    expect(screen.queryByText('Send a test')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  test('the owner is offered at home / away', async () => {
    render();
    const presence = await screen.findByRole('group', { name: 'Presence' });
    expect(within(presence).getByRole('radio', { name: 'At home' })).toBeInTheDocument();
    expect(within(presence).getByRole('radio', { name: 'Away' })).toBeInTheDocument();
  });
});

test('a home the user does not have says "Home not found" and offers no save (spec 2 §8)', async () => {
  renderRoute('/homes/:homeId/config', <HomeConfigPage />, '/homes/gone/config');
  expect(await screen.findByRole('status')).toHaveTextContent(/^Home not found$/);
  expect(screen.queryByText('Save')).toBeNull();
  expect(screen.queryByRole('switch')).toBeNull();
});
