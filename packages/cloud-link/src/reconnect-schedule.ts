import { CLOUD_LINK_TIMING } from './timing.ts';

/** The limits the schedule follows (CLOUD_LINK_TIMING's by default). */
export interface ReconnectTiming {
  socketBurstConnects: number;
  socketBurstWindowMs: number;
  socketBackoffMs: readonly number[];
}

/**
 * When the cloud link may open its realtime socket again: at most a burst of connects
 * within a window (3 in 10 s), then waits that grow step by step (5, 10, 30, 120, 300 s, the
 * last repeated) until a connection proves healthy; a step never lets a fourth connect into
 * the window, so three quick failures wait out the window before the steps go on. Pure: the caller gives the time.
 */
export class ReconnectSchedule {
  private connects: number[] = [];
  private step = 0;

  constructor(private readonly timing: ReconnectTiming = CLOUD_LINK_TIMING) {}

  /** How long to wait before the next connect asked for at `now`; records that connect. */
  next(now: number): number {
    const { socketBurstConnects, socketBurstWindowMs, socketBackoffMs } = this.timing;
    this.connects = this.connects.filter((at) => at > now - socketBurstWindowMs);
    const spent = this.connects.length >= socketBurstConnects;
    // Never more than the burst in any window: wait until the oldest of it leaves the window.
    const oldest = this.connects[this.connects.length - socketBurstConnects];
    let wait = spent && oldest !== undefined ? oldest + socketBurstWindowMs - now : 0;
    if (this.step > 0 || spent) {
      const step = socketBackoffMs[Math.min(this.step, socketBackoffMs.length - 1)] ?? 0;
      wait = Math.max(wait, step);
      this.step += 1;
    }
    this.connects.push(now + wait);
    return wait;
  }

  /** The socket delivered what it should (the snapshot): the next failure starts over. */
  healthy(): void {
    this.step = 0;
  }
}
