import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { executeNamed } from '../db/named-statement';
import { commands } from '../db/schema';
import { pendingObjectPathSql } from './pending-objects';

export type CommandRow = typeof commands.$inferSelect;

/** The desired state a write records beside its command (a node's status, setup or prog). */
export interface DesiredPart {
  type: string;
  addr: number;
  part: 'status' | 'setup' | 'prog';
  body: Record<string, unknown>;
}

const RETURNING = sql.raw(`RETURNING id, seq, dev_id AS "devId", method, path, body, status, error,
  created_at AS "createdAt", acked_at AS "ackedAt"`);

/** A node's status or setup as its gateway reported it. */
export interface ReportedPart {
  devId: string;
  type: string;
  addr: number;
  part: 'status' | 'setup';
  body: Record<string, unknown>;
}

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

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
    /**
     * A write's desired state and its command in one statement (one commit instead of two on
     * the REST write path): both are stored or neither is.
     */
    async insertWithDesired(
      input: { devId: string; method: 'POST' | 'DELETE'; path: string; body: unknown },
      desired: DesiredPart,
    ): Promise<CommandRow> {
      const column = sql.raw(desired.part);
      const result = await executeNamed(
        db,
        `insert_with_desired_${desired.part}`,
        sql`
        WITH n AS (
          INSERT INTO nodes (dev_id, type, addr, ${column})
          VALUES (${input.devId}, ${desired.type}, ${desired.addr}, ${JSON.stringify(desired.body)}::jsonb)
          ON CONFLICT (dev_id, type, addr) DO UPDATE
            SET ${column} = jsonb_merge_deep(nodes.${column}, excluded.${column})
        )
        INSERT INTO commands (dev_id, method, path, body)
        VALUES (${input.devId}, ${input.method}, ${input.path},
                ${input.body === undefined ? null : JSON.stringify(input.body)}::jsonb)
        ${RETURNING}`,
      );
      const [row] = rows<CommandRow>(result);
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
    /**
     * Settles a pending command and, in the same statement, ends the pending state of the
     * node object it wrote once no other write to that object is unacknowledged
     * (docs/device-protocol.md). Answers the settled command (undefined when the id is unknown,
     * foreign or settled) and the object as it now reads when its pending state ended.
     */
    async settleAndSync(
      devId: string,
      id: string,
      ok: boolean,
      error?: string,
    ): Promise<{ row: CommandRow; synced?: Record<string, unknown> } | undefined> {
      const status = ok ? 'acked' : 'failed';
      const result = await executeNamed(
        db,
        'settle_and_sync',
        sql`
        WITH s AS (
          UPDATE commands SET status = ${status}, error = ${error ?? null}, acked_at = now()
          WHERE id = ${id} AND dev_id = ${devId} AND status = 'pending'
          ${RETURNING}
        ), o AS (
          SELECT s.id, s."devId", ${pendingObjectPathSql('s.path')} AS object FROM s
        ), n AS (
          UPDATE nodes SET
            status = CASE WHEN o.object LIKE '%/status'
                          THEN nodes.status || '{"sync_status":"ok"}'::jsonb ELSE nodes.status END,
            setup = CASE WHEN o.object LIKE '%/setup'
                         THEN nodes.setup || '{"sync_status":"ok"}'::jsonb ELSE nodes.setup END
          FROM o
          WHERE o.object IS NOT NULL
            AND nodes.dev_id = o."devId"
            AND o.object = '/' || nodes.type || '/' || nodes.addr || '/' || split_part(o.object, '/', 4)
            AND (CASE WHEN o.object LIKE '%/status' THEN nodes.status ELSE nodes.setup END)
                  ->>'sync_status' = 'pending'
            -- The statement sees commands as they were before it: the settled one still pending.
            AND NOT EXISTS (SELECT 1 FROM commands c
                            WHERE c.dev_id = o."devId" AND c.status = 'pending'
                              AND ${pendingObjectPathSql('c.path')} = o.object AND c.id <> o.id)
          RETURNING CASE WHEN o.object LIKE '%/status' THEN nodes.status ELSE nodes.setup END AS value
        )
        SELECT s.*, (SELECT value FROM n) AS synced FROM s`,
      );
      const [found] = rows<CommandRow & { synced: Record<string, unknown> | null }>(result);
      if (!found) return undefined;
      const { synced, ...row } = found;
      return synced ? { row, synced } : { row };
    },
    /**
     * A gateway's report of a node's status or setup followed by its ack of a write to that
     * same object, in one statement instead of two (the usual answer to a write: the
     * gateway publishes the object's new state, then the ack). Same outcome, stored and
     * answered, as `nodes.setParts([report])` and then `settleAndSync`: `reportedPending` is
     * what the report alone would have read (pending while any write to the object was
     * unacknowledged); `row` is the settled command, undefined when the ack was not for a
     * pending write to this object (then nothing is settled and the caller settles it
     * apart); `synced` the object as stored once its pending state ended.
     */
    async reportAndSettle(
      report: ReportedPart,
      ack: { id: string; ok: boolean; error?: string },
    ): Promise<{
      reportedPending: boolean;
      row?: CommandRow;
      synced?: Record<string, unknown>;
      /** The object as stored: the report merged into what was there. */
      merged?: Record<string, unknown>;
    }> {
      const { devId, type, addr, part } = report;
      const column = sql.raw(part);
      const path = `/${type}/${addr}/${part}`;
      const result = await executeNamed(
        db,
        `report_and_settle_${part}`,
        sql`
        WITH c AS (
          SELECT id FROM commands WHERE dev_id = ${devId} AND status = 'pending'
            AND ${pendingObjectPathSql('path')} = ${path}
        ), s AS (
          UPDATE commands SET status = ${ack.ok ? 'acked' : 'failed'}, error = ${ack.error ?? null},
                 acked_at = now()
          WHERE id = ${ack.id} AND dev_id = ${devId} AND status = 'pending'
            AND ${pendingObjectPathSql('path')} = ${path}
          ${RETURNING}
        ), v AS (
          SELECT EXISTS (SELECT 1 FROM c) AS before,
                 EXISTS (SELECT 1 FROM c WHERE c.id <> ${ack.id}) AS other,
                 EXISTS (SELECT 1 FROM s) AS settled,
                 ${JSON.stringify(report.body)}::jsonb AS body
        ), n AS (
          INSERT INTO nodes (dev_id, type, addr, ${column})
          SELECT ${devId}, ${type}, ${addr},
                 CASE WHEN v.other OR (v.before AND NOT v.settled)
                        THEN v.body || '{"sync_status":"pending"}'::jsonb
                      WHEN v.settled THEN v.body || '{"sync_status":"ok"}'::jsonb
                      ELSE v.body END
          FROM v
          ON CONFLICT (dev_id, type, addr) DO UPDATE
            SET ${column} = jsonb_merge_deep(nodes.${column}, excluded.${column})
          RETURNING ${column} AS value
        )
        SELECT v.before, v.other, (SELECT value FROM n) AS stored, s.*
        FROM v LEFT JOIN s ON true`,
      );
      const [found] = rows<
        Partial<CommandRow> & {
          before: boolean;
          other: boolean;
          stored: Record<string, unknown> | null;
        }
      >(result);
      if (!found) throw new Error('report and settle returned nothing');
      const { before, other, stored, ...row } = found;
      const merged = stored ?? undefined;
      if (row.id === null || row.id === undefined) return { reportedPending: before, merged };
      const settled = row as CommandRow;
      return !other && stored
        ? { reportedPending: before, row: settled, synced: stored, merged }
        : { reportedPending: before, row: settled, merged };
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
