import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { MgrNode } from '@hearth/protocol';
import type { Db } from '../db/client';
import { nodes } from '../db/schema';

export type NodeRow = typeof nodes.$inferSelect;
export const NODE_PARTS = ['status', 'setup', 'prog', 'version'] as const;
export type NodePart = (typeof NODE_PARTS)[number];

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
