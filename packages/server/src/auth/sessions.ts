import type { SessionsRepository } from '../repositories/sessions.repository';
import type { SessionRevocations } from './session-revocations';

/**
 * Sign-ins of an account. Ending one refuses its refresh tokens at once (they are checked in
 * the database) and its access tokens within the revocation list's staleness.
 */
export function createSessions(repo: SessionsRepository, revocations: SessionRevocations) {
  return {
    start: (userId: string): Promise<string> => repo.create(userId),
    isLive: (sid: string): Promise<boolean> => repo.isLive(sid),
    /** Ends every session of the account, or every other one when `except` is the caller's. */
    async endAllOf(userId: string, except?: string): Promise<void> {
      await revocations.end(await repo.endAllOf(userId, except));
    },
    async end(sid: string): Promise<void> {
      if (await repo.endOne(sid)) await revocations.end([sid]);
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
