// Times the records aggregates on a year of 15-minute samples for a home of 20 nodes:
// `npm run bench:records` (PGlite), and also PostgreSQL when DATABASE_URL is set.
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { openDatabase } from '../packages/server/src/db/client';
import { generateHistory } from '../packages/device-model/src/history';
import {
  createSamplesAggregateRepository,
  type SampleGroup,
} from '../packages/server/src/samples/samples-aggregate.repository';
import { sql } from 'drizzle-orm';

const DEV_ID = 'be0c000000000000b1';
const BENCH_EMAIL = 'bench-records@hearth.local';
const TZ = 'Europe/Madrid';
const NODES = 20;
// Local midnights in Madrid (CET, UTC+1), as the records screens ask for them.
const YEAR_START = Date.UTC(2024, 11, 31, 23) / 1000;
const YEAR_END = Date.UTC(2025, 11, 31, 23) / 1000;
const RUNS = 5;

async function bench(label: string, database: Parameters<typeof openDatabase>[0]) {
  const log = pino({ level: 'silent' });
  const handle = await openDatabase(database, log);
  const db = handle.db;
  const repo = createSamplesAggregateRepository(db);
  await db.execute(sql`DELETE FROM devs WHERE dev_id = ${DEV_ID}`);
  await db.execute(sql`DELETE FROM users WHERE email = ${BENCH_EMAIL}`);
  // Day totals are kept in the home's zone, so the gateway belongs to a home in Madrid.
  await db.execute(sql`
    WITH u AS (INSERT INTO users (email, password_hash, serial_id) VALUES (${BENCH_EMAIL}, 'x', '01.01') RETURNING id),
         g AS (INSERT INTO groups (owner_id, name, geo_data) SELECT id, 'Bench', ${JSON.stringify({ tz_code: TZ })}::jsonb FROM u RETURNING id)
    INSERT INTO devs (dev_id, name, group_id) SELECT ${DEV_ID}, 'bench', id FROM g`);
  const nodes = Array.from({ length: NODES }, (_, i) => ({
    type: i === NODES - 1 ? ('pmo' as const) : ('htr' as const),
    name: `Node ${i + 1}`,
    addr: i + 1,
    ratedPowerW: 1000 + 100 * i,
  }));
  let t0 = performance.now();
  const history = generateHistory({
    devId: DEV_ID,
    nodes,
    from: YEAR_START * 1000,
    to: (YEAR_END - 1) * 1000,
    intervalS: 900,
    timezone: TZ,
  });
  const generatedMs = performance.now() - t0;
  t0 = performance.now();
  await repo.insertHistory(DEV_ID, history);
  const insertMs = performance.now() - t0;
  console.log(
    `${label}: ${history.length} samples generated in ${generatedMs.toFixed(0)} ms, stored with their day totals in ${(insertMs / 1000).toFixed(1)} s`,
  );
  const scope = { devIds: [DEV_ID] };
  const queries: Array<[string, number, number, SampleGroup, typeof scope & { addr?: number }]> = [
    ['year by month, whole home', YEAR_START, YEAR_END, 'month', scope],
    [
      'month by day, whole home',
      Date.UTC(2025, 8, 30, 22) / 1000,
      Date.UTC(2025, 9, 31, 23) / 1000,
      'day',
      scope,
    ],
    [
      'day by quarter, whole home',
      Date.UTC(2025, 9, 25, 22) / 1000,
      Date.UTC(2025, 9, 26, 23) / 1000,
      'quarter',
      scope,
    ],
    ['year by month, one node', YEAR_START, YEAR_END, 'month', { ...scope, addr: 3 }],
    [
      'day by hour, one node',
      Date.UTC(2025, 9, 25, 22) / 1000,
      Date.UTC(2025, 9, 26, 23) / 1000,
      'hour',
      { ...scope, addr: 3 },
    ],
  ];
  for (const [name, start, end, group, s] of queries) {
    await repo.buckets(s, start, end, group, TZ); // warm-up
    const times: number[] = [];
    let buckets = 0;
    for (let i = 0; i < RUNS; i += 1) {
      const q0 = performance.now();
      buckets = (await repo.buckets(s, start, end, group, TZ)).length;
      times.push(performance.now() - q0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(28)} ${String(buckets).padStart(4)} buckets  median ${times[Math.floor(RUNS / 2)]?.toFixed(1)} ms  best ${times[0]?.toFixed(1)} ms`,
    );
  }
  await db.execute(sql`DELETE FROM devs WHERE dev_id = ${DEV_ID}`);
  await db.execute(sql`DELETE FROM users WHERE email = ${BENCH_EMAIL}`);
  await handle.close();
}

await bench('PGlite', { kind: 'pglite', dataDir: undefined });
if (process.env.DATABASE_URL)
  await bench('PostgreSQL', { kind: 'postgres', url: process.env.DATABASE_URL });
