import { beforeEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import type { RecordedCall } from '../../test/fake-fetch';
import { renderWithApp } from '../../test/render';
import { LocationProbe } from '../../test/route-render';
import { useErrorToastStore } from '../../lib/http';
import { changeLanguage } from '../../lib/i18n';
import { LANG_STORAGE_KEY } from '../../lib/i18n/detect-language';
import { HomeDetailsPage } from './home-details-page';
import { fixture, open, setUpHomeDetails } from './home-details-test-kit';

vi.mock('./components/geo-map', () => import('./geo-map-double'));

let calls: RecordedCall[];
beforeEach(() => {
  calls = setUpHomeDetails();
});

describe('geolocation', () => {
  test('a failed read offers nothing to save (spec 2 §8: data-update error)', async () => {
    fixture.geoReadStatus = 400;
    open('/list/homes/h1/geolocation');
    // A refused read is left to the page (no toast), which says so.
    expect(await screen.findByText('The information displayed may not be updated')).toBeVisible();
    expect(useErrorToastStore.getState().kind).toBeNull();
    expect(screen.queryByText('Save position')).not.toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  test("the range reads in the language's unit (docs/design.md §5 i18n)", async () => {
    await changeLanguage('ru');
    try {
      open('/list/homes/h1/geolocation');
      await screen.findByTestId('map');
      expect(screen.getByTestId('geo-range')).toHaveTextContent('500 м');
      expect(screen.getByRole('slider', { name: /500 м/ })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
      localStorage.removeItem(LANG_STORAGE_KEY);
    }
  });

  test('the range snaps to 50 m, settles after 500 ms and sets the zoom', async () => {
    open('/list/homes/h1/geolocation');
    const map = await screen.findByTestId('map');
    expect(map).toHaveAttribute('data-range', '500');
    vi.useFakeTimers();
    try {
      const slider = screen.getByRole('slider');
      expect(slider).toHaveAttribute('min', '150');
      expect(slider).toHaveAttribute('max', '1000');
      fireEvent.change(slider, { target: { value: '640' } });
      expect(screen.getByTestId('geo-range')).toHaveTextContent('650 m');
      act(() => vi.advanceTimersByTime(499));
      expect(screen.getByTestId('map')).toHaveAttribute('data-range', '500');
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByTestId('map')).toHaveAttribute('data-range', '650');
      expect(screen.getByTestId('map')).toHaveAttribute('data-zoom', '14');
    } finally {
      vi.useRealTimers();
    }
    fireEvent.click(screen.getByText('Save position'));
    await screen.findByText('Position saved');
    const geo = calls.find((c) => c.method === 'POST' && c.url.endsWith('/geo_data'));
    expect(JSON.parse(geo?.body ?? '{}')).toMatchObject({
      outdoor_range: 650,
      position: { latitude: 40.4168 },
    });
  });

  test("the slider ends at the brand's largest range, never beyond 150–1000 m", async () => {
    fixture.brandMaxRange = 600;
    const first = open('/list/homes/h1/geolocation');
    await waitFor(() => expect(screen.getByRole('slider')).toHaveAttribute('max', '600'));
    first.unmount();
    fixture.brandMaxRange = 5000;
    const asked = calls.length;
    open('/list/homes/h1/geolocation');
    await screen.findByTestId('map');
    await waitFor(() =>
      expect(calls.slice(asked).some((c) => c.url.includes('appParameters'))).toBe(true),
    );
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByRole('slider')).toHaveAttribute('max', '1000');
  });

  test('the save-position marker shows only while the home has no saved position', async () => {
    open('/list/homes/h1/geolocation');
    expect(await screen.findByTestId('map')).toHaveAttribute('data-marker', '40.4168,-3.7038');
  });

  test('a home with a saved position shows no marker until a new point is picked', async () => {
    fixture.h1Position = { latitude: 40.5, longitude: -3.6 };
    open('/list/homes/h1/geolocation');
    expect(await screen.findByTestId('map')).toHaveAttribute('data-marker', 'none');
    fireEvent.click(screen.getByText('Save position'));
    await screen.findByText('Position saved');
    const kept = calls.find((c) => c.method === 'POST' && c.url.endsWith('/geo_data'));
    expect(JSON.parse(kept?.body ?? '{}').position).toEqual({ latitude: 40.5, longitude: -3.6 });
    fireEvent.click(screen.getByText('Pick'));
    expect(screen.getByTestId('map')).toHaveAttribute('data-marker', '41,2');
  });

  test('a position that cannot be saved says so; picking another point hides the message', async () => {
    fixture.geoSaveStatus = 400;
    open('/list/homes/h1/geolocation');
    await screen.findByTestId('map');
    fireEvent.click(screen.getByText('Save position'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your request could not be processed',
    );
    fireEvent.click(screen.getByText('Pick'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a position save failing with 503 is told once, by the error toast (spec 1 §8)', async () => {
    useErrorToastStore.getState().dismiss();
    fixture.geoSaveStatus = 503;
    open('/list/homes/h1/geolocation');
    await screen.findByTestId('map');
    fireEvent.click(screen.getByText('Save position'));
    await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Position saved')).toBeNull();
  });

  test('a saved position toasts for 2 s, then goes back', async () => {
    // The screen is opened from the home list, so going back has somewhere to go.
    renderWithApp(
      <>
        <Routes>
          <Route path="/list" element={<Link to="/list/homes/h1/geolocation">Attic</Link>} />
          <Route path="/list/homes/:homeId/:option" element={<HomeDetailsPage />} />
        </Routes>
        <LocationProbe />
      </>,
      { path: '/list' },
    );
    fireEvent.click(screen.getByText('Attic'));
    await screen.findByTestId('map');
    fireEvent.click(screen.getByText('Save position'));
    await screen.findByText('Position saved');
    expect(screen.getByTestId('location')).toHaveTextContent('/list/homes/h1/geolocation');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/list$/), {
      timeout: 3000,
    });
  });
});
