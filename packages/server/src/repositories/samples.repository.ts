import { and, asc, between, eq } from 'drizzle-orm';
import type { GatewaySample } from '@hearth/protocol';
import type { Db } from '../db/client';
import { samples } from '../db/schema';
import { createSampleDays, type DevSamples } from '../samples/sample-days.repository';

export type SampleRow = typeof samples.$inferSelect;

export function createSamplesRepository(db: Db) {
  const days = createSampleDays(db);
  return {
    /** Stores a gateway's batch; its day totals (records charts) follow in the same step. */
    async insertMany(devId: string, list: GatewaySample[]): Promise<void> {
      await days.insert(devId, list);
    },
    /** `insertMany` for the messages of many gateways, in two statements (the ingest batch). */
    async insertBatch(batches: DevSamples[]): Promise<void> {
      await days.insertBatch(batches);
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
