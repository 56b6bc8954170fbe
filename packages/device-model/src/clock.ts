/**
 * Time for the simulator. Everything that happens by itself (reports, boost ends,
 * discovery) is scheduled through a SimClock, so tests drive time by hand.
 */
export interface SimClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: SimClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    // A simulator timer never keeps a process alive on its own.
    t.unref();
    return t;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface ManualTimer {
  id: number;
  at: number;
  fn: () => void;
}

/** A clock that moves only when told; due timers run in time order during advance(). */
export class ManualClock implements SimClock {
  private current: number;
  private timers: ManualTimer[] = [];
  private nextId = 1;

  constructor(startMs: number) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const timer = { id: this.nextId++, at: this.current + Math.max(0, ms), fn };
    this.timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  advance(ms: number): void {
    const end = this.current + ms;
    for (;;) {
      const due = this.timers
        .filter((t) => t.at <= end)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = Math.max(this.current, due.at);
      due.fn();
    }
    this.current = end;
  }
}

/** Throws a clear error for a zone name Intl does not know. */
export function assertTimeZone(timeZone: string): void {
  new Intl.DateTimeFormat('en-US', { timeZone });
}

/**
 * Real time sped up `factor` times from now on: a demo or a browser test sees a day of
 * heating in minutes. Device time starts at the real time, so clocks still look right.
 */
export function scaledClock(factor: number, base: SimClock = realClock): SimClock {
  if (!(factor > 0)) throw new Error(`time scale must be a positive number, got ${factor}`);
  const origin = base.now();
  return {
    now: () => origin + (base.now() - origin) * factor,
    setTimeout: (fn, ms) => base.setTimeout(fn, ms / factor),
    clearTimeout: (handle) => base.clearTimeout(handle),
  };
}
