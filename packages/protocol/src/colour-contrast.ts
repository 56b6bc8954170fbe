/**
 * The app's colour tokens and their WCAG 2.x contrast rules. Brand colours come from the
 * operator's brand file, so every colour drawn on or under a brand colour is derived from it
 * here (text on the brand colour, the brand colour as text, the focus ring) such that each
 * pair passes whatever the operator chose. The server's tests check its bundled brands with
 * `checkBrandsFileContrast`, and an operator can run it on their own file.
 */

/** WCAG 2.x AA: body text. */
export const TEXT_CONTRAST_MIN = 4.5;
/** WCAG 2.x AA: large text (≥ 18.66 px bold or 24 px) and the parts of controls (1.4.11). */
export const LARGE_TEXT_CONTRAST_MIN = 3;
export const CONTROL_CONTRAST_MIN = 3;
/** WCAG 2.x AA non-text contrast (1.4.11): graphics a person needs to understand, e.g. icons. */
export const GRAPHIC_CONTRAST_MIN = 3;

const HEX = /^#[0-9a-fA-F]{6}$/;

export function isHexColour(value: string): boolean {
  return HEX.test(value);
}

function channels(hex: string): [number, number, number] {
  if (!HEX.test(hex)) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: readonly number[]) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** "r, g, b" as Ionic's `-rgb` variables want it. */
export function rgbTriplet(hex: string): string {
  return channels(hex).join(', ');
}

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}

/** Mixes a colour towards black (amount < 0) or white (amount > 0), |amount| in 0..1. */
export function mixColour(hex: string, amount: number): string {
  return toHex(channels(hex).map((c) => (amount < 0 ? c * (1 + amount) : c + (255 - c) * amount)));
}

export const WHITE = '#ffffff';
/** The app's near-black text; pure black is the fallback where near-black does not pass. */
export const INK = '#1f1f1f';
const BLACK = '#000000';

/**
 * The text colour to draw on a background: white when it passes for body text, else the
 * app's near-black, else black. One of white and black always reaches 4.58:1, so the answer
 * always passes TEXT_CONTRAST_MIN.
 */
export function onColour(background: string): string {
  for (const text of [WHITE, INK, BLACK])
    if (contrastRatio(text, background) >= TEXT_CONTRAST_MIN) return text;
  return BLACK;
}

/**
 * The colour nearest to `colour` (mixed towards black on a light background, towards white
 * on a dark one) that reaches `min` against `background`: a light brand colour as link text.
 */
export function readableOn(colour: string, background: string, min = TEXT_CONTRAST_MIN): string {
  const towards = relativeLuminance(background) > 0.18 ? -1 : 1;
  for (let step = 0; step <= 50; step++) {
    const candidate = mixColour(colour, (towards * step) / 50);
    if (contrastRatio(candidate, background) >= min) return candidate;
  }
  return towards < 0 ? BLACK : WHITE;
}

/** Colours of the app that do not follow the brand (CSS variables `--hearth-<name>`). */
export const APP_COLOURS = {
  background: WHITE,
  text: INK,
  'text-muted': '#5c5d61',
  'control-border': '#767676',
  danger: '#c5000f',
  'on-danger': WHITE,
  warning: '#ffc409',
  'on-warning': INK,
  /**
   * The dashboard's status icons (heating, presence, window open …) on a card: a dark amber,
   * where Ionic's warning shade (#e0ac08) reached only 2:1 on white.
   */
  'status-icon': '#9a6700',
  /**
   * A storage heater's charge bar: the lit segments (a dark green) on the card and beside the
   * unlit ones, where Ionic's success green (#2dd36f) reached 2:1 on white and 1.4:1 beside them.
   */
  'charge-level': '#1e7d42',
  'charge-empty': '#d7d8da',
  // Schedule profiles (spec 3 §2): three hues a person tells apart, each with its text.
  'slot-ice': '#1d5fa8',
  'on-slot-ice': WHITE,
  'slot-eco': '#1b7345',
  'on-slot-eco': WHITE,
  'slot-comfort': '#b3400b',
  'on-slot-comfort': WHITE,
} as const;

export type AppColourName = keyof typeof APP_COLOURS;

/** The brand colour the app themes itself with (brand file: cprimary). */
export interface BrandColours {
  cprimary: string;
}

