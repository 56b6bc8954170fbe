import { describe, expect, it } from 'vitest';
import { BUNDLED_BRANDS } from './brands';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('bundled brands', () => {
  it('have primary colours that read at WCAG AA as text on white and under white text', () => {
    for (const [key, brand] of Object.entries(BUNDLED_BRANDS)) {
      expect(contrast(brand.cprimary, '#ffffff'), key).toBeGreaterThanOrEqual(4.5);
      expect(brand.css.cprimary, key).toBe(brand.cprimary);
    }
  });

  it('keep the Hearth orange', () => {
    expect(BUNDLED_BRANDS['01']?.cprimary).toBe('#c9430e');
  });
});
