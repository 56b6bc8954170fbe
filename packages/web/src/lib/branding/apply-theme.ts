import { brandColourTokens, isHexColour, rgbTriplet } from '@hearth/protocol';

/**
 * Ionic's primary palette and the app's brand tokens (`--hearth-on-primary`, …) from one brand
 * colour. Text on the brand colour, the brand colour as text and the focus ring are derived
 * so that each pair passes WCAG AA whatever colour the brand file holds (protocol
 * colour-contrast), the same tokens theme.css holds for the default colour.
 */
export function primaryPalette(hex: string): Record<string, string> {
  const tokens = brandColourTokens({ cprimary: hex });
  return {
    '--ion-color-primary': tokens.primary,
    '--ion-color-primary-rgb': rgbTriplet(tokens.primary),
    '--ion-color-primary-contrast': tokens['on-primary'],
    '--ion-color-primary-contrast-rgb': rgbTriplet(tokens['on-primary']),
    '--ion-color-primary-shade': tokens['primary-shade'],
    '--ion-color-primary-tint': tokens['primary-tint'],
    '--hearth-primary': tokens.primary,
    '--hearth-on-primary': tokens['on-primary'],
    '--hearth-primary-hover': tokens['primary-hover'],
    '--hearth-primary-text': tokens['primary-text'],
    '--hearth-focus-ring': tokens['focus-ring'],
    '--hearth-primary-indicator': tokens['primary-indicator'],
  };
}

export function applyPrimary(hex: string, root: HTMLElement = document.documentElement): void {
  if (!isHexColour(hex)) return;
  for (const [name, value] of Object.entries(primaryPalette(hex)))
    root.style.setProperty(name, value);
}

export interface BrandTheme {
  primary: string;
  light: string;
  dark: string;
  darkShade: string;
  /** The theme variant class, e.g. brand-hearth (spec 1 §9 theme variants). */
  variant: string;
}

/** CSS variables of the brand's other shades, for the sign-in backdrop and accents. */
export function shadeVariables(theme: BrandTheme): Record<string, string> {
  const entries: [string, string][] = [
    ['--hearth-brand-light', theme.light],
    ['--hearth-brand-dark', theme.dark],
    ['--hearth-brand-dark-shade', theme.darkShade],
  ];
  return Object.fromEntries(entries.filter(([, v]) => isHexColour(v)));
}

/** Themes the app for a brand: primary palette, shades and the variant class on the root. */
export function applyTheme(theme: BrandTheme, root: HTMLElement = document.documentElement): void {
  applyPrimary(theme.primary, root);
  for (const [name, value] of Object.entries(shadeVariables(theme)))
    root.style.setProperty(name, value);
  for (const cls of [...root.classList]) if (cls.startsWith('brand-')) root.classList.remove(cls);
  root.classList.add(theme.variant);
}
