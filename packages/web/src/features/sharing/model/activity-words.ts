import type { ActivityEntry } from '../api/sharing-api';

type T = (key: string, values?: Record<string, unknown>) => string;

const KNOWN_ACTIONS = new Set(['status', 'mode', 'boost', 'prog', 'setup', 'name']);

/** Where a change came from: the app, a linked assistant, an automation or Hearth itself. */
export function sourceText(entry: ActivityEntry, t: T): string {
  const known = ['app', 'assistant', 'automation', 'system'].includes(entry.source);
  return known ? t(`sharing.activity.source.${entry.source}`, { via: entry.via }) : entry.source;
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
  const detail = Object.entries(entry.detail)
    .map(([k, v]) => `${k} ${String(v)}`)
    .join(', ');
  return detail ? `${what}: ${detail}` : what;
}
