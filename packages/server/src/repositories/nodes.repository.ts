import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { MgrNode } from '@hearth/protocol';
import type { Db } from '../db/client';
import { executeNamed } from '../db/named-statement';
import { nodes } from '../db/schema';
import { pendingObjectPathSql } from './pending-objects';

export type NodeRow = typeof nodes.$inferSelect;
export const NODE_PARTS = ['status', 'setup', 'prog', 'version'] as const;
export type NodePart = (typeof NODE_PARTS)[number];

/** One part of one node as a gateway published it. */
export interface PartWrite {
  devId: string;
  type: string;
  addr: number;
  part: NodePart;
  body: Record<string, unknown>;
}

/** A part as `setParts` stored it: whether it reads as pending, and the whole object. */
export interface StoredPart {
  pending: boolean;
  value: Record<string, unknown>;
}

const byNode = (a: PartWrite, b: PartWrite) =>
  a.devId < b.devId ? -1 : a.devId > b.devId ? 1 : a.type.localeCompare(b.type) || a.addr - b.addr;

export function createNodesRepository(db: Db) {
  const key = (devId: string, type: string, addr: number) =>
    and(eq(nodes.devId, devId), eq(nodes.type, type), eq(nodes.addr, addr));
  return {
    list(devId: string): Promise<NodeRow[]> {
      return db
        .select()
        .from(nodes)
        .where(eq(nodes.devId, devId))
        .orderBy(asc(nodes.addr), asc(nodes.type));
    },
    async find(devId: string, type: string, addr: number): Promise<NodeRow | undefined> {
      const [row] = await db
        .select()
        .from(nodes)
        .where(key(devId, type, addr));
      return row;
    },
    /** `/mgr/nodes` is the full list: upsert what it names and drop what it no longer names. */
    async replaceList(devId: string, list: MgrNode[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const n of list) {
          const values = { name: n.name, installed: n.installed, lost: n.lost };
          await tx
            .insert(nodes)
            .values({ devId, type: n.type, addr: n.addr, ...values })
            .onConflictDoUpdate({ target: [nodes.devId, nodes.type, nodes.addr], set: values });
        }
        const keep = list.map((n) => `${n.type}/${n.addr}`);
        const base = eq(nodes.devId, devId);
        await tx
          .delete(nodes)
          .where(
            keep.length === 0
              ? base
              : and(base, notInArray(sql`${nodes.type} || '/' || ${nodes.addr}`, keep)),
          );
      });
    },
    /** Stores one part of a node, creating the node if the gateway reports it before `/mgr/nodes`. */
    async setPart(
      devId: string,
      type: string,
      addr: number,
      part: NodePart,
      body: Record<string, unknown>,
    ) {
      await db
        .insert(nodes)
        .values({ devId, type, addr, [part]: body })
        .onConflictDoUpdate({
          target: [nodes.devId, nodes.type, nodes.addr],
          set: { [part]: body },
        });
    },
    /**
     * Stores parts of many nodes in one statement (the ingest batch: one message per gateway,
     * so no node twice). A status, setup or version merges into the stored object at every
     * depth (jsonb_merge_deep, migration 0007: a partial report changes only what it names,
     * `extra_options` included); a prog replaces it. A status or setup with an unacknowledged command for its path is
     * stored with `sync_status: 'pending'` (docs/device-protocol.md), decided in the same
     * statement (a write of its mode, set-point temperatures, boost or lock holds the status
     * too: pending-objects.ts). Answers, in input order, whether each was stored as pending
     * and the whole object now stored. Rows are written
     * in key order, so that batches of several processes never wait on each other in a cycle.
     */
    async setParts(writes: PartWrite[]): Promise<StoredPart[]> {
      if (writes.length === 0) return [];
      const rows = writes
        .map((w, i) => ({ w, i }))
        .sort((a, b) => byNode(a.w, b.w))
        .map(({ w, i }) => ({
          i,
          dev_id: w.devId,
          type: w.type,
          addr: w.addr,
          part: w.part,
          body: w.body,
        }));
      const result = await executeNamed(
        db,
        'set_parts',
        sql`
        WITH u AS (
          SELECT u.i, u.dev_id, u.type, u.addr, u.part, u.body,
                 u.part IN ('status', 'setup') AND EXISTS (
                   SELECT 1 FROM commands c
                   WHERE c.dev_id = u.dev_id AND c.status = 'pending'
                     AND ${pendingObjectPathSql('c.path')} = '/' || u.type || '/' || u.addr || '/' || u.part
                 ) AS pending
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS u(i int, dev_id text, type text, addr int, part text, body jsonb)
        ), v AS (
          SELECT *, CASE WHEN pending THEN body || '{"sync_status":"pending"}'::jsonb ELSE body END AS stored
          FROM u
        ), ins AS (
          INSERT INTO nodes (dev_id, type, addr, status, setup, prog, version)
          SELECT dev_id, type, addr,
                 CASE WHEN part = 'status' THEN stored END, CASE WHEN part = 'setup' THEN stored END,
                 CASE WHEN part = 'prog' THEN stored END, CASE WHEN part = 'version' THEN stored END
          FROM v ORDER BY dev_id, type, addr
          ON CONFLICT (dev_id, type, addr) DO UPDATE SET
            status = coalesce(jsonb_merge_deep(nodes.status, excluded.status), nodes.status),
            setup = coalesce(jsonb_merge_deep(nodes.setup, excluded.setup), nodes.setup),
            prog = coalesce(excluded.prog, nodes.prog),
            version = coalesce(jsonb_merge_deep(nodes.version, excluded.version), nodes.version)
          RETURNING dev_id, type, addr, status, setup, prog, version
        )
        SELECT v.i, v.pending,
               CASE v.part WHEN 'status' THEN ins.status WHEN 'setup' THEN ins.setup
                           WHEN 'prog' THEN ins.prog ELSE ins.version END AS value
        FROM v LEFT JOIN ins USING (dev_id, type, addr)`,
      );
      const stored = writes.map((w): StoredPart => ({ pending: false, value: w.body }));
      type Row = { i: number; pending: boolean; value: Record<string, unknown> | null };
      for (const r of (result as unknown as { rows: Row[] }).rows)
        stored[r.i] = { pending: r.pending, value: r.value ?? writes[r.i]!.body };
      return stored;
    },
    async setName(devId: string, type: string, addr: number, name: string): Promise<void> {
      await db
        .update(nodes)
        .set({ name })
        .where(key(devId, type, addr));
    },
    async setInstalled(devId: string, type: string, addr: number, installed: boolean) {
      await db
        .update(nodes)
        .set({ installed })
        .where(key(devId, type, addr));
    },
    async remove(devId: string, type: string, addr: number): Promise<void> {
      await db.delete(nodes).where(key(devId, type, addr));
    },
  };
}
export type NodesRepository = ReturnType<typeof createNodesRepository>;
