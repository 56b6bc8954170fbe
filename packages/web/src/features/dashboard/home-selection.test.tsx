import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderWithApp } from '../../test/render';
import { tokenExpiringIn } from '../../test/tokens';
import { fakeSockets, home, mgrNode } from '../../test/fake-devices';
import { useSessionStore } from '../../lib/session/session-store';
import { DashboardPage } from './dashboard-page';

const homes = (n: number) =>
  Array.from({ length: n }, (_, i) => home(`h${i}`, `Home ${i}`, [`dev${i}`], i !== 2));

beforeEach(() => {
  useSessionStore.getState().setSession({
    token: tokenExpiringIn(3_600_000),
    refreshToken: 'r',
    username: 'a@b.c',
  });
});
afterEach(() => vi.unstubAllGlobals());

test('more than 8 homes: a dropdown; homeIndex in the query picks the home', async () => {
  installFakeFetch({ 'GET /api/v2/grouped_devs': () => json(homes(9)) });
  renderWithApp(<DashboardPage />, { path: '/?homeIndex=2', connectDevice: fakeSockets().connect });
  expect(await screen.findByRole('heading', { name: 'Home 2 (guest)' })).toBeInTheDocument();
  const select = screen.getByRole('combobox', { name: 'Home' });
  expect(within(select).getAllByRole('option')).toHaveLength(9);
  expect(screen.queryByRole('navigation', { name: 'Home' })).not.toBeInTheDocument();
  await userEvent.selectOptions(select, 'Home 7');
  expect(await screen.findByRole('heading', { name: 'Home 7' })).toBeInTheDocument();
});

test('8 homes: a carousel; an index out of range falls back to the first home', async () => {
  installFakeFetch({ 'GET /api/v2/grouped_devs': () => json(homes(8)) });
  renderWithApp(<DashboardPage />, {
    path: '/?homeIndex=12',
    connectDevice: fakeSockets().connect,
  });
  expect(await screen.findByRole('heading', { name: 'Home 0' })).toBeInTheDocument();
  const carousel = screen.getByTestId('home-carousel');
  expect(within(carousel).getAllByRole('button')).toHaveLength(8);
  expect(within(carousel).getByRole('button', { name: 'Home 0' })).toHaveAttribute(
    'aria-current',
    'true',
  );
});

test('tabIndex in the query picks the tab; without heaters the power monitors are tab 0 (spec 3 §2)', async () => {
  const nodes = [mgrNode('Lounge', 1), mgrNode('Meter', 5, 'pmo')];
  installFakeFetch({
    'GET /api/v2/grouped_devs': () =>
      json([home('h1', 'Casa', ['dev1']), home('h2', 'Flat', ['dev2'])]),
    'GET /api/v2/devs/dev1/mgr/nodes': () => json({ nodes }),
    'GET /api/v2/devs/dev2/mgr/nodes': () => json({ nodes: [mgrNode('Meter', 5, 'pmo')] }),
  });
  const monitors = (m: readonly { node: { name: string } }[]) => (
    <p>monitors: {m.map((x) => x.node.name).join()}</p>
  );
  const first = renderWithApp(<DashboardPage renderPowerMonitors={monitors} />, {
    path: '/?homeIndex=0&tabIndex=1',
    connectDevice: fakeSockets().connect,
  });
  expect(await screen.findByRole('tab', { name: 'Power monitors (1)' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  expect(screen.getByText('monitors: Meter')).toBeInTheDocument();
  first.unmount();

  renderWithApp(<DashboardPage renderPowerMonitors={monitors} />, {
    path: '/?homeIndex=1&tabIndex=0',
    connectDevice: fakeSockets().connect,
  });
  expect(await screen.findByText('monitors: Meter')).toBeInTheDocument();
  expect(screen.queryByRole('tab', { name: /Heaters/ })).toBeNull();
});

test('more than 3 homes in the carousel: previous and next arrows, named and by keyboard (issue 25)', async () => {
  installFakeFetch({ 'GET /api/v2/grouped_devs': () => json(homes(8)) });
  renderWithApp(<DashboardPage />, { path: '/?homeIndex=0', connectDevice: fakeSockets().connect });
  expect(await screen.findByRole('heading', { name: 'Home 0' })).toBeInTheDocument();
  const carousel = screen.getByRole('navigation', { name: 'Home' });
  const previous = within(carousel).getByRole('button', { name: 'Previous home' });
  const next = within(carousel).getByRole('button', { name: 'Next home' });
  expect(previous).toBeDisabled();
  const user = userEvent.setup();
  next.focus();
  await user.keyboard('{Enter}');
  expect(await screen.findByRole('heading', { name: 'Home 1' })).toBeInTheDocument();
  await user.keyboard('{Enter}');
  expect(await screen.findByRole('heading', { name: 'Home 2 (guest)' })).toBeInTheDocument();
  await user.click(previous);
  expect(await screen.findByRole('heading', { name: 'Home 1' })).toBeInTheDocument();
});

test('3 homes or fewer fit the carousel: no arrows', async () => {
  installFakeFetch({ 'GET /api/v2/grouped_devs': () => json(homes(3)) });
  renderWithApp(<DashboardPage />, { connectDevice: fakeSockets().connect });
  const carousel = await screen.findByRole('navigation', { name: 'Home' });
  expect(within(carousel).getAllByRole('button')).toHaveLength(3);
});
