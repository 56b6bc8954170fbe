// The loopback services every bench uses, and a throwaway PostgreSQL database per run.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const SERVICES = {
  postgres: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  redis: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  mqtt: process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883',
};

export interface BenchDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** A fresh database, dropped at the end, so runs never see each other's rows. */
export async function freshDatabase(prefix: string): Promise<BenchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVICES.postgres });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVICES.postgres);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  return {
    url: url.toString(),
    pool,
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString: SERVICES.postgres });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
