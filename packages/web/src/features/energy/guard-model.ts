import type { PowerGuardAction, PowerGuardSettings } from '@hearth/protocol';

export interface GuardRoom {
  id: string;
  name: string;
  type: string;
}

/**
 * The owner's order over the home's heaters: the saved order first (rooms gone are dropped),
 * then heaters not yet placed, in the home's order.
 */
export function orderedRooms(
  priority: readonly string[],
  rooms: readonly GuardRoom[],
): GuardRoom[] {
  const byId = new Map(rooms.map((r) => [r.id, r]));
  const placed = priority.flatMap((id) => byId.get(id) ?? []);
  const rest = rooms.filter((r) => !priority.includes(r.id));
  return [...placed, ...rest];
}

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length) return out;
  const target = Math.max(0, Math.min(out.length - 1, to));
  const [item] = out.splice(from, 1);
  if (item !== undefined) out.splice(target, 0, item);
  return out;
}

export const DEFAULT_GUARD: PowerGuardSettings = {
  enabled: false,
  dry_run: true,
  cap_kw: 6,
  instant_cap_kw: null,
  priority: [],
  monitor: null,
};

/** A kW figure typed by a person (a point or a comma); undefined unless above 0 and ≤ 1000. */
export function parseKw(text: string): number | undefined {
  const t = text.trim().replace(',', '.');
  if (!/^\d{1,4}(\.\d{1,3})?$/.test(t)) return undefined;
  const v = Number(t);
  return v > 0 && v <= 1000 ? v : undefined;
}

type T = (key: string, values?: Record<string, unknown>) => string;

const kw = (v: number | undefined) => (v === undefined ? undefined : v.toFixed(1));

/**
 * A guard action in the user's language from its data ("lowered Kitchen to 17 °C for 10 min:
 * the hour was heading to 6.2 kW against a 6.0 kW cap"); the server's English when the data
 * lacks what the words need.
 */
export function actionSentence(a: PowerGuardAction, roomName: string, t: T): string {
  const d = a.detail;
  const projected = kw(d.projected_kw);
  const cap = kw(d.cap_kw);
  let why: string | undefined;
  if (d.reason === 'owner-changed') why = t('energy.guard.reason.owner-changed');
  else if (
    (d.reason === 'hour-average' || d.reason === 'instant' || d.reason === 'headroom') &&
    projected !== undefined &&
    cap !== undefined
  )
    why = t(`energy.guard.reason.${d.reason}`, { projected, cap });
  let what: string | undefined;
  if (a.kind === 'unable') what = t('energy.guard.did.unable');
  else if (a.kind === 'release') what = t('energy.guard.did.release', { room: roomName });
  else if (a.to_c !== null) {
    const to = Number.isInteger(a.to_c) ? String(a.to_c) : a.to_c.toFixed(1);
    what =
      a.kind === 'lower' && d.minutes !== undefined
        ? t('energy.guard.did.lowerFor', { room: roomName, to, minutes: Math.round(d.minutes) })
        : t(`energy.guard.did.${a.kind}`, { room: roomName, to });
  }
  if (!why || !what) return a.text;
  const line = t('energy.guard.sentence', { what, why });
  return a.dry_run ? `${line} ${t('energy.guard.dryRunNote')}` : line;
}
