import { expect, type Page } from '@playwright/test';

/** The two brands Hearth ships: Hearth itself ('01') and the reseller example Calora ('02'). */
export const BRANDS = ['hearth', 'calora'] as const;
export type BrandName = (typeof BRANDS)[number];

const KEY: Record<BrandName, string> = { hearth: '01', calora: '02' };

/**
 * Shows the app in a brand, whichever serial id the signed-in account has: the brand file the
 * server sends is served with the chosen brand in the default brand's place, so every account
 * (and the signed-out screens) takes its name, colours and theme variant.
 */
export async function showBrand(page: Page, brand: BrandName): Promise<void> {
  if (brand === 'hearth') return;
  await page.route('**/webapp/v3/json/brands.json', async (route) => {
    const response = await route.fetch();
    const brands = (await response.json()) as Record<string, unknown>;
    const chosen = brands[KEY[brand]];
    await route.fulfill({ response, json: { ...brands, '01': chosen, '15': chosen } });
  });
}

/** Waits until the brand's theme variant is on the document. */
export async function expectBrand(page: Page, brand: BrandName): Promise<void> {
  await expect(page.locator('html')).toHaveClass(new RegExp(`brand-${brand}`));
}
