import { OPTIMUM_START_FORGETTING, OPTIMUM_START_PRIOR_RATE_K_PER_H } from './constants';

/**
 * What optimum start learns about a room: how long a warm-up takes, as
 *
 *   hours = lag + gap · (a + b · outdoor + c · outdoor²)
 *
 * where gap is the kelvin to climb and outdoor the temperature outside at the start: a dead
 * time while the heater itself warms (minutes for a convector, most of an hour for a storage
 * heater), then a rate of 1 / (a + b · outdoor + c · outdoor²) kelvin an hour that slows, ever
 * faster, as it gets colder outside (the heater's spare power above what holds the room shrinks).
 * The four numbers are fitted by ridge regression over the warm-ups seen, each older
 * one weighing OPTIMUM_START_FORGETTING less, pulled gently toward a prior so that a few alike
 * mornings give a sane answer. State is plain numbers, to be stored as JSON.
 */
export interface WarmupModelState {
  /** Σ w·x·xᵀ, row-major 4×4, and Σ w·x·y, for x = [1, gap, gap·outdoor, gap·outdoor²]. */
  xx: number[];
  xy: number[];
  episodes: number;
}

/** The prior: no dead time, the prior rate at any outdoor temperature. */
const PRIOR = [0, 1 / OPTIMUM_START_PRIOR_RATE_K_PER_H, 0, 0];
/** Its weight, as half a warm-up of a typical 4 K gap at 5 °C outside, per parameter. */
const PRIOR_WEIGHT = [0.05, 0.05 * 16, 0.05 * 400, 0.05 * 10_000];
const N = PRIOR.length;

export function emptyWarmupModel(): WarmupModelState {
  return { xx: new Array<number>(N * N).fill(0), xy: new Array<number>(N).fill(0), episodes: 0 };
}

function features(gapK: number, outdoorC: number): number[] {
  return [1, gapK, gapK * outdoorC, gapK * outdoorC * outdoorC];
}

/** Learns one warm-up: it took `hours` to climb `gapK` with `outdoorC` outside. */
export function learnWarmup(
  model: WarmupModelState,
  gapK: number,
  outdoorC: number,
  hours: number,
): WarmupModelState {
  const x = features(gapK, outdoorC);
  const xx = model.xx.map(
    (v, i) => v * OPTIMUM_START_FORGETTING + (x[Math.floor(i / N)] ?? 0) * (x[i % N] ?? 0),
  );
  const xy = model.xy.map((v, i) => v * OPTIMUM_START_FORGETTING + (x[i] ?? 0) * hours);
  return { xx, xy, episodes: model.episodes + 1 };
}

/** Solves the N×N system by Gaussian elimination with partial pivoting. */
function solve(a: number[], b: number[]): number[] {
  const rows = [...Array(N).keys()];
  const m = rows.map((r) => [...a.slice(r * N, r * N + N), b[r] ?? 0]);
  for (let col = 0; col < N; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < N; r += 1) {
      if (Math.abs(m[r]?.[col] ?? 0) > Math.abs(m[pivot]?.[col] ?? 0)) pivot = r;
    }
    [m[col], m[pivot]] = [m[pivot] as number[], m[col] as number[]];
    const row = m[col] as number[];
    const p = row[col] ?? 1;
    for (let r = 0; r < N; r += 1) {
      if (r === col) continue;
      const other = m[r] as number[];
      const f = (other[col] ?? 0) / p;
      for (let c = col; c <= N; c += 1) other[c] = (other[c] ?? 0) - f * (row[c] ?? 0);
    }
  }
  return rows.map((r) => (m[r]?.[N] ?? 0) / (m[r]?.[r] ?? 1));
}

export interface WarmupFit {
  lagH: number;
  a: number;
  b: number;
  c: number;
}

export function fitWarmup(model: WarmupModelState): WarmupFit {
  const a = model.xx.map((v, i) => v + (i % (N + 1) === 0 ? (PRIOR_WEIGHT[i / (N + 1)] ?? 0) : 0));
  const b = model.xy.map((v, i) => v + (PRIOR_WEIGHT[i] ?? 0) * (PRIOR[i] ?? 0));
  const [lagH = 0, ha = 0, hb = 0, hc = 0] = solve(a, b);
  return { lagH, a: ha, b: hb, c: hc };
}

function perKelvin(fit: WarmupFit, outdoorC: number): number {
  return fit.a + fit.b * outdoorC + fit.c * outdoorC * outdoorC;
}

/** Hours from now to climb `gapK` with `outdoorC` outside (at least the dead time). */
export function predictHours(fit: WarmupFit, gapK: number, outdoorC: number): number {
  // A fit can lean the wrong way far outside the temperatures it saw: never below 0.1 h/K.
  const perK = Math.max(0.1, perKelvin(fit, outdoorC));
  return Math.max(0, fit.lagH + Math.max(0, gapK) * perK);
}

/** The learned rate, K/h, at an outdoor temperature (without the dead time). */
export function rateKPerH(fit: WarmupFit, outdoorC: number): number {
  return 1 / Math.max(0.1, perKelvin(fit, outdoorC));
}
