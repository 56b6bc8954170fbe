const HOUR_MS = 60 * 60 * 1000;

/** Counts events per key in a sliding hour; `take` is false once `max` were taken in the last hour. */
export function createHourlyLimit(max: number, now: () => number = Date.now) {
  const seen = new Map<string, number[]>();
  return {
    take(key: string): boolean {
      const t = now();
      const recent = (seen.get(key) ?? []).filter((at) => t - at < HOUR_MS);
      if (recent.length >= max) {
        seen.set(key, recent);
        return false;
      }
      recent.push(t);
      seen.set(key, recent);
      return true;
    },
  };
}
export type HourlyLimit = ReturnType<typeof createHourlyLimit>;
