import { beforeEach, describe, expect, test } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { GroupedHome } from '@hearth/protocol';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { HomeListPage } from './home-list-page';
import { HomesSortPage } from './homes-sort-page';

const homes: GroupedHome[] = [
  { id: '7', name: 'Attic', owner: true, devs: [] },
  { id: '3', name: 'Villa', owner: false, devs: [] },
];

beforeEach(() => {
  signIn();
  installFakeFetch({ 'GET /api/v2/grouped_devs': () => json(homes) });
});

describe('home list', () => {
  test('sorts by id by default, marks guest homes and links each to its data', async () => {
    renderRoute('/list', <HomeListPage />, '/list');
    const list = await screen.findByRole('list', { name: 'Homes' });
    await within(list).findByText('Villa (guest)');
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Villa (guest)', 'Attic']);
    expect(links[1]).toHaveAttribute('href', '/list/homes/7/data');
  });

  test('sorts by name when that was chosen', async () => {
    localStorage.setItem('homesSortMethod', 'name');
    renderRoute('/list', <HomeListPage />, '/list');
    const list = await screen.findByRole('list', { name: 'Homes' });
    await within(list).findByText('Attic');
    expect(
      within(list)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Attic', 'Villa (guest)']);
  });

  test('offers adding a home (ethernet is available on the web) and the sort settings', async () => {
    renderRoute('/list', <HomeListPage />, '/list');
    expect(await screen.findByRole('link', { name: 'Add home' })).toHaveAttribute(
      'href',
      '/list/addHome/homeData',
    );
    expect(screen.getByRole('link', { name: 'Sort homes' })).toHaveAttribute(
      'href',
      '/list/config',
    );
  });

  test('a list left mounted under the sort settings shows the new order', async () => {
    renderRoute('/list', <HomeListPage />, '/list');
    renderRoute('/list/config', <HomesSortPage />, '/list/config');
    const list = await screen.findByRole('list', { name: 'Homes' });
    await within(list).findByText('Attic');
    const order = () =>
      within(list)
        .getAllByRole('link')
        .map((l) => l.textContent);
    expect(order()).toEqual(['Villa (guest)', 'Attic']);
    fireEvent.click(screen.getByRole('radio', { name: 'Name' }));
    expect(order()).toEqual(['Attic', 'Villa (guest)']);
  });

  test('the sort settings screen stores the choice', () => {
    renderRoute('/list/config', <HomesSortPage />, '/list/config');
    expect(screen.getByRole('radio', { name: 'Creation order' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Name' }));
    expect(localStorage.getItem('homesSortMethod')).toBe('name');
  });
});
