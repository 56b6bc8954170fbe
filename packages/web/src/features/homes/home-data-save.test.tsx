import { beforeEach, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import { SUCCESS_TOAST_MS } from '@hearth/protocol';
import type { RecordedCall } from '../../test/fake-fetch';
import { renderWithApp } from '../../test/render';
import { LocationProbe } from '../../test/route-render';
import { HomeDetailsPage } from './home-details-page';
import { fixture, save, setUpHomeDetails } from './home-details-test-kit';

let calls: RecordedCall[];
beforeEach(() => {
  calls = setUpHomeDetails();
});

const homeReads = () => calls.filter((c) => c.method === 'GET' && c.url.endsWith('/grouped_devs'));

test('a saved home data sends the new name, reads the homes again, toasts for 2 s, then goes back (spec 2 §4 Saves)', async () => {
  // The screen is opened from the home list, so going back has somewhere to go.
  renderWithApp(
    <>
      <Routes>
        <Route path="/list" element={<Link to="/list/homes/h1/data">Attic</Link>} />
        <Route path="/list/homes/:homeId/:option" element={<HomeDetailsPage />} />
      </Routes>
      <LocationProbe />
    </>,
    { path: '/list' },
  );
  fireEvent.click(screen.getByText('Attic'));
  await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Madrid'));
  fireEvent.change(screen.getByLabelText('Home name'), { target: { value: 'Loft' } });
  const readsBefore = homeReads().length;
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    save();
    await screen.findByText('Saved');
    const name = calls.find((c) => c.method === 'POST' && c.url.endsWith('/groups/h1/name'));
    expect(JSON.parse(name?.body ?? '{}')).toEqual({ name: 'Loft' });
    expect(homeReads().length).toBeGreaterThan(readsBefore);
    act(() => vi.advanceTimersByTime(SUCCESS_TOAST_MS - 200));
    expect(screen.getByTestId('location')).toHaveTextContent('/list/homes/h1/data');
    act(() => vi.advanceTimersByTime(400));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/list$/));
  } finally {
    vi.useRealTimers();
  }
});

test('an unchanged name is not written again', async () => {
  renderWithApp(
    <Routes>
      <Route path="/list/homes/:homeId/:option" element={<HomeDetailsPage />} />
    </Routes>,
    {
      path: '/list/homes/h1/data',
    },
  );
  await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Madrid'));
  save();
  await screen.findByText('Saved');
  expect(calls.some((c) => c.url.endsWith('/groups/h1/name'))).toBe(false);
});

/** The home data tab in admin mode, once its place has been read. */
async function openDataInAdminMode() {
  renderWithApp(
    <Routes>
      <Route path="/list/homes/:homeId/:option" element={<HomeDetailsPage />} />
    </Routes>,
    { path: '/list/homes/h1/data?adminMode=1' },
  );
  await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Madrid'));
}

test('in admin mode, a max power configuration flagged not editable cannot be changed (spec 2 §4)', async () => {
  fixture.h1Extra = { editable: false };
  await openDataInAdminMode();
  await waitFor(() => expect(screen.getByRole('radio', { name: 'Fixed limit' })).toBeDisabled());
});

test('the max power section waits for the home power data: a failed read is a data-update error, not defaults to save (spec 2 §8)', async () => {
  fixture.extraReadStatus = 503;
  await openDataInAdminMode();
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The information displayed may not be updated',
  );
  expect(screen.queryByRole('radio', { name: 'Fixed limit' })).not.toBeInTheDocument();
  // The place and name still save; no power data is written.
  fireEvent.click(screen.getByText('Save'));
  await waitFor(() =>
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/geo_data'))).toBe(true),
  );
  expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/extra_data'))).toBe(false);
});
