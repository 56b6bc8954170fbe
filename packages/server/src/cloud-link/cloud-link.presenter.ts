import { CLOUD_LINK_REPORT_INTERVAL_MS } from '@hearth/protocol';
import type { CloudUpstream } from '@hearth/cloud-link';
import type { CloudAccountRow, CloudLinkWithDev } from './cloud-link.repository';

/** Why a linked device is not heard from, from its account's state. */
export type StaleReason = 'needs-password' | 'unreachable' | 'rate-limited' | 'no-updates';

/** Stale: no cloud update for twice CLOUD_LINK_REPORT_INTERVAL_MS since it was linked. */
export function staleness(
  link: Pick<CloudLinkWithDev, 'lastUpdateAt' | 'createdAt'>,
  accountState: CloudAccountRow['state'],
  now: number,
): { stale: boolean; stale_reason: StaleReason | null } {
  const heard = (link.lastUpdateAt ?? link.createdAt).getTime();
  const stale = now - heard > 2 * CLOUD_LINK_REPORT_INTERVAL_MS;
  if (!stale) return { stale: false, stale_reason: null };
  return { stale: true, stale_reason: accountState === 'linked' ? 'no-updates' : accountState };
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** A linked account as the API shows it: never its password, stored or not. */
export function presentAccount(
  account: CloudAccountRow,
  links: CloudLinkWithDev[],
  upstream: CloudUpstream | undefined,
  now: number,
) {
  return {
    id: account.id,
    cloud: account.upstream,
    label: upstream?.label ?? account.upstream,
    email: account.email,
    state: account.state,
    state_at: account.stateAt.toISOString(),
    devs: links.map((link) => ({
      dev_id: link.devId,
      upstream_dev_id: link.upstreamDevId,
      name: link.name,
      group_id: link.groupId,
      last_update_at: iso(link.lastUpdateAt),
      ...staleness(link, account.state, now),
      history: {
        state: link.historyState,
        from: iso(link.historyFrom),
        done_until: iso(link.historyDoneUntil),
      },
    })),
  };
}
