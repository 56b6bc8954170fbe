import { expect, type Page } from '@playwright/test';
import { showBrand as serveBrand, type BundledBrandKey } from '../brand';

/** The two brands Hearth ships: Hearth itself ('01') and the reseller example Calora ('02'). */
export const BRANDS = ['hearth', 'calora'] as const;
export type BrandName = (typeof BRANDS)[number];

const KEY: Record<BrandName, BundledBrandKey> = { hearth: '01', calora: '02' };

/** Shows the app in a brand whichever serial id the account has (see ../brand.ts). */
export function showBrand(page: Page, brand: BrandName): Promise<void> {
  return serveBrand(page, KEY[brand]);
}

/** Waits until the brand's theme variant is on the document. */
export async function expectBrand(page: Page, brand: BrandName): Promise<void> {
  await expect(page.locator('html')).toHaveClass(new RegExp(`brand-${brand}`));
}
