import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { commands, devs } from '../db/schema';

/** The figures /metrics reads from the database: the same for every process that shares it. */
export function createMetricsRepository(db: Db) {
  return {
    async pendingCommands(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(commands)
        .where(eq(commands.status, 'pending'));
      return row?.n ?? 0;
    },
    async connectedGateways(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(devs).where(eq(devs.connected, true));
      return row?.n ?? 0;
    },
  };
}
export type MetricsRepository = ReturnType<typeof createMetricsRepository>;
