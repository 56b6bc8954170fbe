import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderWithApp } from '../../test/render';
import { tokenExpiringIn } from '../../test/tokens';
import { fakeSockets, home } from '../../test/fake-devices';
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
  const carousel = screen.getByRole('navigation', { name: 'Home' });
  expect(within(carousel).getAllByRole('button')).toHaveLength(8);
  expect(within(carousel).getByRole('button', { name: 'Home 0' })).toHaveAttribute(
    'aria-current',
    'true',
  );
});
