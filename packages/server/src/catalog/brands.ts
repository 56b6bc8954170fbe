import {
  WIFI_HEATER_PRODUCT_IDS,
  type Brand,
  type BrandProduct,
  type BrandsFile,
} from '@hearth/protocol';

/** Serial key of the brand every unknown serial falls back to. */
export const DEFAULT_BRAND_KEY = '01';

/** Product images live with the other brand images the app loads from {host}/webapp/v3/img/. */
const PRODUCT_IMAGE_PATH = 'webapp/v3/img/products/';

const product = (codigo: string): BrandProduct => ({
  codigo,
  ruta_imagen: PRODUCT_IMAGE_PATH,
  nombre_imagen: `${codigo.toLowerCase()}.png`,
});

/** Model codes per node type (spec 1 §3 "Models per type"), the same for every bundled brand. */
const CATALOGUE: Brand['productos'] = [
  {
    Radiadores: [product('RMN'), product('RVM')],
    wifiHeaters: WIFI_HEATER_PRODUCT_IDS.map(product),
    Acumuladores: [product('ACM')],
    Termostatos: [product('SRE')],
    Medidores: [product('pmo')],
  },
];

/**
 * Brands shipped with Hearth. "01" is Hearth itself; "02" shows how a reseller brand looks
 * (own name and colours, Hearth as secondary logo). Operators add or replace brands in
 * DATA_DIR/branding/brands.json. Each primary colour carries white text at WCAG AA (≥ 4.5:1):
 * Hearth's orange is #c9430e (4.9:1), the hue of the earlier #d9480f, which read at 4.3:1.
 */
export const BUNDLED_BRANDS: BrandsFile = {
  '01': {
    css: { brand: 'hearth', sbrand: '', cprimary: '#c9430e' },
    cprimary: '#c9430e',
    clight: '#ff8a50',
    cdark: '#a33a0b',
    cdarksh: '#7a2b08',
    brand_soporte: 'support@hearth.example',
    brand_url_label: 'hearth.example',
    productos: CATALOGUE,
  },
  '02': {
    css: { brand: 'calora', sbrand: 'hearth', cprimary: '#0f7c8c' },
    cprimary: '#0f7c8c',
    clight: '#4fb3c2',
    cdark: '#0a5a66',
    cdarksh: '#063f48',
    brand_soporte: 'help@calora.example',
    brand_url_label: 'calora.example',
    productos: CATALOGUE,
  },
};
