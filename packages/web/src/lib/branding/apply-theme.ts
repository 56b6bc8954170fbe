/** Mixes a #rrggbb colour towards black (negative) or white (positive) by `amount` 0..1. */
function mix(hex: string, amount: number): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  const channels: [number, number, number] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return channels.map((c) =>
    Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount),
  ) as [number, number, number];
}

const toHex = (rgb: number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** Ionic's primary palette from one brand colour, as Ionic's colour generator derives it. */
export function primaryPalette(hex: string): Record<string, string> {
  const rgb = mix(hex, 0);
  const [r, g, b] = rgb;
  const light = (r * 299 + g * 587 + b * 114) / 1000 > 150;
  return {
    '--ion-color-primary': hex.toLowerCase(),
    '--ion-color-primary-rgb': rgb.join(', '),
    '--ion-color-primary-contrast': light ? '#1f1f1f' : '#ffffff',
    '--ion-color-primary-contrast-rgb': light ? '31, 31, 31' : '255, 255, 255',
    '--ion-color-primary-shade': toHex(mix(hex, -0.12)),
    '--ion-color-primary-tint': toHex(mix(hex, 0.1)),
  };
}

const HEX = /^#[0-9a-fA-F]{6}$/;

export function applyPrimary(hex: string, root: HTMLElement = document.documentElement): void {
  if (!HEX.test(hex)) return;
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
  return Object.fromEntries(entries.filter(([, v]) => HEX.test(v)));
}

/** Themes the app for a brand: primary palette, shades and the variant class on the root. */
export function applyTheme(theme: BrandTheme, root: HTMLElement = document.documentElement): void {
  applyPrimary(theme.primary, root);
  for (const [name, value] of Object.entries(shadeVariables(theme)))
    root.style.setProperty(name, value);
  for (const cls of [...root.classList]) if (cls.startsWith('brand-')) root.classList.remove(cls);
  root.classList.add(theme.variant);
}
