/** What a dependency looks like to this process: reachable, not reachable, or not configured. */
export type DependencyState = 'ok' | 'down' | 'off';

/** A check answers true (reachable), false (not), or undefined when the dependency is not used. */
export type DependencyCheck = () => Promise<boolean | undefined> | boolean | undefined;

/** A dependency that has not answered in this long counts as down. */
export const READINESS_TIMEOUT_MS = 1_000;

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, DependencyState>;
  /** Counts an operator watches beside the checks (gateway messages dropped, …). */
  counters: Record<string, number>;
}

/**
 * Whether this process can serve (GET /ready, docs/operations.md): a load balancer sends
 * traffic elsewhere while it answers 503. Every check runs at once, each bounded by the
 * timeout; one that throws is down.
 */
export function createReadiness(
  checks: Record<string, DependencyCheck>,
  timeoutMs = READINESS_TIMEOUT_MS,
  counters: Record<string, () => number> = {},
): { check(): Promise<ReadinessReport> } {
  async function stateOf(check: DependencyCheck): Promise<DependencyState> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      const up = await Promise.race([Promise.resolve().then(check), late]);
      return up === undefined ? 'off' : up ? 'ok' : 'down';
    } catch {
      return 'down';
    } finally {
      clearTimeout(timer);
    }
  }
  return {
    async check() {
      const names = Object.keys(checks);
      const states = await Promise.all(names.map((name) => stateOf(checks[name]!)));
      const report = Object.fromEntries(names.map((name, i) => [name, states[i]!]));
      const counts = Object.fromEntries(Object.entries(counters).map(([name, f]) => [name, f()]));
      return { ready: !states.includes('down'), checks: report, counters: counts };
    },
  };
}
export type Readiness = ReturnType<typeof createReadiness>;
