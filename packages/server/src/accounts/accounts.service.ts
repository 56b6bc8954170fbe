import { LANGUAGE_NATIVE_NAMES, LANGUAGES, type PrivacyResponse } from '@hearth/protocol';
import { newOpaqueToken, sha256 } from '../auth/jwt';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { Sessions } from '../auth/sessions';
import type { AccountCodePurpose } from '../db/schema';
import { errors } from '../errors';
import type { Logger } from '../logger';
import type { Mailer } from '../mail';
import type { LinkOrigin } from '../mail/link-origin';
import type { UsersRepository } from '../repositories/users.repository';
import { accountMail, confirmationLink, type AccountMailKind } from './account-mails';
import type { AccountsRepository } from './accounts.repository';

/** How long each e-mailed code works. */
export const CODE_LIFETIME_MS: Record<Exclude<AccountCodePurpose, 'authorization_code'>, number> = {
  verify: 7 * 24 * 3600_000,
  password_reset: 3600_000,
  email_change: 24 * 3600_000,
};

export interface AccountsServiceDeps {
  users: UsersRepository;
  accounts: AccountsRepository;
  mailer: Mailer;
  log: Logger;
  /** The configured base of mailed links; a caller's frontend_host only picks from it. */
  linkOrigin: LinkOrigin;
  /** A new password or a deleted account ends the sign-ins that the old state allowed. */
  sessions: Pick<Sessions, 'endAllOf'>;
}

export interface LinkTarget {
  frontendHost: string;
  serialId: string;
}

const alreadyRegistered = () =>
  errors.alreadyRegistered('This e-mail address is already registered');
const badCode = () => errors.notFound('Unknown user or code, or the code has expired');

export function createAccountsService({
  users,
  accounts,
  mailer,
  log,
  linkOrigin,
  sessions,
}: AccountsServiceDeps) {
  async function mailCode(
    kind: AccountMailKind,
    purpose: keyof typeof CODE_LIFETIME_MS,
    userId: string,
    to: string,
    target: LinkTarget & { lang: string },
    data: Record<string, string> = {},
  ): Promise<void> {
    const code = newOpaqueToken();
    await accounts.insertCode({
      userId,
      purpose,
      codeHash: sha256(code),
      data,
      expiresAt: new Date(Date.now() + CODE_LIFETIME_MS[purpose]),
    });
    const base = await linkOrigin(target.frontendHost, target.serialId);
    const link = confirmationLink(kind, base, target.serialId, userId, code);
    await mailer.send(accountMail(kind, to, link, target.lang));
  }

  async function redeem(userId: string, code: string, purpose: AccountCodePurpose) {
    const row = await accounts.consumeCode(sha256(code), purpose);
    if (!row || row.userId !== userId) throw badCode();
    return row;
  }

  /** The caller's account; 404 if it was deleted after its token was checked. */
  async function existingUser(userId: string) {
    const user = await users.findById(userId);
    if (!user) throw errors.notFound('Unknown user');
    return user;
  }

  async function userWithPassword(userId: string, password: string) {
    const user = await existingUser(userId);
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw errors.validation('The current password is wrong');
    }
    return user;
  }

  return {
    async register(input: {
      email: string;
      password: string;
      serialId: string;
      lang: string;
      frontendHost: string;
    }): Promise<void> {
      const created = await accounts.createUser({
        email: input.email,
        passwordHash: await hashPassword(input.password),
        serialId: input.serialId,
        lang: input.lang,
      });
      if (!created) throw alreadyRegistered();
      await mailCode('registration', 'verify', created.id, input.email, input);
    },

    /** A new confirmation link for an account not confirmed yet; nothing for any other address. */
    async resendConfirmation(email: string, target: LinkTarget): Promise<void> {
      const user = await users.findByEmail(email.trim());
      // The same answer either way, so the endpoint does not tell which addresses exist.
      if (!user || user.verified) {
        log.info('confirmation link asked for an unknown or confirmed address');
        return;
      }
      await mailCode('registration', 'verify', user.id, user.email, { ...target, lang: user.lang });
    },

    async verify(userId: string, code: string): Promise<void> {
      await redeem(userId, code, 'verify');
      await accounts.setVerified(userId);
    },

    async forgotPassword(email: string, target: LinkTarget): Promise<void> {
      const user = await users.findByEmail(email.trim());
      // The same answer either way, so the endpoint does not tell which addresses exist.
      if (!user) {
        log.info('password reset asked for an unknown address');
        return;
      }
      await mailCode('password_reset', 'password_reset', user.id, user.email, {
        ...target,
        lang: user.lang,
      });
    },

    async resetPassword(userId: string, code: string, password: string): Promise<void> {
      await redeem(userId, code, 'password_reset');
      await accounts.setPasswordHash(userId, await hashPassword(password));
      // Whoever knew the old password (or held a session) is out.
      await sessions.endAllOf(userId);
      // Following the mailed link proves the address, so an unverified account becomes usable.
      await accounts.setVerified(userId);
    },

    /**
     * Ends every other session of the account. The answer has no room for tokens (docs/wire-contract.md), so
     * the caller's own session stays: its tokens keep working and its refresh gives fresh ones.
     */
    async changePassword(
      userId: string,
      current: string,
      next: string,
      currentSession: string,
    ): Promise<void> {
      await userWithPassword(userId, current);
      await accounts.setPasswordHash(userId, await hashPassword(next));
      await sessions.endAllOf(userId, currentSession);
    },

    async changeEmail(
      userId: string,
      input: { newEmail: string; password: string } & LinkTarget,
    ): Promise<void> {
      const user = await userWithPassword(userId, input.password);
      if (await users.findByEmail(input.newEmail)) throw alreadyRegistered();
      const target = { ...input, lang: user.lang };
      await mailCode('email_change', 'email_change', userId, input.newEmail, target, {
        newEmail: input.newEmail.toLowerCase(),
      });
    },

    async confirmEmail(userId: string, code: string): Promise<void> {
      const row = await redeem(userId, code, 'email_change');
      const newEmail = row.data.newEmail;
      if (!newEmail) throw badCode();
      if (await users.findByEmail(newEmail)) throw alreadyRegistered();
      await accounts.setEmail(userId, newEmail);
    },

    async deleteAccount(userId: string, password: string): Promise<void> {
      await userWithPassword(userId, password);
      // Before the rows go: the sessions are what the other processes are told about.
      await sessions.endAllOf(userId);
      await accounts.deleteUser(userId);
    },

    async privacy(userId: string): Promise<PrivacyResponse> {
      await existingUser(userId);
      const date = await accounts.privacyOf(userId);
      return { accepted: date !== undefined, date: date?.toISOString() ?? null };
    },

    async acceptPrivacy(userId: string): Promise<PrivacyResponse> {
      await existingUser(userId);
      const date = await accounts.acceptPrivacy(userId);
      return { accepted: true, date: date.toISOString() };
    },

    async preferences(userId: string): Promise<{ lang: string }> {
      const user = await existingUser(userId);
      return { lang: user.lang };
    },

    async setPreferences(userId: string, lang: string): Promise<{ lang: string }> {
      await existingUser(userId);
      await accounts.setLang(userId, lang);
      return { lang };
    },

    languages() {
      return { languages: LANGUAGES.map((code) => ({ code, name: LANGUAGE_NATIVE_NAMES[code] })) };
    },

    /** The seeded demo account skips the policy dialog, so a demo opens straight on the dashboard. */
    async acceptPrivacyFor(email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (user && !(await accounts.privacyOf(user.id))) await accounts.acceptPrivacy(user.id);
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
