import { ACCESS_TOKEN_LIFETIME_S } from '@hearth/protocol';
import { sql } from 'drizzle-orm';
import { createComfortRepository } from '../comfort/comfort.repository';
import type { Db } from '../db/client';

/** How many rows one pruning deleted, by table. */
export interface Pruned {
  sessions: number;
  refreshTokens: number;
  accountCodes: number;
  /** Comfort decisions past their 30 days (docs/comfort.md). */
  comfortDecisions: number;
}

const count = (result: unknown) => (result as { rows: unknown[] }).rows.length;

/**
 * What no request can use any more, deleted (pruning.ts runs it periodically):
 * - refresh tokens that expired or were revoked (their session ended), and those of a session
 *   that is gone; a rotated token of a live session stays until it expires, so that its
 *   return is still told apart from an unknown token and ends the session;
 * - sessions that ended, and those left without refresh tokens (all expired) once their
 *   last access token has expired too; an unknown session reads as ended;
 * - codes past their expiry, but an authorization code while the session it started lives,
 *   so that a replay of the code still ends that session (RFC 6749 §4.1.2);
 * - comfort decisions older than 30 days.
 */
export function createExpiredRepository(db: Db) {
  return {
    async prune(now = new Date()): Promise<Pruned> {
      const at = now.toISOString();
      const accessExpired = new Date(now.getTime() - ACCESS_TOKEN_LIFETIME_S * 1000).toISOString();
      const refreshTokens = await db.execute(sql`
        DELETE FROM refresh_tokens r
        WHERE r.expires_at <= ${at}::timestamptz OR r.revoked_at IS NOT NULL
           OR NOT EXISTS (SELECT 1 FROM sessions s WHERE s.id = r.family AND s.ended_at IS NULL)
        RETURNING r.id`);
      const sessions = await db.execute(sql`
        DELETE FROM sessions s
        WHERE s.ended_at IS NOT NULL
           OR (s.created_at <= ${accessExpired}::timestamptz
               AND NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family = s.id))
        RETURNING s.id`);
      const accountCodes = await db.execute(sql`
        DELETE FROM account_codes c
        WHERE c.expires_at <= ${at}::timestamptz
          AND NOT (c.purpose = 'authorization_code' AND EXISTS (
                SELECT 1 FROM sessions s
                WHERE s.id::text = c.data ->> 'sid' AND s.ended_at IS NULL))
        RETURNING c.id`);
      const comfortDecisions = await createComfortRepository(db).prune(now);
      return {
        comfortDecisions,
        sessions: count(sessions),
        refreshTokens: count(refreshTokens),
        accountCodes: count(accountCodes),
      };
    },
  };
}
export type ExpiredRepository = ReturnType<typeof createExpiredRepository>;
