import { useQuery } from '@tanstack/react-query';
import { http } from '../http';

/**
 * Where a device linked from a vendor cloud comes from and how its link is (docs/cloud-link.md),
 * read from the signed-in user's linked accounts (GET /api/v2/cloud_links/accounts, the same
 * query the Cloud accounts screen keeps, so an unlink there updates every screen).
 */
export type DeviceLinkState =
  'connected' | 'needs-password' | 'unreachable' | 'rate-limited' | 'no-updates';

export interface DeviceLink {
  /** The cloud's label as the operator names it. */
  cloud: string;
  state: DeviceLinkState;
  /** Since when nothing came from the cloud, when the device is stale. */
  staleSince: Date | null;
}

interface AccountsAnswer {
  accounts: Array<{
    label: string;
    state: 'linked' | 'needs-password' | 'unreachable' | 'rate-limited';
    state_at: string;
    devs: Array<{
      dev_id: string;
      last_update_at: string | null;
      stale: boolean;
      stale_reason: Exclude<DeviceLinkState, 'connected'> | null;
    }>;
  }>;
}

/** The query key of the linked accounts, shared with the Cloud accounts screen. */
export const LINKED_ACCOUNTS_KEY = ['cloud-links', 'accounts'] as const;

/** The link of one device out of the accounts' answer; undefined for a device not linked. */
export function deviceLinkOf(answer: AccountsAnswer | undefined, devId: string) {
  for (const account of answer?.accounts ?? []) {
    const dev = account.devs.find((d) => d.dev_id === devId);
    if (!dev) continue;
    const state: DeviceLinkState = dev.stale
      ? (dev.stale_reason ?? 'no-updates')
      : account.state === 'linked'
        ? 'connected'
        : account.state;
    const heard = dev.last_update_at ?? null;
    return {
      cloud: account.label,
      state,
      staleSince: dev.stale && heard !== null ? new Date(heard) : null,
    } satisfies DeviceLink;
  }
  return undefined;
}

/** The device's link, refreshed every minute; undefined while unknown or for a device not linked. */
export function useDeviceLink(devId: string): DeviceLink | undefined {
  const accounts = useQuery({
    queryKey: LINKED_ACCOUNTS_KEY,
    queryFn: ({ signal }) =>
      // A device's link line is extra: a failed read shows nothing, not an error.
      http.request<AccountsAnswer>('/api/v2/cloud_links/accounts', { signal, quiet: true }),
    staleTime: 30_000,
    refetchInterval: 60_000,
    retry: false,
  });
  return deviceLinkOf(accounts.data, devId);
}
