import { beforeEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useNavigationType } from 'react-router-dom';
import type { RecordedCall } from '../../test/fake-fetch';
import { useErrorToastStore } from '../../lib/http';
import { renderWithApp } from '../../test/render';
import { LocationProbe } from '../../test/route-render';
import { HomeDetailsPage } from './home-details-page';
import { DEV, fixture, open, save, setUpHomeDetails } from './home-details-test-kit';

vi.mock('./components/geo-map', () => import('./geo-map-double'));

let calls: RecordedCall[];
beforeEach(() => {
  calls = setUpHomeDetails();
});

describe('home details carousel', () => {
  test('owners see four options; guests only data and geolocation', async () => {
    open('/list/homes/h1/data');
    const nav = await screen.findByRole('navigation', { name: 'Home options' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Devices', 'Guests', 'Home data', 'Geolocation']);
  });

  test('a brand without invitations or geolocation leaves those options out', async () => {
    fixture.brandCapabilities = {
      supportedNodeTypes: ['htr'],
      supportedLanguages: ['en'],
      supportedTimezones: ['Europe/Madrid'],
      wifiSmartboxAvailable: true,
      geolocationEnabled: false,
      inviteEnabled: false,
      powerScheduleAvailable: true,
      sampleDownloadEnabled: true,
      htrPowerLimitAvailable: true,
    };
    open('/list/homes/h1/data');
    const nav = await screen.findByRole('navigation', { name: 'Home options' });
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['Devices', 'Home data']),
    );
  });

  test('switching option replaces the route and keeps the query', async () => {
    function HowArrived() {
      return <span data-testid="arrived">{useNavigationType()}</span>;
    }
    renderWithApp(
      <>
        <Routes>
          <Route path="/list/homes/:homeId/:option" element={<HomeDetailsPage />} />
        </Routes>
        <LocationProbe />
        <HowArrived />
      </>,
      { path: '/list/homes/h1/data?adminMode=1' },
    );
    const nav = await screen.findByRole('navigation', { name: 'Home options' });
    fireEvent.click(within(nav).getByText('Geolocation'));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/list/homes/h1/geolocation?adminMode=1',
    );
    expect(screen.getByTestId('arrived')).toHaveTextContent('REPLACE');
  });

  test('a home the user does not have says "Home not found" and stays put (spec 2 §8)', async () => {
    open('/list/homes/gone/data?x=1');
    expect(await screen.findByText('Home not found')).toHaveAttribute('role', 'status');
    expect(screen.getByTestId('location')).toHaveTextContent('/list/homes/gone/data?x=1');
    expect(screen.queryByRole('navigation', { name: 'Home options' })).toBeNull();
  });

  test("the guests option is the sharing screens' tab for the home, and the home data shows the member's access", async () => {
    const slots = {
      guests: ({ homeId }: { homeId: string }) => <p>people of {homeId}</p>,
      access: ({ homeId, owner }: { homeId: string; owner: boolean }) => (
        <p>
          access to {homeId} {owner ? 'as owner' : 'as member'}
        </p>
      ),
    };
    renderWithApp(
      <>
        <Routes>
          <Route path="/list/homes/:homeId/:option" element={<HomeDetailsPage sharing={slots} />} />
        </Routes>
        <LocationProbe />
      </>,
      { path: '/list/homes/h1/guests' },
    );
    expect(await screen.findByText('people of h1')).toBeVisible();
    expect(screen.queryByText(/access to/)).toBeNull();
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Home options' })).getByText('Home data'),
    );
    expect(await screen.findByText('access to h1 as owner')).toBeVisible();
    expect(screen.queryByText('people of h1')).toBeNull();
  });

  test('a guest sent to the guests tab lands on the home data', async () => {
    open('/list/homes/h2/guests?x=1');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/list/homes/h2/data?x=1'),
    );
    const nav = await screen.findByRole('navigation', { name: 'Home options' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home data', 'Geolocation']);
    expect(screen.getByLabelText('City')).toHaveAttribute('readonly');
  });
});

