import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUCCESS_TOAST_MS, type GroupedHome } from '@hearth/protocol';
import { installFakeFetch, json } from '../test/fake-fetch';
import { tokenExpiringIn } from '../test/tokens';
import { useSessionStore } from '../lib/session/session-store';
import type { DeviceConnection } from '../lib/socket/device-socket';
import { App } from './app';

const DEV = '0123456789abcdef01';
const homes: GroupedHome[] = [
  {
    id: 'h1',
    name: 'Casa Pins',
    owner: true,
    devs: [{ dev_id: DEV, name: 'Gateway', product_id: '0104', fw_version: '1', serial_id: '15' }],
  },
];
// The whole app mounts here (shell, menu, router); a busy 2-core machine needs more than the 1 s default.
const LOADED_MACHINE = { timeout: 10_000 };
// A test waits for up to two screens in turn: room for both waits.
const WHOLE_APP = { timeout: 30_000 };
const noSocket = (): DeviceConnection => ({ close: () => undefined, resume: () => undefined });

function signIn() {
  useSessionStore.getState().setSession({
    token: tokenExpiringIn(3_600_000),
    refreshToken: 'r',
    username: 'ana@example.com',
  });
}

/** What opening the side panel does for its content: Ionic's menu announces ionWillOpen. */
async function openMenu() {
  const menu = await waitFor(() => {
    const el = document.querySelector('ion-menu');
    if (!el) throw new Error('no side menu yet');
    return el;
  }, LOADED_MACHINE);
  fireEvent(menu, new CustomEvent('ionWillOpen'));
}

function openAt(path: string) {
  window.history.pushState({}, '', path);
  return render(<App connectDevice={noSocket} />);
}

// Screens are lazy chunks (app/pages.ts): compile the ones these tests open before any timing
// starts, as a browser would have them cached after the first visit.
beforeAll(async () => {
  await Promise.all([
    import('../features/auth'),
    import('../features/dashboard'),
    import('../features/about'),
    import('../features/confirmations'),
    import('../features/homes'),
    import('./side-menu'),
  ]);
}, 120_000);

afterEach(() => {
  useSessionStore.getState().clear();
  vi.unstubAllGlobals();
});

