import type { NodeType } from '../node-types';
import { POWER_LIMIT_MAX_W, POWER_LIMIT_MIN_W } from '../rules/constants';
import { MINUTES_A_DAY, type SettingKind, type SettingsTable } from './setting-kinds';
import { NODE_SETUP_SETTINGS } from './setup-settings';

/*
 * The ranges of setup settings. A changed value must keep its range; one written back as the
 * device reported it is not checked: that is the device's business.
 */

function rangeOf(kind: SettingKind, value: unknown): string | undefined {
  switch (kind.type) {
    case 'integer':
      return typeof value === 'number' && (value < kind.min || value > kind.max)
        ? `must be between ${kind.min} and ${kind.max}`
        : undefined;
    case 'choice':
      return kind.values.includes(value as string | number)
        ? undefined
        : `must be one of ${kind.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'watts': {
      const w = Number(value);
      return w === 0 || w === -1 || (w >= POWER_LIMIT_MIN_W && w <= POWER_LIMIT_MAX_W)
        ? undefined
        : `must be 0 or -1 (none) or between ${POWER_LIMIT_MIN_W} and ${POWER_LIMIT_MAX_W} W`;
    }
    case 'text':
      return typeof value === 'string' && value.length > kind.maxLength
        ? `must be at most ${kind.maxLength} characters`
        : undefined;
    case 'interval': {
      const { start, end } = value as { start: number; end: number };
      return start >= MINUTES_A_DAY || end > MINUTES_A_DAY
        ? `must be minutes of a day (0 to ${MINUTES_A_DAY})`
        : undefined;
    }
    default:
      return undefined;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const objectOr = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function tableProblem(
  table: SettingsTable,
  current: Record<string, unknown>,
  write: Record<string, unknown>,
  path: string,
): string | undefined {
  for (const [key, value] of Object.entries(write)) {
    const setting = table[key];
    if (!setting || value === undefined || same(value, current[key])) continue;
    const where = `${path}${key}`;
    if (setting.kind.type === 'group') {
      const inner = tableProblem(
        setting.kind.entries,
        objectOr(current[key]),
        objectOr(value),
        `${where}.`,
      );
      if (inner) return inner;
      continue;
    }
    const problem = rangeOf(setting.kind, value);
    if (problem) return `${where} ${problem}`;
  }
  return undefined;
}

/**
 * The range a changed setup entry breaks (a choice not offered, a number past its bounds), in
 * words, or undefined. Written back as the node reported it, an entry passes.
 */
export function setupRangeProblem(
  type: NodeType,
  current: Record<string, unknown>,
  write: Record<string, unknown>,
): string | undefined {
  return tableProblem(NODE_SETUP_SETTINGS[type], current, write, '');
}
