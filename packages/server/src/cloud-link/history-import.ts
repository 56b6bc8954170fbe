import type { CloudDeviceBridge } from '@hearth/cloud-link';
import type { Logger } from '../logger';
import type { CloudLinkRepository, CloudLinkRow } from './cloud-link.repository';

/** How far back a newly linked device's samples are imported. */
export const HISTORY_IMPORT_SPAN_MS = 365 * 24 * 3_600_000;
/** One request per node and chunk (the clouds answer raw samples of at most 40 days). */
export const HISTORY_IMPORT_CHUNK_MS = 7 * 24 * 3_600_000;

/**
 * The last year of a linked device's samples, forwarded chunk by chunk through its bridge
 * (paced by the cloud client) and stored as the gateway's; `history_done_until` moves with
 * each chunk, so a restart resumes where it stopped. Stops when `stopped()` says so.
 * True once the whole span is imported.
 */
export async function importHistory(deps: {
  link: CloudLinkRow;
  bridge: Pick<CloudDeviceBridge, 'forwardSamples' | 'ready'>;
  repo: CloudLinkRepository;
  log: Logger;
  stopped: () => boolean;
  spanMs?: number;
  chunkMs?: number;
}): Promise<boolean> {
  const { link, repo, log } = deps;
  const chunkMs = deps.chunkMs ?? HISTORY_IMPORT_CHUNK_MS;
  if (link.historyState === 'done') return true;
  const span = deps.spanMs ?? HISTORY_IMPORT_SPAN_MS;
  const from = link.historyFrom ?? new Date(link.createdAt.getTime() - span);
  const end = link.createdAt.getTime();
  let cursor = (link.historyDoneUntil ?? from).getTime();
  await repo.setHistory(link.devId, { historyState: 'importing', historyFrom: from });
  try {
    await deps.bridge.ready;
    while (cursor < end) {
      if (deps.stopped()) return false;
      const until = Math.min(cursor + chunkMs, end);
      await deps.bridge.forwardSamples(Math.floor(cursor / 1000), Math.floor(until / 1000));
      cursor = until;
      await repo.setHistory(link.devId, { historyDoneUntil: new Date(cursor) });
    }
    await repo.setHistory(link.devId, { historyState: 'done' });
    log.info({ devId: link.devId }, 'cloud link: history imported');
    return true;
  } catch (err) {
    if (deps.stopped()) return false;
    log.warn({ err, devId: link.devId }, 'cloud link: history import failed');
    await repo.setHistory(link.devId, { historyState: 'failed' });
    return false;
  }
}
