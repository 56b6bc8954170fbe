import { describe, expect, it } from 'vitest';
import {
  brandColourTokens,
  checkBrandsFileContrast,
  contrastRatio as contrast,
} from '@hearth/protocol';
import { BUNDLED_BRANDS } from './brands';

describe('bundled brands', () => {
  it('have primary colours that read at WCAG AA as text on white and under white text', () => {
    for (const [key, brand] of Object.entries(BUNDLED_BRANDS)) {
      expect(contrast(brand.cprimary, '#ffffff'), key).toBeGreaterThanOrEqual(4.5);
      expect(brand.css.cprimary, key).toBe(brand.cprimary);
    }
  });

  it("pass every text/background and control pair of the app's colour tokens", () => {
    // The same check an operator runs on their own brand file.
    expect(checkBrandsFileContrast(BUNDLED_BRANDS)).toEqual({});
    for (const [key, brand] of Object.entries(BUNDLED_BRANDS))
      expect(brandColourTokens(brand)['on-primary'], key).toBe('#ffffff');
  });

  it('keep the Hearth orange', () => {
    expect(BUNDLED_BRANDS['01']?.cprimary).toBe('#c9430e');
  });
});
