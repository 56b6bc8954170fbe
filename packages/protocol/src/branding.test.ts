import { describe, expect, test } from 'vitest';
import { DEFAULT_NODE_MODELS, nodeModels, type BrandCatalogue } from './branding';

const item = (codigo: string) => ({ codigo, ruta_imagen: 'img/', nombre_imagen: `${codigo}.png` });

describe('node models per type (spec 1 §3, spec 2 §3)', () => {
  test('come from the brand catalogue list of the type', () => {
    const catalogue: BrandCatalogue = {
      Radiadores: [item('RX1'), item('RX2')],
      wifiHeaters: [item('021D')],
      Acumuladores: [item('AC9')],
      Termostatos: [],
      Medidores: [item('pmo')],
    };
    expect(nodeModels(catalogue, 'htr')).toEqual(['RX1', 'RX2']);
    expect(nodeModels(catalogue, 'acm')).toEqual(['AC9']);
    expect(nodeModels(catalogue, 'thm')).toEqual([]);
    expect(nodeModels(catalogue, 'pmo')).toEqual(['pmo']);
  });

  test('without a brand file they are the spec list', () => {
    expect(DEFAULT_NODE_MODELS).toEqual({
      htr: ['RMN', 'RVM'],
      acm: ['ACM'],
      pmo: ['pmo'],
      thm: ['SRE'],
    });
    expect(nodeModels(undefined, 'htr')).toEqual(['RMN', 'RVM']);
  });
});
