import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DeviceState } from './device-state';
import { deviceKeys } from './keys';
import { useNodeRecordsLink } from './use-node-records-link';

const DEV = '0123456789abcdef01';

function linkWith(geo: Record<string, unknown> | undefined): string {
  const client = new QueryClient();
  if (geo) client.setQueryData(deviceKeys.live(DEV), { geo_data: geo } as unknown as DeviceState);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useNodeRecordsLink('h1', DEV, 'htr', 2), { wrapper }).result.current;
}

afterEach(() => vi.useRealTimers());

describe('the records link of a node (spec 3 §2: opened with today’s date)', () => {
  test('takes today in the device’s zone, the day the records page counts as today', () => {
    // 20:30 UTC on 10 March is already 11 March in Kiritimati (UTC+14) and still 10 March in
    // Honolulu (UTC−10).
    vi.useFakeTimers({ now: Date.UTC(2026, 2, 10, 20, 30) });
    expect(linkWith({ tz_code: 'Pacific/Kiritimati' })).toBe(
      `/homes/h1/devs/${DEV}/htr/2/records?day=11&month=3&year=2026`,
    );
    expect(linkWith({ tz_code: 'Pacific/Honolulu' })).toBe(
      `/homes/h1/devs/${DEV}/htr/2/records?day=10&month=3&year=2026`,
    );
  });

  test('falls back to the browser’s day while the device’s zone is unknown', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 2, 10, 20, 30) });
    const now = new Date();
    expect(linkWith(undefined)).toBe(
      `/homes/h1/devs/${DEV}/htr/2/records?day=${now.getDate()}&month=${now.getMonth() + 1}&year=${now.getFullYear()}`,
    );
  });
});
