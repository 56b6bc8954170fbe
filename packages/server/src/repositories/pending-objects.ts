import { sql, type SQL } from 'drizzle-orm';

/**
 * Command actions whose desired state is the node's status (node-control.service records
 * the status for each): until it is acknowledged, a write to any of them holds the status
 * pending, as a setup write holds the setup (docs/device-protocol.md).
 */
export const STATUS_WRITE_ACTIONS = ['status', 'mode', 'prog_temps', 'boost', 'lock'] as const;

// Plain patterns that JavaScript and PostgreSQL read alike.
const STATUS_WRITE_PATTERN = `^(/[a-z_]+/[0-9]+/)(${STATUS_WRITE_ACTIONS.join('|')})$`;
const SETUP_WRITE_PATTERN = '^/[a-z_]+/[0-9]+/setup$';
const STATUS_WRITE = new RegExp(STATUS_WRITE_PATTERN);
const SETUP_WRITE = new RegExp(SETUP_WRITE_PATTERN);

/**
 * The node object a command's path holds pending, at its realtime path (`/htr/2/mode` →
 * `/htr/2/status`); undefined for a command that holds none (a programme, a name, …).
 */
export function pendingObjectPath(commandPath: string): string | undefined {
  const status = STATUS_WRITE.exec(commandPath);
  if (status) return `${status[1]}status`;
  return SETUP_WRITE.test(commandPath) ? commandPath : undefined;
}

/** `pendingObjectPath` of a command path column in SQL (NULL for none). */
export function pendingObjectPathSql(column: 'path' | 'c.path' | 's.path'): SQL {
  return sql.raw(
    `(CASE WHEN ${column} ~ '${STATUS_WRITE_PATTERN}'` +
      ` THEN regexp_replace(${column}, '[a-z_]+$', 'status')` +
      ` WHEN ${column} ~ '${SETUP_WRITE_PATTERN}' THEN ${column} END)`,
  );
}
