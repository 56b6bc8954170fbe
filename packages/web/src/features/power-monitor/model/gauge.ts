import { POWER_GAUGE_DEFAULT_W, parseDecimal } from '@hearth/protocol';

/** The power limit of a monitor in W: its power_limit when set (> 0), else 15000 W (spec 3 §2). */
export function gaugeLimitW(powerLimit: unknown): number {
  const raw =
    typeof powerLimit === 'object' && powerLimit !== null
      ? (powerLimit as { power_limit?: unknown }).power_limit
      : powerLimit;
  const n = typeof raw === 'string' || typeof raw === 'number' ? parseDecimal(raw) : undefined;
  return n !== undefined && n > 0 ? n : POWER_GAUGE_DEFAULT_W;
}

export function gaugeFraction(powerW: number | undefined, limitW: number): number {
  if (powerW === undefined || limitW <= 0) return 0;
  return Math.min(1, Math.max(0, powerW / limitW));
}

/** A point on the half circle: fraction 0 is the left end, 1 the right end. */
function point(cx: number, cy: number, r: number, fraction: number): [number, number] {
  const angle = Math.PI * (1 - fraction);
  return [cx + r * Math.cos(angle), cy - r * Math.sin(angle)];
}

/** SVG path of the arc from 0 to `fraction` of a half doughnut. */
export function arcPath(cx: number, cy: number, r: number, fraction: number): string {
  const [x0, y0] = point(cx, cy, r, 0);
  const [x1, y1] = point(cx, cy, r, Math.min(fraction, 0.9999));
  const f = (n: number) => n.toFixed(2);
  return `M ${f(x0)} ${f(y0)} A ${r} ${r} 0 0 1 ${f(x1)} ${f(y1)}`;
}

/** Scale labels in kW: 0, a quarter, half, three quarters and the limit. */
export function scaleLabelsKw(limitW: number): number[] {
  return [0, 0.25, 0.5, 0.75, 1].map((q) => Math.round((limitW * q) / 100) / 10);
}
