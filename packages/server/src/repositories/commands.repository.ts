import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { commands } from '../db/schema';

export type CommandRow = typeof commands.$inferSelect;

export function createCommandsRepository(db: Db) {
  return {
    async insert(input: {
      devId: string;
      method: 'POST' | 'DELETE';
      path: string;
      body: unknown;
    }): Promise<CommandRow> {
      const [row] = await db.insert(commands).values(input).returning();
      if (!row) throw new Error('insert into commands returned nothing');
      return row;
    },
    listPending(devId: string): Promise<CommandRow[]> {
      return db
        .select()
        .from(commands)
        .where(and(eq(commands.devId, devId), eq(commands.status, 'pending')))
        .orderBy(asc(commands.seq));
    },
    async find(id: string): Promise<CommandRow | undefined> {
      const [row] = await db.select().from(commands).where(eq(commands.id, id));
      return row;
    },
    /** Settles a pending command of this gateway; undefined when the id is unknown, foreign or settled. */
    async settle(
      devId: string,
      id: string,
      ok: boolean,
      error?: string,
    ): Promise<CommandRow | undefined> {
      const [row] = await db
        .update(commands)
        .set({ status: ok ? 'acked' : 'failed', error: error ?? null, ackedAt: new Date() })
        .where(and(eq(commands.id, id), eq(commands.devId, devId), eq(commands.status, 'pending')))
        .returning();
      return row;
    },
    async hasPendingFor(devId: string, path: string): Promise<boolean> {
      const rows = await db
        .select({ id: commands.id })
        .from(commands)
        .where(
          and(eq(commands.devId, devId), eq(commands.path, path), eq(commands.status, 'pending')),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}
export type CommandsRepository = ReturnType<typeof createCommandsRepository>;