describe('routes', WHOLE_APP, () => {
  test('without a session the dashboard sends the user to /login', async () => {
    installFakeFetch({});
    openAt('/');
    expect(
      await screen.findByRole('heading', { name: 'Sign in' }, LOADED_MACHINE),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });

  test('an unknown path goes to the dashboard', async () => {
    signIn();
    installFakeFetch({ 'GET /api/v2/grouped_devs': () => json(homes) });
    openAt('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: 'Casa Pins' }, LOADED_MACHINE),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  test('a 401 from the API ends the session and shows the login', async () => {
    signIn();
    installFakeFetch({
      'GET /api/v2/grouped_devs': () => json({ message: 'expired', statusCode: 401 }, 401),
    });
    openAt('/');
    expect(
      await screen.findByRole('heading', { name: 'Sign in' }, LOADED_MACHINE),
    ).toBeInTheDocument();
    expect(useSessionStore.getState().token).toBe('');
  });

  test('the menu leads to the home list and back to the dashboard', async () => {
    signIn();
    installFakeFetch({ 'GET /api/v2/grouped_devs': () => json(homes) });
    openAt('/');
    await screen.findByRole('heading', { name: 'Casa Pins' }, LOADED_MACHINE);
    // The panel's entries are built when it first opens, not with the page under it.
    expect(screen.queryByTestId('menu-homes')).not.toBeInTheDocument();
    await openMenu();
    await userEvent.click(await screen.findByTestId('menu-homes', {}, LOADED_MACHINE));
    const list = await screen.findByRole('list', { name: 'Homes' }, LOADED_MACHINE);
    expect(within(list).getByRole('link', { name: 'Casa Pins' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('menu-dashboard'));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  test("the app takes its page title from the brand's client data (spec 1 §7 appParameters)", async () => {
    signIn();
    installFakeFetch({
      'GET /api/v2/grouped_devs': () => json(homes),
      'GET /client-data/15/appParameters.json': () =>
        json({ title: 'Calora Home', frontendHost: '', maxOutdoorRange: 800 }),
    });
    openAt('/');
    await screen.findByRole('heading', { name: 'Casa Pins' }, LOADED_MACHINE);
    await waitFor(() => expect(document.title).toBe('Calora Home'), LOADED_MACHINE);
  });

  test('logging out from the menu clears the session', async () => {
    signIn();
    installFakeFetch({ 'GET /api/v2/grouped_devs': () => json(homes) });
    openAt('/');
    await screen.findByRole('heading', { name: 'Casa Pins' }, LOADED_MACHINE);
    await openMenu();
    await userEvent.click(await screen.findByTestId('menu-logout', {}, LOADED_MACHINE));
    expect(
      await screen.findByRole('heading', { name: 'Sign in' }, LOADED_MACHINE),
    ).toBeInTheDocument();
    expect(useSessionStore.getState().token).toBe('');
  });
});

describe('account pages', WHOLE_APP, () => {
  test('about shows the app version and the server version cut to 4 commit characters', async () => {
    signIn();
    installFakeFetch({
      'GET /api/v2/grouped_devs': () => json(homes),
      'GET /version': () => json({ major: '1', minor: '2', subminor: '3', commit: 'abcdef12' }),
    });
    openAt('/about');
    expect(await screen.findByText('1.2.3 (abcd)', {}, LOADED_MACHINE)).toBeInTheDocument();
    expect(screen.getByText('1.41.0-6')).toBeInTheDocument();
  });

  test('about-lift, about-slide and about-fade open About with their transition', async () => {
    signIn();
    installFakeFetch({
      'GET /api/v2/grouped_devs': () => json(homes),
      'GET /version': () => json({ major: '1', minor: '2', subminor: '3', commit: 'abcdef12' }),
    });
    const view = openAt('/about-slide');
    expect(await screen.findByText('1.2.3 (abcd)', {}, LOADED_MACHINE)).toBeInTheDocument();
    expect(view.container.querySelector('[data-transition="slide"]')).not.toBeNull();
    view.unmount();
    openAt('/about-fade');
    expect(await screen.findByText('1.2.3 (abcd)', {}, LOADED_MACHINE)).toBeInTheDocument();
    expect(document.querySelector('[data-transition="fade"]')).not.toBeNull();
  });

  test('the privacy-policy-update dialog leaves the privacy and terms pages it links to readable', async () => {
    signIn();
    installFakeFetch({
      'GET /api/v2/grouped_devs': () => json(homes),
      'GET /api/v2/users/u1/privacy': () => json({ accepted: false, date: null }),
      'GET /version': () => json({ major: '1', minor: '2', subminor: '3', commit: 'abcdef12' }),
    });
    const about = openAt('/about');
    const dialog = await screen.findByRole('dialog', {}, LOADED_MACHINE);
    expect(dialog).toHaveTextContent('Privacy policy update');
    // Its privacy link opens the privacy page, where the policy can be read and accepted.
    await userEvent.click(within(dialog).getByRole('link', { name: 'Privacy policy' }));
    expect(
      await screen.findByText('The data we keep about you', {}, LOADED_MACHINE),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    about.unmount();
    // Its terms link opens the terms in a new tab, where the app starts on /terms.
    openAt('/terms');
    expect(await screen.findByText('Your account', {}, LOADED_MACHINE)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('moving on from the account page within its 2 s of success cancels its way back (spec 1 §2)', async () => {
    signIn();
    installFakeFetch({
      'GET /api/v2/grouped_devs': () => json(homes),
      'GET /api/v2/users/u1/privacy': () => json({ accepted: true, date: null }),
      'POST /api/v2/users/u1/email': () => json({ message: 'ok' }),
      'GET /version': () => json({ major: '1', minor: '2', subminor: '3', commit: 'abcdef12' }),
    });
    openAt('/');
    await screen.findByRole('heading', { name: 'Casa Pins' }, LOADED_MACHINE);
    await openMenu();
    await userEvent.click(await screen.findByTestId('menu-account', {}, LOADED_MACHINE));
    fireEvent.change(await screen.findByLabelText('New e-mail', {}, LOADED_MACHINE), {
      target: { value: 'new@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), {
      target: { value: 'secret_1' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
    await screen.findByText('We sent a confirmation link to the new address.', {}, LOADED_MACHINE);
    await userEvent.click(screen.getByTestId('menu-about'));
    await screen.findByText('1.2.3 (abcd)', {}, LOADED_MACHINE);
    await new Promise((resolve) => setTimeout(resolve, SUCCESS_TOAST_MS + 300));
    expect(window.location.pathname).toBe('/about');
  });

  test('the remove-account help lists the three sections, then leads to the delete button (spec 1 §2)', async () => {
    signIn();
    installFakeFetch({
      'GET /api/v2/grouped_devs': () => json(homes),
      'GET /api/v2/users/u1/privacy': () => json({ accepted: true, date: null }),
    });
    openAt('/removeAccountHelp');
    const steps = await screen.findByRole('list', {}, LOADED_MACHINE);
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split(':')[0]),
    ).toEqual(['E-mail', 'Password', 'Configuration']);
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(window.location.pathname).toBe('/account'));
    expect(
      await screen.findByText(/^Deleting your account removes/, {}, LOADED_MACHINE),
    ).toBeInTheDocument();
  });

  test('confirmation screens open without a session and report a failed code', async () => {
    installFakeFetch({
      'POST /api/v2/users/verify': () =>
        json({ message: 'bad code', statusCode: 404, error: 'not_found' }, 404),
    });
    openAt('/registration-confirm/01.01?user=u1&code=nope');
    expect(await screen.findByText('Confirmation failed', {}, LOADED_MACHINE)).toBeInTheDocument();
  });
});