/** Tokens derived from a brand colour (CSS variables `--hearth-<name>`, Ionic's primary set). */
export interface BrandColourTokens {
  primary: string;
  'on-primary': string;
  /** Hover and pressed fill of a primary control: further from its text than `primary`. */
  'primary-hover': string;
  /** The brand colour as text or a thin line on the page background (links, steps). */
  'primary-text': string;
  /** The keyboard focus ring on the page background. */
  'focus-ring': string;
  /**
   * The brand colour as what marks a control's state on the page background (the chosen
   * home's outline, the chosen tab's underline, a selected card): as near the brand colour as
   * passes 3:1, where a light brand colour (the demo's yellow) reaches 1.8:1 on white.
   */
  'primary-indicator': string;
  'primary-shade': string;
  'primary-tint': string;
}

export function brandColourTokens(brand: BrandColours): BrandColourTokens {
  const primary = brand.cprimary.toLowerCase();
  const onPrimary = onColour(primary);
  const primaryText = readableOn(primary, APP_COLOURS.background);
  return {
    primary,
    'on-primary': onPrimary,
    'primary-hover': mixColour(primary, onPrimary === WHITE ? -0.12 : 0.15),
    'primary-text': primaryText,
    'focus-ring': primaryText,
    'primary-indicator': readableOn(primary, APP_COLOURS.background, CONTROL_CONTRAST_MIN),
    'primary-shade': mixColour(primary, -0.12),
    'primary-tint': mixColour(primary, 0.1),
  };
}

export type ColourTokens = Record<AppColourName, string> & BrandColourTokens;

/**
 * Every text/background, control/background and graphic/background pair the app draws, with
 * its minimum: each token drawn on something is checked against the backgrounds it sits on.
 */
export const COLOUR_PAIRS: readonly {
  foreground: keyof ColourTokens;
  background: keyof ColourTokens;
  min: number;
}[] = [
  { foreground: 'text', background: 'background', min: TEXT_CONTRAST_MIN },
  { foreground: 'text-muted', background: 'background', min: TEXT_CONTRAST_MIN },
  { foreground: 'control-border', background: 'background', min: CONTROL_CONTRAST_MIN },
  { foreground: 'on-primary', background: 'primary', min: TEXT_CONTRAST_MIN },
  { foreground: 'on-primary', background: 'primary-hover', min: TEXT_CONTRAST_MIN },
  { foreground: 'primary-text', background: 'background', min: TEXT_CONTRAST_MIN },
  { foreground: 'focus-ring', background: 'background', min: CONTROL_CONTRAST_MIN },
  { foreground: 'primary-indicator', background: 'background', min: CONTROL_CONTRAST_MIN },
  { foreground: 'on-danger', background: 'danger', min: TEXT_CONTRAST_MIN },
  { foreground: 'danger', background: 'background', min: TEXT_CONTRAST_MIN },
  { foreground: 'on-warning', background: 'warning', min: TEXT_CONTRAST_MIN },
  { foreground: 'status-icon', background: 'background', min: GRAPHIC_CONTRAST_MIN },
  { foreground: 'charge-level', background: 'background', min: GRAPHIC_CONTRAST_MIN },
  { foreground: 'charge-level', background: 'charge-empty', min: GRAPHIC_CONTRAST_MIN },
  { foreground: 'on-slot-ice', background: 'slot-ice', min: TEXT_CONTRAST_MIN },
  { foreground: 'on-slot-eco', background: 'slot-eco', min: TEXT_CONTRAST_MIN },
  { foreground: 'on-slot-comfort', background: 'slot-comfort', min: TEXT_CONTRAST_MIN },
];

export interface ContrastFinding {
  foreground: string;
  background: string;
  ratio: number;
  min: number;
  passes: boolean;
}

/** The contrast of every pair of the app's tokens for one brand. */
export function checkBrandContrast(brand: BrandColours): ContrastFinding[] {
  const tokens: ColourTokens = { ...APP_COLOURS, ...brandColourTokens(brand) };
  return COLOUR_PAIRS.map(({ foreground, background, min }) => {
    const ratio = contrastRatio(tokens[foreground], tokens[background]);
    return {
      foreground: `${foreground} ${tokens[foreground]}`,
      background: `${background} ${tokens[background]}`,
      ratio: Math.round(ratio * 100) / 100,
      min,
      passes: ratio >= min,
    };
  });
}

/** The failing pairs of each brand of a brand file (an empty object when all pass). */
export function checkBrandsFileContrast(
  file: Record<string, BrandColours>,
): Record<string, ContrastFinding[]> {
  const failures: Record<string, ContrastFinding[]> = {};
  for (const [key, brand] of Object.entries(file)) {
    const failing = checkBrandContrast(brand).filter((f) => !f.passes);
    if (failing.length > 0) failures[key] = failing;
  }
  return failures;
}
