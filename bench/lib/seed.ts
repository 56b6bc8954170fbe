// Accounts, homes and gateways for the benches.
//
// Seeded straight into PostgreSQL, on purpose: a bench needs thousands of verified owners,
// and the sign-up path (e-mail verification, argon2 per account) would dominate the run
// and measure something else. The rows are the ones the server's own repositories write
// (users, groups, devs); the server migrated the schema before this runs.
import { hash } from '@node-rs/argon2';
import { SignJWT } from 'jose';
import type pg from 'pg';

export const BENCH_PASSWORD = 'bench-password-1';

export interface SeededOwner {
  userId: string;
  email: string;
  groupId: string;
  devIds: string[];
  /** A stored sign-in, so the tokens the bench mints carry a live `sid` as real ones do. */
  sessionId: string;
}

/** One owner per home, `gatewaysPerHome` gateways each, dev ids from `devIdOf(i)`. */
export async function seedOwners(
  pool: pg.Pool,
  opts: {
    owners: number;
    gatewaysPerHome: number;
    devIdOf: (i: number) => string;
    prefix?: string;
  },
): Promise<SeededOwner[]> {
  const passwordHash = await hash(BENCH_PASSWORD, {
    algorithm: 2,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  const prefix = opts.prefix ?? 'bench';
  const owners: SeededOwner[] = [];
  const BATCH = 500;
  for (let start = 0; start < opts.owners; start += BATCH) {
    const n = Math.min(BATCH, opts.owners - start);
    const emails = Array.from({ length: n }, (_, k) => `${prefix}-${start + k}@bench.hearth.local`);
    const users = await pool.query<{ id: string; email: string }>(
      `INSERT INTO users (email, password_hash, serial_id, verified)
       SELECT e, $2, '01.01', true FROM unnest($1::text[]) AS e RETURNING id, email`,
      [emails, passwordHash],
    );
    const byEmail = new Map(users.rows.map((r) => [r.email, r.id]));
    const ownerIds = emails.map((e) => byEmail.get(e)!);
    const sessions = await pool.query<{ id: string; user_id: string }>(
      `INSERT INTO sessions (user_id) SELECT u FROM unnest($1::uuid[]) AS u RETURNING id, user_id`,
      [ownerIds],
    );
    const sessionOf = new Map(sessions.rows.map((r) => [r.user_id, r.id]));
    const groups = await pool.query<{ id: string; owner_id: string }>(
      `INSERT INTO groups (owner_id, name, geo_data)
       SELECT o, 'Bench home', '{"tz_code":"Europe/Madrid"}'::jsonb FROM unnest($1::uuid[]) AS o
       RETURNING id, owner_id`,
      [ownerIds],
    );
    const groupOf = new Map(groups.rows.map((r) => [r.owner_id, r.id]));
    const devIds: string[] = [];
    const devGroups: string[] = [];
    emails.forEach((email, k) => {
      const groupId = groupOf.get(ownerIds[k]!)!;
      const ids = Array.from({ length: opts.gatewaysPerHome }, (_, g) =>
        opts.devIdOf((start + k) * opts.gatewaysPerHome + g),
      );
      for (const id of ids) {
        devIds.push(id);
        devGroups.push(groupId);
      }
      owners.push({
        userId: ownerIds[k]!,
        email,
        groupId,
        devIds: ids,
        sessionId: sessionOf.get(ownerIds[k]!)!,
      });
    });
    await pool.query(
      `INSERT INTO devs (dev_id, group_id, name, product_id, serial_id)
       SELECT d, g, 'Bench gateway', '0002', '01.01' FROM unnest($1::text[], $2::uuid[]) AS t(d, g)`,
      [devIds, devGroups],
    );
  }
  return owners;
}

/**
 * An access token as the token endpoint would sign it. The benches mint most tokens this
 * way because thousands of argon2 logins would swamp a 2-core machine before the bench starts;
 * one real login per run checks the endpoint still agrees (see latency.ts).
 */
export function mintToken(
  jwtSecret: string,
  owner: { userId: string; email: string; sessionId: string },
): Promise<string> {
  return new SignJWT({
    userId: owner.userId,
    sid: owner.sessionId,
    serialId: '01.01',
    email: owner.email,
    scope: 'bench',
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + 4 * 3600)
    .sign(new TextEncoder().encode(jwtSecret));
}

export async function login(
  baseUrl: string,
  client: { id: string; secret: string },
  email: string,
): Promise<string> {
  const res = await fetch(`${baseUrl}/client/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'password',
      username: email,
      password: BENCH_PASSWORD,
    }).toString(),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
