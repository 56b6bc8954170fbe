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

export function applyPrimary(hex: string, root: HTMLElement = document.documentElement): void {
  if (!/^#[0-9a-fA-F]{6}$/.test(hex)) return;
  for (const [name, value] of Object.entries(primaryPalette(hex)))
    root.style.setProperty(name, value);
}
