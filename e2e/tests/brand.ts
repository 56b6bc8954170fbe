import type { Page } from '@playwright/test';

/** The bundled brands (packages/server/src/catalog/brands.ts): '01' Hearth, '02' Calora. */
export type BundledBrandKey = '01' | '02';

const BRANDS_PATH = '/webapp/v3/json/brands.json';
/** The app's branding cache (packages/web/src/lib/branding/branding-store.ts). */
const BRANDING_STORAGE_KEY = 'hearth.branding';
const BRANDING_STORAGE_VERSION = 2;

type BrandsFile = Record<string, Record<string, unknown>>;

/**
 * Shows the app in another brand without another account: the app themes itself from the brand
 * file entry of the signed-in user's serial key, so this serves a brand file whose every entry
 * is `look` (one of the server's own brands, or colours of one's own), and seeds the app's
 * branding cache with it so the first paint is already in that brand. Call it before the first
 * `page.goto`. `look` is a brand key of the server's file or a partial brand that overrides
 * the colours of brand '01' (an operator's brand file, e.g. { cprimary: '#ffe600' }).
 */
export async function showBrand(
  page: Page,
  look: BundledBrandKey | Record<string, unknown>,
): Promise<void> {
  const res = await page.request.get(BRANDS_PATH);
  if (!res.ok()) throw new Error(`${BRANDS_PATH}: ${res.status()}`);
  const served = (await res.json()) as BrandsFile;
  const base = served['01'];
  const entry = typeof look === 'string' ? served[look] : { ...base, ...look };
  if (!entry || !base) throw new Error(`the server's brand file has no brand ${String(look)}`);
  if (typeof look !== 'string' && typeof look.cprimary === 'string')
    entry.css = { ...(base.css as object), cprimary: look.cprimary };
  const file: BrandsFile = Object.fromEntries(Object.keys(served).map((key) => [key, entry]));
  await page.route(`**${BRANDS_PATH}`, (route) => route.fulfill({ json: file }));
  await page.addInitScript(
    ([key, value]) => {
      // Keep the serial id the app already holds; only the brands change.
      const held = JSON.parse(localStorage.getItem(key) ?? '{}') as { serialId?: string };
      const cache = JSON.parse(value) as { serialId: string };
      localStorage.setItem(key, JSON.stringify({ ...cache, serialId: held.serialId ?? '01' }));
    },
    [
      BRANDING_STORAGE_KEY,
      JSON.stringify({ version: BRANDING_STORAGE_VERSION, serialId: '01', brands: file }),
    ] as const,
  );
}
