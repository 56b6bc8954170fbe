import { describe, expect, test } from 'vitest';
import {
  APP_COLOURS,
  brandColourTokens,
  checkBrandContrast,
  checkBrandsFileContrast,
  contrastRatio,
  onColour,
  readableOn,
  TEXT_CONTRAST_MIN,
} from './colour-contrast';

/** Colours from a seeded generator (mulberry32): the same thousands of colours on every run. */
function randomColours(count: number, seed: number): string[] {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from(
    { length: count },
    () =>
      `#${Math.floor(next() * 0x1000000)
        .toString(16)
        .padStart(6, '0')}`,
  );
}
/** Every grey, the pure hues and thousands of random colours. */
const COLOURS = [
  ...Array.from({ length: 256 }, (_, i) => `#${i.toString(16).padStart(2, '0').repeat(3)}`),
  '#ff0000',
  '#00ff00',
  '#0000ff',
  '#ffff00',
  '#00ffff',
  '#ff00ff',
  ...randomColours(4000, 25),
];

describe('WCAG contrast', () => {
  test('matches the reference ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The measured pair: white on Ionic's mustard warning shade.
    expect(contrastRatio('#f4f5f8', '#e0ac08')).toBeLessThan(2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  test('text on a brand colour passes whatever the colour (white where it can)', () => {
    for (const bg of COLOURS)
      expect(contrastRatio(onColour(bg), bg), bg).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
    expect(onColour('#0f7c8c')).toBe('#ffffff');
    expect(onColour('#f9b521')).toBe('#1f1f1f');
    // Mid colours where near-black does not reach 4.5 fall to black.
    expect(onColour('#808080')).toBe('#000000');
  });

  test('a brand colour used as text is darkened only as far as it must be', () => {
    expect(readableOn('#c9430e', '#ffffff')).toBe('#c9430e');
    const yellow = readableOn('#ffe600', '#ffffff');
    expect(contrastRatio(yellow, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
    expect(contrastRatio(readableOn('#ffe600', '#ffffff', 3), '#ffffff')).toBeLessThan(4.5);
  });
});

describe('the app colour tokens', () => {
  test('every pair passes for any brand colour an operator may choose', () => {
    for (const cprimary of COLOURS)
      expect(
        checkBrandContrast({ cprimary }).filter((f) => !f.passes),
        cprimary,
      ).toEqual([]);
  });

  test('the brand-free colours pass on their own', () => {
    // Toasts: the issue measured white on mustard at 1.9:1.
    expect(contrastRatio(APP_COLOURS['on-warning'], APP_COLOURS.warning)).toBeGreaterThan(4.5);
    for (const profile of ['ice', 'eco', 'comfort'] as const)
      expect(
        contrastRatio(APP_COLOURS[`on-slot-${profile}`], APP_COLOURS[`slot-${profile}`]),
      ).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
  });

  test('a brand file check names the failing pairs of raw colours it is given', () => {
    // Tokens are derived, so a brand file always passes; the check stays usable on any file.
    expect(
      checkBrandsFileContrast({ a: { cprimary: '#ffe600' }, b: { cprimary: '#000000' } }),
    ).toEqual({});
    const tokens = brandColourTokens({ cprimary: '#ffe600' });
    expect(tokens['on-primary']).toBe('#1f1f1f');
    expect(contrastRatio(tokens['primary-text'], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