describe('home data form', () => {
  test('lists the missing fields after the fields message', async () => {
    open('/list/homes/h1/data');
    const city = await screen.findByLabelText('City');
    await waitFor(() => expect(city).toHaveValue('Madrid'));
    fireEvent.change(city, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Home name'), { target: { value: ' ' } });
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You must complete the following fields: City, Home name',
    );
  });

  test.each([
    [400, 'Your request could not be processed', null],
    [500, null, 'userRequest'],
  ])(
    'a home data save failing with %i is told once: a refusal on the form, the rest by the toast (spec 1 §8)',
    async (status, line, toast) => {
      useErrorToastStore.getState().dismiss();
      fixture.geoSaveStatus = status;
      open('/list/homes/h1/data');
      await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Madrid'));
      save();
      await waitFor(() =>
        expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/geo_data'))).toBe(true),
      );
      await waitFor(() => expect(useErrorToastStore.getState().kind).toBe(toast));
      if (line) expect(await screen.findByRole('alert')).toHaveTextContent(line);
      else expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByText('Saved')).toBeNull();
    },
  );

  test('the region resets when the country changes and the postcode is checked and uppercased', async () => {
    open('/list/homes/h1/data');
    const country = await screen.findByLabelText('Country');
    await waitFor(() => expect(screen.getByLabelText('Region')).toHaveValue('Madrid'));
    fireEvent.change(country, { target: { value: 'GB' } });
    expect(screen.getByLabelText('Region')).toHaveValue('');
    fireEvent.change(screen.getByLabelText('Region'), { target: { value: 'London' } });
    fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: 'sw1a 1aa' } });
    expect(screen.getByLabelText('Postcode')).toHaveValue('SW1A 1AA');
    fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: '28001' } });
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The postcode does not have the format of the country',
    );
    fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: 'sw1a 1aa' } });
    expect(screen.queryByRole('alert')).toBeNull();
    save();
    await screen.findByText('Saved');
    const geo = calls.find((c) => c.method === 'POST' && c.url.endsWith('/geo_data'));
    expect(JSON.parse(geo?.body ?? '{}')).toMatchObject({
      country: 'GB',
      state: 'London',
      zip: 'SW1A 1AA',
      tz_code: 'Europe/London',
      coarsePosition: { latitude: 40.4, longitude: -3.7 },
    });
  });

  test('country, region, city, postcode and home name, then the max power section, then save and back', async () => {
    open('/list/homes/h1/data');
    const form = await screen.findByRole('region', { name: 'Home data' });
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Madrid'));
    const fields = [...form.querySelectorAll('select, input:not([type=radio]), legend')].map(
      (el) => (el.tagName === 'LEGEND' ? el.textContent : el.id),
    );
    expect(fields).toEqual([
      'homes-country',
      'homes-state',
      'homes-city',
      'homes-zip',
      'homes-name',
      'Maximum power',
    ]);
    const buttons = [...form.querySelectorAll('ion-button')].map((b) => b.textContent);
    expect(buttons).toEqual(['Save', 'Back']);
  });

  test('a max power type saved in the other notation (NO_POWER_LIMIT…) is the type shown', async () => {
    fixture.h1Extra = {
      maxPowerType: 'NO_POWER_LIMIT',
      maxPowerProfiles: [{ name: 'x', color: '#000000', value: -1 }],
    };
    open('/list/homes/h1/data');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'No limit' })).toBeChecked());
    expect(screen.getByRole('radio', { name: 'Fixed limit' })).not.toBeChecked();
  });

  test('outside admin mode an owner sees the max power but cannot change it', async () => {
    open('/list/homes/h1/data');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Madrid'));
    expect(screen.getByRole('radio', { name: 'Fixed limit' })).toBeDisabled();
  });

  test('the power schedule link shows whatever the max power type', async () => {
    open('/list/homes/h1/data?adminMode=1');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Madrid'));
    const href = `/homes/h1/devs/${DEV}/powerSchedule`;
    for (const type of ['No limit', 'Fixed limit', 'Power schedule']) {
      fireEvent.click(screen.getByRole('radio', { name: type }));
      expect(screen.getByRole('link', { name: 'Edit the power schedule' })).toHaveAttribute(
        'href',
        href,
      );
    }
  });

  test('a fixed max power outside 1000–60000 W is refused', async () => {
    open('/list/homes/h1/data?adminMode=1');
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Madrid'));
    fireEvent.click(screen.getByRole('radio', { name: 'Fixed limit' }));
    expect(screen.getByLabelText('Limit (W)')).toHaveValue('5000');
    fireEvent.change(screen.getByLabelText('Limit (W)'), { target: { value: '999' } });
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent('between 1000 and 60000 W');
    fireEvent.change(screen.getByLabelText('Limit (W)'), { target: { value: '60000' } });
    save();
    await screen.findByText('Saved');
    const pmo = calls.find((c) => c.method === 'POST' && c.url.endsWith('/pmo_system'));
    expect(JSON.parse(pmo?.body ?? '{}').max_power_config.profiles).toEqual([60000]);
    // The device's main-circuit power monitors stay as they were.
    expect(JSON.parse(pmo?.body ?? '{}').main_circuit_pmos).toEqual([3]);
  });
});
