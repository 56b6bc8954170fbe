import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isValidPassword, type GuestScope, type ShareRole } from '@hearth/protocol';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { errors } from '../errors';
import type { HomeAccess } from '../homes/home-access';
import type { HomesAdminRepository } from '../homes/homes-admin.repository';
import type { Mailer } from '../mail';
import type { LinkOrigin } from '../mail/link-origin';
import type { RealtimeEmitter } from '../realtime/realtime.emitter';
import type { UsersRepository } from '../repositories/users.repository';
import type { MembersRepository } from '../sharing/members.repository';
import type { GuestsRepository } from './guests.repository';
import { inviteMail } from './invite-mail';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const hashCode = (code: string) => createHash('sha256').update(code).digest();
const badLink = () => errors.notFound('bad user or code');

/**
 * `{base}/invite-confirm/{serialId}?userid=&code=`; a confirmation_url that already names the
 * confirm route (as some clients send it) only gets the query.
 */
export function inviteLink(
  base: string,
  serialId: string,
  invitationId: string,
  code: string,
): string {
  const url = new URL(base);
  if (!url.pathname.includes('/invite-confirm/')) {
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/invite-confirm/${encodeURIComponent(serialId)}`;
  }
  url.searchParams.set('userid', invitationId);
  url.searchParams.set('code', code);
  return url.toString();
}

export interface Inviter {
  userId: string;
  email: string;
  serialId: string;
}

/** Guests of a home (spec 2 §2 "Guests", docs/wire-contract.md §4 invite rows): invite, revoke, accept. */
export function createGuestsService(deps: {
  guests: GuestsRepository;
  members: Pick<MembersRepository, 'setRights'>;
  users: UsersRepository;
  access: HomeAccess;
  homes: HomesAdminRepository;
  mailer: Pick<Mailer, 'send'>;
  realtime: Pick<RealtimeEmitter, 'revalidate'>;
  /** The configured base of mailed links; a caller's confirmation_url only picks from it. */
  linkOrigin: LinkOrigin;
}) {
  const { guests, members, users, access, homes, mailer, realtime, linkOrigin } = deps;

  function sameUser(inviter: Inviter, uid: string) {
    if (uid !== inviter.userId)
      throw errors.forbidden('An invitation is sent in your own name only');
  }

  return {
    async list(userId: string, groupId: string) {
      await access.home(userId, groupId, 'owner');
      const rows = await guests.list(groupId);
      return { guest_users: rows.map((g) => ({ email: g.email, pending: g.pending })) };
    },

    async invite(
      inviter: Inviter,
      uid: string,
      body: {
        email: string;
        groupid: string;
        confirmation_url?: string | undefined;
        role?: ShareRole | undefined;
        scope?: GuestScope | undefined;
      },
    ) {
      sameUser(inviter, uid);
      const { home } = await access.home(inviter.userId, body.groupid, 'owner');
      const email = body.email.toLowerCase();
      if (email === inviter.email.toLowerCase())
        throw errors.validation('You cannot invite yourself to your own home');
      const existing = await guests.find(home.id, email);
      if (existing && !existing.pending)
        throw errors.alreadyRegistered(`${email} is already a guest of this home`);
      const code = randomBytes(24).toString('base64url');
      const row = await guests.putPending(home.id, email, hashCode(code).toString('hex'));
      // The invitation carries the rights it gives (docs/sharing.md); a resident has no scope.
      const role = body.role ?? 'resident';
      await members.setRights(row.id, role, role === 'guest' ? (body.scope ?? {}) : {});
      // A confirmation_url that already names the confirm route is judged by what precedes it.
      const requested = body.confirmation_url?.replace(/\/invite-confirm(\/.*)?$/, '');
      const base = await linkOrigin(requested, inviter.serialId);
      const link = inviteLink(base, inviter.serialId, row.id, code);
      await mailer.send(inviteMail({ to: email, from: inviter.email, homeName: home.name, link }));
      return { email, pending: true };
    },

    async revoke(inviter: Inviter, uid: string, body: { groupid: string; email: string }) {
      sameUser(inviter, uid);
      await access.home(inviter.userId, body.groupid, 'owner');
      if (!(await guests.remove(body.groupid, body.email.toLowerCase())))
        throw errors.notFound('No such guest in this home');
      for (const devId of await homes.devIdsOf(body.groupid)) realtime.revalidate(devId);
    },

    /** `uid` is the invitation's id from the link; an invited e-mail without account gets one. */
    async confirm(uid: string, body: { pass: string; code: string }) {
      const row = UUID.test(uid) ? await guests.findById(uid) : undefined;
      if (!row?.pending || !row.codeHash) throw badLink();
      const expected = Buffer.from(row.codeHash, 'hex');
      const given = hashCode(body.code);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw badLink();
      let user = await users.findByEmail(row.email);
      if (user) {
        if (!(await verifyPassword(user.passwordHash, body.pass)))
          throw errors.validation('Wrong password for the account of this e-mail');
      } else {
        if (!isValidPassword(body.pass))
          throw errors.validation('The password must be 6 to 20 letters, digits or underscores');
        const home = await homes.findHome(row.groupId);
        const owner = home ? await users.findById(home.ownerId) : undefined;
        user = await users.create({
          email: row.email,
          passwordHash: await hashPassword(body.pass),
          serialId: owner?.serialId ?? '',
          // The link reached this address, which is what verification proves.
          verified: true,
        });
      }
      if (!(await guests.accept(row.id, user.id))) throw badLink();
      return { email: row.email };
    },
  };
}
export type GuestsService = ReturnType<typeof createGuestsService>;
