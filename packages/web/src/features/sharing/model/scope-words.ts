import type { GuestScope } from '@hearth/protocol';
import { roomKey } from './scope-form';

type T = (key: string, values?: Record<string, unknown>) => string;

/** A day as the user's language writes it (`YYYY-MM-DD` of the home's calendar). */
export function formatDay(day: string, language: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(y, m - 1, d));
}

/**
 * What a guest may do, in words, one line per limit (docs/sharing.md "A guest's scope"):
 * the owner's list of a guest and the guest's own "My access" say the same.
 */
export function scopeLines(
  scope: GuestScope,
  t: T,
  language: string,
  roomName: (key: string) => string | undefined,
): string[] {
  const deg = (c: number) => `${new Intl.NumberFormat(language).format(c)}\u00a0°C`;
  const rooms = scope.nodes
    ? t('sharing.summary.rooms', {
        rooms: scope.nodes
          .map((n) => roomName(roomKey(n)) ?? t('sharing.summary.unknownRoom'))
          .join(', '),
      })
    : t('sharing.summary.allRooms');
  const { minC, maxC } = scope;
  const setPoint =
    minC !== undefined && maxC !== undefined
      ? t('sharing.summary.between', { min: deg(minC), max: deg(maxC) })
      : minC !== undefined
        ? t('sharing.summary.atLeast', { min: deg(minC) })
        : maxC !== undefined
          ? t('sharing.summary.atMost', { max: deg(maxC) })
          : t('sharing.summary.anySetPoint');
  const modes = scope.modes
    ? t('sharing.summary.modes', {
        modes: scope.modes.map((m) => t(`sharing.mode.${m}`, { defaultValue: m })).join(', '),
      })
    : t('sharing.summary.anyMode');
  const boost = scope.boost === false ? t('sharing.summary.noBoost') : t('sharing.summary.boost');
  const from = scope.validFrom ? formatDay(scope.validFrom, language) : undefined;
  const to = scope.validTo ? formatDay(scope.validTo, language) : undefined;
  const dates =
    from && to
      ? t('sharing.summary.fromTo', { from, to })
      : from
        ? t('sharing.summary.from', { from })
        : to
          ? t('sharing.summary.until', { to })
          : t('sharing.summary.always');
  const weekly = scope.weekly ?? [];
  const hours =
    weekly.length === 0
      ? t('sharing.summary.anyHour')
      : t('sharing.summary.hours', {
          hours: weekly.map((w) => `${t(`sharing.days.${w.day}`)} ${w.from}–${w.to}`).join(', '),
        });
  return [rooms, setPoint, modes, boost, dates, hours];
}
