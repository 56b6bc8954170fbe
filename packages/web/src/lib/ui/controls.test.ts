import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { CONTROL_CONTRAST_MIN, contrastRatio } from '@hearth/protocol';
import { primaryPalette } from '../branding/apply-theme';
import { appStylesheets, BRAND_COLOURS, parseRules } from '../../test/css-cascade';

const rules = parseRules(
  readFileSync(appStylesheets().find((f) => f.endsWith('lib/ui/controls.css')) ?? '', 'utf8'),
);
const declarations = (selector: string) =>
  Object.fromEntries(
    rules
      .filter((r) => r.selectors.includes(selector))
      .flatMap((r) => r.declarations.map((d) => [d.property, d.value])),
  );

describe('every control', () => {
  test.each(BRAND_COLOURS)(
    'shows keyboard focus with a 3 px ring of at least 3:1 on the page, brand colour %s',
    (primary) => {
      expect(declarations(':focus-visible').outline).toBe('3px solid var(--hearth-focus-ring)');
      const ring = primaryPalette(primary)['--hearth-focus-ring'] ?? '';
      expect(contrastRatio(ring, '#ffffff')).toBeGreaterThanOrEqual(CONTROL_CONTRAST_MIN);
    },
  );

  test("Ionic's controls show the same ring, and the toolbar's in its text colour", () => {
    expect(declarations('ion-button.ion-focused').outline).toBe(
      '3px solid var(--hearth-focus-ring)',
    );
    expect(declarations('ion-toolbar.ion-color-primary :focus-visible')['outline-color']).toBe(
      'var(--ion-color-primary-contrast)',
    );
  });

  test('buttons are 44 px touch targets, Ionic buttons outside toolbars too', () => {
    expect(declarations('.hearth-button')['min-height']).toBe('44px');
    expect(declarations('.hearth-button')['min-width']).toBe('44px');
    expect(declarations('ion-button:not(.button-small):not(ion-buttons ion-button)')).toEqual({
      'min-height': '44px',
    });
  });
});
