import { and, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cloudAccounts, cloudLinks, devs, samples, type CloudAccountState } from '../db/schema';

export type CloudAccountRow = typeof cloudAccounts.$inferSelect;
export type CloudLinkRow = typeof cloudLinks.$inferSelect;
export type CloudLinkWithDev = CloudLinkRow & { name: string; groupId: string | null };

/** Linked cloud accounts and the devices brought in through them. */
export function createCloudLinkRepository(db: Db) {
  return {
    async accountsOf(userId: string): Promise<CloudAccountRow[]> {
      return db
        .select()
        .from(cloudAccounts)
        .where(eq(cloudAccounts.userId, userId))
        .orderBy(cloudAccounts.createdAt);
    },
    async account(id: string): Promise<CloudAccountRow | undefined> {
      const [row] = await db.select().from(cloudAccounts).where(eq(cloudAccounts.id, id));
      return row;
    },
    async findAccount(userId: string, upstream: string, email: string) {
      const [row] = await db
        .select()
        .from(cloudAccounts)
        .where(
          and(
            eq(cloudAccounts.userId, userId),
            eq(cloudAccounts.upstream, upstream),
            eq(cloudAccounts.email, email),
          ),
        );
      return row;
    },
    async insertAccount(row: {
      id: string;
      userId: string;
      upstream: string;
      email: string;
      passwordEnc: string;
    }): Promise<CloudAccountRow> {
      const [inserted] = await db
        .insert(cloudAccounts)
        .values({ ...row, state: 'linked', stateAt: new Date() })
        .returning();
      if (!inserted) throw new Error('insert into cloud_accounts returned nothing');
      return inserted;
    },
    async setPassword(id: string, passwordEnc: string): Promise<void> {
      await db
        .update(cloudAccounts)
        .set({ passwordEnc, state: 'linked', stateAt: new Date() })
        .where(eq(cloudAccounts.id, id));
    },
    /** The new state; `needs-password` forgets the stored password. True when it changed. */
    async setState(id: string, state: CloudAccountState): Promise<boolean> {
      const rows = await db
        .update(cloudAccounts)
        .set({
          state,
          stateAt: new Date(),
          ...(state === 'needs-password' ? { passwordEnc: null } : {}),
        })
        .where(and(eq(cloudAccounts.id, id)))
        .returning({ state: cloudAccounts.state });
      return rows.length > 0;
    },
    async deleteAccount(id: string): Promise<void> {
      await db.delete(cloudAccounts).where(eq(cloudAccounts.id, id));
    },
    async linksOf(accountIds: string[]): Promise<CloudLinkWithDev[]> {
      if (accountIds.length === 0) return [];
      const rows = await db
        .select({ link: cloudLinks, name: devs.name, groupId: devs.groupId })
        .from(cloudLinks)
        .innerJoin(devs, eq(devs.devId, cloudLinks.devId))
        .where(inArray(cloudLinks.accountId, accountIds))
        .orderBy(cloudLinks.createdAt);
      return rows.map((r) => ({ ...r.link, name: r.name, groupId: r.groupId }));
    },
    async allLinks(): Promise<Array<CloudLinkRow & { account: CloudAccountRow }>> {
      const rows = await db
        .select({ link: cloudLinks, account: cloudAccounts })
        .from(cloudLinks)
        .innerJoin(cloudAccounts, eq(cloudAccounts.id, cloudLinks.accountId));
      return rows.map((r) => ({ ...r.link, account: r.account }));
    },
    async link(devId: string): Promise<CloudLinkRow | undefined> {
      const [row] = await db.select().from(cloudLinks).where(eq(cloudLinks.devId, devId));
      return row;
    },
    async insertLink(row: { devId: string; accountId: string; upstreamDevId: string }) {
      await db
        .insert(cloudLinks)
        .values(row)
        .onConflictDoUpdate({ target: cloudLinks.devId, set: { accountId: row.accountId } });
    },
    async touch(devId: string, at: Date): Promise<void> {
      await db.update(cloudLinks).set({ lastUpdateAt: at }).where(eq(cloudLinks.devId, devId));
    },
    async setHistory(
      devId: string,
      fields: Partial<Pick<CloudLinkRow, 'historyState' | 'historyFrom' | 'historyDoneUntil'>>,
    ): Promise<void> {
      await db.update(cloudLinks).set(fields).where(eq(cloudLinks.devId, devId));
    },
    /** The newest stored sample's time of a device (seconds), if it has any. */
    async lastSampleAt(devId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ t: max(samples.t) })
        .from(samples)
        .where(eq(samples.devId, devId));
      return row?.t ?? undefined;
    },
    /** The device stops coming from the cloud; it stays in its home with its records. */
    async deleteLink(devId: string): Promise<void> {
      await db.delete(cloudLinks).where(eq(cloudLinks.devId, devId));
    },
    /** The home a device is in (null when free), undefined for a device Hearth does not know. */
    async homeOf(devId: string): Promise<string | null | undefined> {
      const [row] = await db
        .select({ groupId: devs.groupId })
        .from(devs)
        .where(eq(devs.devId, devId));
      return row === undefined ? undefined : row.groupId;
    },
  };
}
export type CloudLinkRepository = ReturnType<typeof createCloudLinkRepository>;
