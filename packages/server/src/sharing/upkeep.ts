import type { Logger } from '../logger';
import type { RealtimeEmitter } from '../realtime/realtime.emitter';
import { PRUNE_INTERVAL_MS } from '../system/pruning';
import type { ActivityRepository } from './activity.repository';
import type { MembersRepository } from './members.repository';

/**
 * How often open sockets of homes with guests are re-checked: a guest whose window closed
 * (date or weekly hours) loses them within this time, well inside the 60 s docs/sharing.md
 * promises; requests are refused at once, being checked each time.
 */
export const GUEST_SWEEP_INTERVAL_MS = 30_000;

/**
 * The sharing upkeep of each process: the guest socket sweep, and deleting activity entries
 * past their keeping time with the hourly pruning. A failed round is logged and tried again.
 */
export function startSharingUpkeep(deps: {
  members: Pick<MembersRepository, 'devIdsWithGuests'>;
  activity: Pick<ActivityRepository, 'prune'>;
  realtime: Pick<RealtimeEmitter, 'revalidate'>;
  log: Logger;
  sweepMs?: number;
  pruneMs?: number;
}): { sweep(): Promise<void>; stop(): Promise<void> } {
  // One round of each at a time; a sweep does not wait for a long pruning.
  const running = new Map<() => Promise<void>, Promise<void>>();
  const once = (work: () => Promise<void>): Promise<void> => {
    const current = running.get(work);
    if (current) return current;
    const round = work().finally(() => running.delete(work));
    running.set(work, round);
    return round;
  };
  const sweep = async () => {
    try {
      for (const devId of await deps.members.devIdsWithGuests()) deps.realtime.revalidate(devId);
    } catch (err) {
      deps.log.warn({ err }, 'sharing: guest sockets not re-checked');
    }
  };
  const prune = async () => {
    try {
      const deleted = await deps.activity.prune();
      deps.log.debug({ deleted }, 'activity log entries past their keeping time deleted');
    } catch (err) {
      deps.log.warn({ err }, 'sharing: old activity entries not deleted');
    }
  };
  const timers = [
    setInterval(() => void once(sweep), deps.sweepMs ?? GUEST_SWEEP_INTERVAL_MS),
    setInterval(() => void once(prune), deps.pruneMs ?? PRUNE_INTERVAL_MS),
  ];
  // Never what keeps a process alive.
  for (const t of timers) t.unref();
  return {
    sweep: () => once(sweep),
    async stop() {
      for (const t of timers) clearInterval(t);
      await Promise.all(running.values());
    },
  };
}
