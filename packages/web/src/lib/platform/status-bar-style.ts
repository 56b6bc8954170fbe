/** Which text colour reads on a #rrggbb background (the same threshold as the theme's contrast colour). */
export function readableOn(hex: string): 'light' | 'dark' {
  const n = parseInt(hex.slice(1, 7), 16);
  if (!/^#[0-9a-fA-F]{6}$/.test(hex) || Number.isNaN(n)) return 'dark';
  const yiq = (((n >> 16) & 255) * 299 + ((n >> 8) & 255) * 587 + (n & 255) * 114) / 1000;
  return yiq > 150 ? 'dark' : 'light';
}
