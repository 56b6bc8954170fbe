import { isTimeZone, scopeWindowProblem, type GuestScope } from '@hearth/protocol';
import type { MemberRole } from '../db/schema';

/** The home's IANA zone as stored in its geo data; UTC when missing or unknown. */
export function homeZoneOf(geoData: Record<string, unknown> | null | undefined): string {
  const tz = geoData?.tz_code;
  return typeof tz === 'string' && isTimeZone(tz) ? tz : 'UTC';
}

/**
 * Whether an accepted member's access holds now (docs/sharing.md): a resident's always, a
 * guest's only inside the validity dates and weekly hours of their scope. Outside it the home
 * is as a stranger's: not listed, 404, its sockets closed by the sweep.
 */
export function memberActive(
  role: MemberRole | null | undefined,
  scope: GuestScope | null | undefined,
  geoData: Record<string, unknown> | null | undefined,
  now = Date.now(),
): boolean {
  if (role !== 'guest') return true;
  return scopeWindowProblem(scope ?? {}, now, homeZoneOf(geoData)) === null;
}
