import type { CloudDeviceBridge } from '@hearth/cloud-link';
import type { Logger } from '../logger';

/** How often a linked device's new samples are fetched once its year is imported. */
export const SAMPLES_FOLLOW_MS = 15 * 60_000;
/** The most one round asks for (the clouds answer raw samples of at most 40 days). */
export const SAMPLES_FOLLOW_MAX_SPAN_S = 7 * 24 * 3600;

/**
 * One round of keeping a linked device's records current: the cloud's samples from just
 * after the last one stored (or from when it was linked, where the history import ended)
 * up to now, forwarded through its bridge (paced by the account's client, one request a
 * second). A device far behind catches up a week per round. Returns how many were sent.
 */
export async function followSamplesOnce(deps: {
  bridge: Pick<CloudDeviceBridge, 'forwardSamples'>;
  /** The newest stored sample's time of the device (seconds), if any. */
  lastSampleAt: () => Promise<number | undefined>;
  linkedAt: Date;
  now: () => number;
}): Promise<number> {
  const last = await deps.lastSampleAt();
  const linked = Math.floor(deps.linkedAt.getTime() / 1000);
  const from = last === undefined ? linked : Math.max(last + 1, linked);
  const to = Math.min(Math.floor(deps.now() / 1000), from + SAMPLES_FOLLOW_MAX_SPAN_S);
  if (to <= from) return 0;
  return deps.bridge.forwardSamples(from, to);
}

/**
 * Rounds of `followSamplesOnce` every `everyMs` (one at a time) until `stop()` is called;
 * the first at once.
 */
export function followSamples(
  deps: Parameters<typeof followSamplesOnce>[0] & { everyMs: number; log: Logger; devId: string },
): { stop(): void } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const round = async () => {
    if (stopped) return;
    try {
      const sent = await followSamplesOnce(deps);
      if (sent > 0) deps.log.debug({ devId: deps.devId, sent }, 'cloud link: new samples');
    } catch (err) {
      deps.log.warn({ err, devId: deps.devId }, 'cloud link: new samples not fetched');
    }
    if (stopped) return;
    timer = setTimeout(() => void round(), deps.everyMs);
    timer.unref();
  };
  void round();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
