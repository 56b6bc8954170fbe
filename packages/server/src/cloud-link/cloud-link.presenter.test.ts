import { describe, expect, it } from 'vitest';
import { CLOUD_LINK_REPORT_INTERVAL_MS } from '@hearth/protocol';
import { staleness } from './cloud-link.presenter';

const linkedAt = new Date('2026-01-10T10:00:00Z');
const at = (ms: number) => linkedAt.getTime() + ms;

describe('staleness of a linked device', () => {
  it('is fresh up to twice the report interval after its last update', () => {
    const link = { createdAt: linkedAt, lastUpdateAt: linkedAt };
    expect(staleness(link, 'linked', at(2 * CLOUD_LINK_REPORT_INTERVAL_MS))).toEqual({
      stale: false,
      stale_reason: null,
    });
    expect(staleness(link, 'linked', at(2 * CLOUD_LINK_REPORT_INTERVAL_MS + 1))).toEqual({
      stale: true,
      stale_reason: 'no-updates',
    });
  });

  it('counts from the link when the cloud never sent anything, with the account state as reason', () => {
    const link = { createdAt: linkedAt, lastUpdateAt: null };
    const late = at(3 * CLOUD_LINK_REPORT_INTERVAL_MS);
    expect(staleness(link, 'needs-password', late).stale_reason).toBe('needs-password');
    expect(staleness(link, 'unreachable', late).stale_reason).toBe('unreachable');
  });
});
