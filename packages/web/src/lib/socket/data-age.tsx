import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GATEWAY_REPORT_INTERVAL_MS } from '@hearth/protocol';
import { staleSince } from './connection-state';
import { useSocketEntry } from './connection-store';

/** How long ago, in the language's words: "30 seconds ago", "3 minutes ago", "2 hours ago". */
export function formatAge(ms: number, language: string): string {
  const words = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return words.format(-seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return words.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return words.format(-hours, 'hour');
  return words.format(-Math.floor(hours / 24), 'day');
}

/**
 * Since when a gateway's values are stale (its socket lost for longer than a report interval),
 * or nothing while they are live. Renders again at the moment they turn stale.
 */
export function useStaleSince(devId: string): number | undefined {
  const entry = useSocketEntry(devId);
  const [, setTick] = useState(0);
  useEffect(() => {
    if (entry?.lostAt === undefined || entry.status === 'connected') return;
    const wait = entry.lostAt + GATEWAY_REPORT_INTERVAL_MS + 1 - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(() => setTick((n) => n + 1), wait);
    return () => clearTimeout(timer);
  }, [entry]);
  return staleSince(entry, Date.now());
}

const AGE_REFRESH_MS = 15_000;

/** "Updated 3 minutes ago": the age of values that are not live, kept current while shown. */
export function DataAge({ since, className }: { since: number; className?: string }) {
  const { t, i18n } = useTranslation();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), AGE_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className={className} data-testid="data-age">
      {t('connection.updatedAgo', {
        age: formatAge(Math.max(now, Date.now()) - since, i18n.language),
      })}
    </span>
  );
}
