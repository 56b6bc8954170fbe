import { afterEach, describe, expect, test } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { BrandsFile } from '@hearth/protocol';
import { useBrandingStore } from '../../lib/branding';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { SelectModelPage } from './select-model-page';

const DEV = 'aaaaaaaaaaaaaaaaa1';
const item = (codigo: string) => ({ codigo, ruta_imagen: 'img/', nombre_imagen: `${codigo}.png` });
const brand = (catalogue: BrandsFile[string]['productos'][number]): BrandsFile => ({
  '01': {
    css: { brand: 'hearth', sbrand: '', cprimary: '#c9430e' },
    cprimary: '#c9430e',
    clight: '#ff8a50',
    cdark: '#a33a0b',
    cdarksh: '#7a2b08',
    brand_soporte: 'support@hearth.example',
    brand_url_label: 'hearth.example',
    productos: [catalogue],
  },
});

function open(query = '?nodeType=htr', wifiHeaterOffered?: boolean) {
  signIn();
  return renderRoute(
    '/homes/:homeId/addNode/devs/:devId/selectType/selectModel',
    <SelectModelPage wifiHeaterOffered={wifiHeaterOffered} />,
    `/homes/h1/addNode/devs/${DEV}/selectType/selectModel${query}`,
  );
}

afterEach(() => useBrandingStore.setState({ brands: null }));

describe('node type and model choice (spec 2 §2, §3)', () => {
  test('without a brand file the models are the spec list, labelled from translations', () => {
    open();
    const models = screen.getByRole('group', { name: 'Model' });
    expect(models.textContent).toContain('RMN');
    expect(models.textContent).toContain('RVM');
    fireEvent.click(screen.getByRole('radio', { name: 'Storage heater' }));
    expect(screen.getByRole('group', { name: 'Model' }).textContent).toContain('ACM');
  });

  test("the brand catalogue gives the models, and types without models aren't offered", () => {
    useBrandingStore.getState().setBrands(
      brand({
        Radiadores: [item('ZX7')],
        wifiHeaters: [],
        Acumuladores: [],
        Termostatos: [item('SRE')],
        Medidores: [item('pmo')],
      }),
    );
    open();
    expect(screen.getByRole('radio', { name: 'ZX7' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Storage heater' })).toBeNull();
    fireEvent.click(screen.getByText('Search'));
    expect(screen.getByTestId('location').textContent).toContain('nodeModel=ZX7');
  });

  test('on web the wifi heater is no node type to choose (spec 2 §1)', () => {
    open();
    expect(screen.getByRole('radio', { name: 'Heater' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Wi-Fi heater' })).toBeNull();
  });

  test('in the native app the wifi heater type leads to its install, which starts with its model', () => {
    open('?nodeType=htr', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Wi-Fi heater' }));
    expect(screen.queryByRole('group', { name: 'Model' })).toBeNull();
    expect(screen.queryByText('Search')).toBeNull();
    fireEvent.click(screen.getByText('Next'));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/homes/h1/addNode/deviceInstallation?deviceType=wifiHtr&nodeType=htr',
    );
  });
});

test('a device the home does not have says "Dev not found" (spec 2 §8)', async () => {
  signIn();
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([{ id: 'h1', name: 'Attic', owner: true, devs: [] }]),
  });
  renderRoute(
    '/homes/:homeId/addNode/devs/:devId/selectType/selectModel',
    <SelectModelPage />,
    `/homes/h1/addNode/devs/${DEV}/selectType/selectModel?nodeType=htr`,
  );
  expect(await screen.findByRole('status')).toHaveTextContent(/^Dev not found$/);
  expect(screen.queryByText('Search')).toBeNull();
});
