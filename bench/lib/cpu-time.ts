// CPU time each part of a run used while the bench measured, read from /proc (Linux): on a
// 2-core machine the fleet, the bench's own clients, the proxy and the services share the
// cores with the servers, and this says how much of them each took.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { Row } from './stats';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** User and system time of a process (all its threads), in clock ticks. */
function ticksOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces: utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined; // gone
  }
}

/** Every process whose command name is `name` (PostgreSQL's backends, redis-server). */
export function pidsNamed(name: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * Starts counting now; `stop()` answers a row per part: its CPU seconds since, and its share
 * of the machine's cores over that time. A part's processes are listed again at the stop,
 * and one that started meanwhile counts from zero.
 */
export function startCpuMeter(parts: Record<string, () => (number | undefined)[]>) {
  const began = performance.now();
  const pidsOf = (list: () => (number | undefined)[]) =>
    list().filter((pid): pid is number => pid !== undefined);
  const before = new Map<number, number>();
  for (const list of Object.values(parts))
    for (const pid of pidsOf(list)) before.set(pid, ticksOf(pid) ?? 0);
  return {
    stop(cores: number): Row[] {
      const seconds = (performance.now() - began) / 1000;
      return Object.entries(parts).map(([part, list]) => {
        let ticks = 0;
        for (const pid of pidsOf(list)) {
          const now = ticksOf(pid);
          if (now !== undefined) ticks += now - (before.get(pid) ?? 0);
        }
        const cpu = ticks / TICKS_PER_SECOND;
        return {
          part,
          'CPU seconds': cpu.toFixed(2),
          'share of the cores': `${((100 * cpu) / (seconds * cores)).toFixed(1)} %`,
        };
      });
    },
  };
}
