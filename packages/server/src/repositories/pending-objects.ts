import {
  NODE_WRITES,
  PENDING_OBJECTS,
  readDevicePath,
  writesHoldingPending,
  type ParsedDevicePath,
  type PendingObject,
} from '@hearth/protocol';
import { sql, type SQL } from 'drizzle-orm';

/*
 * Until it is acknowledged, a command holds pending the node object that protocol's node write
 * table names for its write (`pending`): a write of /status, /mode, /prog_temps, /boost or /lock
 * holds the node's status, a /setup write its setup (docs/device-protocol.md).
 */

// Plain patterns that JavaScript and PostgreSQL read alike; the writes' paths are [a-z_]+.
const patternOf = (object: PendingObject) =>
  `^(/[a-z_]+/[0-9]+/)(${writesHoldingPending(object)
    .map((action) => NODE_WRITES[action].path)
    .join('|')})$`;
const PATTERNS = PENDING_OBJECTS.filter((o) => writesHoldingPending(o).length > 0).map(
  (object) => ({
    object,
    pattern: patternOf(object),
    regex: new RegExp(patternOf(object)),
  }),
);

/**
 * The node object a command's path holds pending, as its realtime path names it (`/htr/2/mode`
 * → `/htr/2/status`, the status of htr 2); undefined for a command that holds none (a programme, a name, …) or
 * whose node is of no type an update carries.
 */
export function pendingObjectPath(commandPath: string): ParsedDevicePath | undefined {
  for (const { object, regex } of PATTERNS) {
    const match = regex.exec(commandPath);
    if (match) return readDevicePath(`${match[1]}${object}`) ?? undefined;
  }
  return undefined;
}

/** `pendingObjectPath` of a command path column in SQL (NULL for none). */
export function pendingObjectPathSql(column: 'path' | 'c.path' | 's.path'): SQL {
  const cases = PATTERNS.map(
    ({ object, pattern }) =>
      ` WHEN ${column} ~ '${pattern}' THEN regexp_replace(${column}, '[a-z_]+$', '${object}')`,
  );
  return sql.raw(`(CASE${cases.join('')} END)`);
}
