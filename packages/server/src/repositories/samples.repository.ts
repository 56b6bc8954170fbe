import { and, asc, between, eq } from 'drizzle-orm';
import type { GatewaySample } from '@hearth/protocol';
import { parseDecimal } from '@hearth/protocol';
import type { Db } from '../db/client';
import { samples } from '../db/schema';

export type SampleRow = typeof samples.$inferSelect;

export function createSamplesRepository(db: Db) {
  return {
    async insertMany(devId: string, list: GatewaySample[]): Promise<void> {
      if (list.length === 0) return;
      await db
        .insert(samples)
        .values(
          list.map((s) => ({
            devId,
            type: s.type,
            addr: s.addr,
            t: s.t,
            counter: s.counter,
            temp: parseDecimal(s.temp) ?? null,
            max: s.max ?? null,
            min: s.min ?? null,
          })),
        )
        // A gateway may re-send a batch after a reconnect; the first copy wins.
        .onConflictDoNothing();
    },
    range(
      devId: string,
      type: string,
      addr: number,
      start: number,
      end: number,
    ): Promise<SampleRow[]> {
      return db
        .select()
        .from(samples)
        .where(
          and(
            eq(samples.devId, devId),
            eq(samples.type, type),
            eq(samples.addr, addr),
            between(samples.t, start, end),
          ),
        )
        .orderBy(asc(samples.t));
    },
  };
}
export type SamplesRepository = ReturnType<typeof createSamplesRepository>;
