import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { WIFI_HEATER_PRODUCT_IDS, type BrandsFile, type GroupedHome } from '@hearth/protocol';
import { useBrandingStore } from '../../lib/branding';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { AddHomeWizardPage, type WifiConnectionStep } from './add-home-wizard-page';
import { useWizardStore } from './model/wizard-store';

const DEV = '0123456789abcdef77';
const item = (codigo: string) => ({ codigo, ruta_imagen: 'img/', nombre_imagen: `${codigo}.png` });
const brands: BrandsFile = {
  '01': {
    css: { brand: 'hearth', sbrand: '', cprimary: '#c9430e' },
    cprimary: '#c9430e',
    clight: '#ff8a50',
    cdark: '#a33a0b',
    cdarksh: '#7a2b08',
    brand_soporte: 'support@hearth.example',
    brand_url_label: 'hearth.example',
    productos: [
      {
        Radiadores: [item('RMN')],
        wifiHeaters: [item('0A31'), item('0A39')],
        Acumuladores: [],
        Termostatos: [],
        Medidores: [],
      },
    ],
  },
};
const filled = { country: 'ES', state: 'Madrid', city: 'M', zip: '28001', name: 'Cabin' };
let homes: GroupedHome[] = [];
let calls: RecordedCall[];

/** The wifi sub-steps are their own feature: here the heater "connects" at once. */
const connectAtOnce: WifiConnectionStep = ({ onDone }) => (
  <button type="button" onClick={() => onDone(DEV)}>
    Heater connected
  </button>
);

beforeEach(() => {
  signIn();
  homes = [{ id: 'h1', name: 'Cabin', owner: true, devs: [] }];
  useWizardStore.getState().reset();
  ({ calls } = installFakeFetch({
    'GET /api/v2/grouped_devs': () => json(homes),
    'GET /api/v2/groups/h1/geo_data': () =>
      json({ country: 'ES', state: 'Madrid', city: 'M', zip: '28001', tz_code: 'Europe/Madrid' }),
    'GET /health_check': () => json({ message: 'ok' }),
    'GET /api/v2/devs': () => json({ devs: [], invited_to: [] }),
    'POST /api/v2/devs': () => json({}, 201),
    [`GET /api/v2/devs/${DEV}/connected`]: () => json({ connected: true }),
  }));
});
afterEach(() => useBrandingStore.setState({ brands: null }));

const models = () =>
  screen
    .getByRole('group', { name: 'Which heater model are you installing?' })
    .querySelectorAll('label');
const location = () => screen.getByTestId('location');

describe('wifi heater path: node model selection (spec 2 §2)', () => {
  test('without a brand file the models are the wifi heater product ids of the spec, labelled by the translations', () => {
    useWizardStore.getState().set({ deviceType: 'wifiHtr', home: filled });
    renderRoute(
      '/list/addHome/:step',
      <AddHomeWizardPage wifiConnection={connectAtOnce} />,
      '/list/addHome/deviceModel',
    );
    expect([...models()].map((l) => l.textContent)).toEqual(
      WIFI_HEATER_PRODUCT_IDS.map((code) => `Wi-Fi heater ${code}`),
    );
    expect(screen.getByTestId('wizard-step')).toHaveTextContent('Step 2 of 3: Device connection');
  });

  test("lists the brand's wifi heaters, keeps nodeType, deviceType and devid, and registers as 021D whatever the model", async () => {
    useBrandingStore.setState({ brands });
    renderRoute(
      '/list/homes/:homeId/devices/addDevice/:step',
      <AddHomeWizardPage wifiConnection={connectAtOnce} />,
      `/list/homes/h1/devices/addDevice/deviceModel?deviceType=wifiHtr&nodeType=htr&devid=${DEV}`,
    );
    await waitFor(() => expect(useWizardStore.getState().tzCode).toBe('Europe/Madrid'));
    expect([...models()].map((l) => l.textContent)).toEqual([
      'Wi-Fi heater 0A31',
      'Wi-Fi heater 0A39',
    ]);
    expect(screen.getByRole('radio', { name: 'Wi-Fi heater 0A31' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Wi-Fi heater 0A39' }));
    fireEvent.click(screen.getByText('Next'));
    const kept = `?nodeType=htr&deviceType=wifiHtr&devid=${DEV}`;
    expect(location()).toHaveTextContent(
      `/list/homes/h1/devices/addDevice/deviceConnection${kept}`,
    );
    fireEvent.click(screen.getByText('Heater connected'));
    expect(location()).toHaveTextContent(`/list/homes/h1/devices/addDevice/deviceData${kept}`);
    fireEvent.change(screen.getByLabelText('Device name'), { target: { value: 'Hall' } });
    fireEvent.change(screen.getByLabelText('Serial id'), { target: { value: '01' } });
    fireEvent.click(screen.getByText('Register device'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/v2/devs'))).toBe(true),
    );
    const add = calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/v2/devs'));
    expect(JSON.parse(add?.body ?? '{}')).toMatchObject({
      dev_id: DEV,
      groupData: { id: 'h1', name: 'Cabin' },
      name: 'Hall',
      // Spec 2 §3/§9: the wifi heater product id, not the chosen model's code.
      product_id: '021D',
    });
    expect(useWizardStore.getState().heaterModel).toBe('0A39');
  });
});
