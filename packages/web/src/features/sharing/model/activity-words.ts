import type { ActivityEntry } from '../api/sharing-api';

type T = (key: string, values?: Record<string, unknown>) => string;

const KNOWN_ACTIONS = new Set([
  'status',
  'mode',
  'boost',
  'prog',
  'setup',
  'name',
  'invite',
  'invite_confirmation',
  'away_status',
]);
/** Body fields that say nothing to a reader of the log (ids, links, the unit of a set point). */
const QUIET_FIELDS = new Set(['groupid', 'confirmation_url', 'units', 'email']);
const SOURCES = new Set(['app', 'assistant', 'automation', 'system']);

/** Where a change came from: the app, a linked assistant, an automation or Hearth itself. */
export function sourceText(entry: ActivityEntry, t: T): string {
  if (!SOURCES.has(entry.source)) return entry.source;
  const via = entry.source === 'automation' ? automationName(entry.via, t) : entry.via;
  return t(`sharing.activity.source.${entry.source}`, { via });
}

/** An automation's `via` is `automation:<name>` (`automation:optimum-start`): its name in words. */
function automationName(via: string, t: T): string {
  const name = via.replace(/^automation:/, '');
  return t(`sharing.activity.automation.${name}`, { defaultValue: name });
}

function fieldText(key: string, value: unknown, units: string, t: T): string {
  if (key === 'stemp' || key === 'temperature')
    return t('sharing.activity.detail.stemp', { value: `${String(value)}\u00a0°${units}` });
  if (key === 'mode')
    return t('sharing.activity.detail.mode', {
      value: t(`sharing.mode.${String(value)}`, { defaultValue: String(value) }),
    });
  if (key === 'role') return t(`sharing.role.${String(value)}`, { defaultValue: String(value) });
  return `${key} ${String(value)}`;
}

/**
 * What changed: the route below the device, node or home (`post status`, `post home/name`),
 * by its last word when the app has a name for it, with the write's small detail.
 */
export function actionText(entry: ActivityEntry, t: T): string {
  const path = entry.action.replace(/^[a-z]+ /, '');
  const last = path.split('/').at(-1) ?? path;
  const what = KNOWN_ACTIONS.has(last)
    ? t(`sharing.activity.action.${last}`)
    : t('sharing.activity.action.other', { action: path });
  const units = entry.detail.units === 'F' ? 'F' : 'C';
  const detail = Object.entries(entry.detail)
    .filter(([k, v]) => !QUIET_FIELDS.has(k) && v !== '…')
    .map(([k, v]) => fieldText(k, v, units, t))
    .join(', ');
  return detail ? `${what}: ${detail}` : what;
}
