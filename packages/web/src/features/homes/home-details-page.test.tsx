import { beforeEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GroupedHome } from '@hearth/protocol';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { Link, Route, Routes, useNavigationType } from 'react-router-dom';
import { renderWithApp } from '../../test/render';
import { LocationProbe, renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { changeLanguage } from '../../lib/i18n';
import { LANG_STORAGE_KEY } from '../../lib/i18n/detect-language';
import { HomeDetailsPage } from './home-details-page';

vi.mock('./components/geo-map', () => ({
  GeoMap: (p: {
    zoom: number;
    range: number;
    marker?: { lat: number; lon: number };
    onPick: (at: { lat: number; lon: number }) => void;
  }) => (
    <div
      data-testid="map"
      data-zoom={p.zoom}
      data-range={p.range}
      data-marker={p.marker ? `${p.marker.lat},${p.marker.lon}` : 'none'}
    >
      <button type="button" onClick={() => p.onPick({ lat: 41, lon: 2 })}>
        Pick
      </button>
    </div>
  ),
}));

const DEV = 'aaaaaaaaaaaaaaaaa1';
const homes: GroupedHome[] = [
  {
    id: 'h1',
    name: 'Attic',
    owner: true,
    devs: [{ dev_id: DEV, name: 'Box', product_id: '0105', fw_version: '1', serial_id: '1' }],
  },
  { id: 'h2', name: 'Villa', owner: false, devs: [] },
];
const info = {
  ES: { zipFormat: '\\d{5}', states: { Madrid: 'Europe/Madrid', Girona: 'Europe/Madrid' } },
  GB: { zipFormat: '[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}', states: { London: 'Europe/London' } },
};
let calls: RecordedCall[];
let brandCapabilities: Record<string, unknown> | undefined;
let brandMaxRange: number | undefined;
let h1Position: { latitude: number; longitude: number } | undefined;
let h1Extra: Record<string, unknown>;
let geoSaveStatus = 200;

beforeEach(() => {
  signIn();
  brandCapabilities = undefined;
  brandMaxRange = undefined;
  h1Position = undefined;
  h1Extra = {};
  geoSaveStatus = 200;
  ({ calls } = installFakeFetch({
    'GET /client-data/15/appParameters.json': () =>
      brandMaxRange === undefined
        ? json({ message: 'none' }, 404)
        : json({ title: 'Brand', frontendHost: '', maxOutdoorRange: brandMaxRange }),
    'GET /client-data/15/capabilities.json': () =>
      brandCapabilities ? json(brandCapabilities) : json({ message: 'none' }, 404),
    'GET /api/v2/grouped_devs': () => json(homes),
    'GET /api/location/v1/info': () => json(info),
    'GET /api/location/v1/coordinates': () => json({ lat: 40.4, lon: -3.7 }),
    'GET /api/v2/groups/h1/geo_data': () =>
      json({ country: 'ES', state: 'Madrid', city: 'Madrid', zip: '28001', position: h1Position }),
    'GET /api/v2/groups/h2/geo_data': () => json({}),
    'POST /api/v2/groups/h1/geo_data': () =>
      geoSaveStatus === 200
        ? json({})
        : json({ message: 'no', statusCode: 400, error: 'validation_failed' }, 400),
    'POST /api/v2/groups/h1/name': () => json({}),
    'GET /api/v2/groups/h1/extra_data': () => json(h1Extra),
    'POST /api/v2/groups/h1/extra_data': () => json({}),
    [`POST /api/v2/devs/${DEV}/pmo_system`]: () => json({}),
    [`GET /api/v2/devs/${DEV}/pmo_system`]: () =>
      json({ main_circuit_pmos: [3], max_power_config: { profiles: [], slots: [] } }),
    [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () => json({ nodes: [] }),
    'GET /api/v2/groups/h1/guest_users': () => json({ guest_users: [{ email: 'bo@example.com' }] }),
    'POST /api/v2/users/u1/invite': () => json({}),
    'DELETE /api/v2/users/u1/invite': () => json({}),
  }));
});

const open = (path: string) =>
  renderRoute('/list/homes/:homeId/:option', <HomeDetailsPage />, path);
const save = () => fireEvent.click(screen.getByText('Save'));

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
    brandCapabilities = {
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
      'Please fill in these fields: City, Home name',
    );
  });

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
    h1Extra = {
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

describe('guests', () => {
  test('validates the e-mail, invites and revokes', async () => {
    open('/list/homes/h1/guests');
    await screen.findByText('bo@example.com');
    fireEvent.click(screen.getByText('Invite'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please fill in these fields: Guest e-mail',
    );
    fireEvent.change(screen.getByLabelText('Guest e-mail'), { target: { value: 'nobody' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByText('Invite'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail address is not valid');
    fireEvent.change(screen.getByLabelText('Guest e-mail'), {
      target: { value: 'cy@example.com' },
    });
    fireEvent.click(screen.getByText('Invite'));
    await screen.findByText('Invitation sent');
    const invite = calls.find((c) => c.method === 'POST' && c.url.endsWith('/invite'));
    expect(JSON.parse(invite?.body ?? '{}')).toMatchObject({
      email: 'cy@example.com',
      groupid: 'h1',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove bo@example.com' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    const revoke = calls.find((c) => c.method === 'DELETE');
    expect(JSON.parse(revoke?.body ?? '{}')).toEqual({ groupid: 'h1', email: 'bo@example.com' });
  });
});

describe('geolocation', () => {
  test("the range reads in the language's unit (DESIGN §5 i18n)", async () => {
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
    brandMaxRange = 600;
    const first = open('/list/homes/h1/geolocation');
    await waitFor(() => expect(screen.getByRole('slider')).toHaveAttribute('max', '600'));
    first.unmount();
    brandMaxRange = 5000;
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
    h1Position = { latitude: 40.5, longitude: -3.6 };
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
    geoSaveStatus = 400;
    open('/list/homes/h1/geolocation');
    await screen.findByTestId('map');
    fireEvent.click(screen.getByText('Save position'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your request could not be processed',
    );
    fireEvent.click(screen.getByText('Pick'));
    expect(screen.queryByRole('alert')).toBeNull();
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
