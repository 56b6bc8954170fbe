import { fireEvent, screen } from '@testing-library/react';
import type { GroupedHome } from '@hearth/protocol';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { HomeDetailsPage } from './home-details-page';

// The home details page's tests: one fake server, its fixture, and how they open the page.

export const DEV = 'aaaaaaaaaaaaaaaaa1';
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
/** What the fake server answers; a test changes it before it opens the page. */
export const fixture: {
  brandCapabilities: Record<string, unknown> | undefined;
  brandMaxRange: number | undefined;
  h1Position: { latitude: number; longitude: number } | undefined;
  h1Extra: Record<string, unknown>;
  geoSaveStatus: number;
  /** Status of the geo data and extra data reads (200: answered). */
  geoReadStatus: number;
  extraReadStatus: number;
} = {
  brandCapabilities: undefined,
  brandMaxRange: undefined,
  h1Position: undefined,
  h1Extra: {},
  geoSaveStatus: 200,
  geoReadStatus: 200,
  extraReadStatus: 200,
};

/** Signs in and installs the fake server with the default fixture; answers its call log. */
export function setUpHomeDetails(): RecordedCall[] {
  signIn();
  Object.assign(fixture, {
    brandCapabilities: undefined,
    brandMaxRange: undefined,
    h1Position: undefined,
    h1Extra: {},
    geoSaveStatus: 200,
    geoReadStatus: 200,
    extraReadStatus: 200,
  });
  return installFakeFetch({
    'GET /client-data/15/appParameters.json': () =>
      fixture.brandMaxRange === undefined
        ? json({ message: 'none' }, 404)
        : json({
            title: 'Brand',
            frontendHost: '',
            maxOutdoorRange: fixture.brandMaxRange,
          }),
    'GET /client-data/15/capabilities.json': () =>
      fixture.brandCapabilities ? json(fixture.brandCapabilities) : json({ message: 'none' }, 404),
    'GET /api/v2/grouped_devs': () => json(homes),
    'GET /api/location/v1/info': () => json(info),
    'GET /api/location/v1/coordinates': () => json({ lat: 40.4, lon: -3.7 }),
    'GET /api/v2/groups/h1/geo_data': () =>
      fixture.geoReadStatus !== 200
        ? json(
            { message: 'no', statusCode: fixture.geoReadStatus, error: 'x' },
            fixture.geoReadStatus,
          )
        : json({
            country: 'ES',
            state: 'Madrid',
            city: 'Madrid',
            zip: '28001',
            position: fixture.h1Position,
          }),
    'GET /api/v2/groups/h2/geo_data': () => json({}),
    'POST /api/v2/groups/h1/geo_data': () =>
      fixture.geoSaveStatus === 200
        ? json({})
        : json(
            { message: 'no', statusCode: fixture.geoSaveStatus, error: 'x' },
            fixture.geoSaveStatus,
          ),
    'POST /api/v2/groups/h1/name': () => json({}),
    'GET /api/v2/groups/h1/extra_data': () =>
      fixture.extraReadStatus === 200
        ? json(fixture.h1Extra)
        : json(
            { message: 'no', statusCode: fixture.extraReadStatus, error: 'x' },
            fixture.extraReadStatus,
          ),
    'POST /api/v2/groups/h1/extra_data': () => json({}),
    [`POST /api/v2/devs/${DEV}/pmo_system`]: () => json({}),
    [`GET /api/v2/devs/${DEV}/pmo_system`]: () =>
      json({ main_circuit_pmos: [3], max_power_config: { profiles: [], slots: [] } }),
    [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () => json({ nodes: [] }),
  }).calls;
}

export const open = (path: string) =>
  renderRoute('/list/homes/:homeId/:option', <HomeDetailsPage />, path);
export const save = () => fireEvent.click(screen.getByText('Save'));
