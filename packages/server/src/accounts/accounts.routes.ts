import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TokenSigner } from '../auth/jwt';
import { mayReadAccount, mayWriteAccount } from '../auth/scopes';
import { errors } from '../errors';
import { bearerAuth, currentUser } from '../http/authenticate';
import type { AccountsService } from './accounts.service';
import * as s from './accounts.schemas';

const done = (message: string) => ({ message });

/**
 * The caller may only touch their own account: any other uid is a 403. So is a change through
 * a token linked to a voice assistant, which holds read access on the user only (spec 1
 * "Device linking"), or a read through a token without access to the user at all.
 */
function ownUid(
  request: FastifyRequest & { params: { uid: string } },
  access: 'read' | 'write' = 'write',
): string {
  const { userId: me, scope } = currentUser(request);
  if (request.params.uid !== me) throw errors.forbidden('You may only change your own account');
  if (!(access === 'read' ? mayReadAccount(scope) : mayWriteAccount(scope)))
    throw errors.forbidden(
      `This token may not ${access === 'read' ? 'read' : 'change'} the account`,
    );
  return me;
}

export function accountsRoutes(deps: {
  accounts: AccountsService;
  signer: TokenSigner;
}): FastifyPluginAsyncZod {
  const { accounts } = deps;
  return async (app) => {
    const tags = ['accounts'];
    app.get(
      '/api/v2/languages',
      {
        schema: {
          tags,
          summary: 'The languages the app and its mails come in',
          response: { 200: s.languagesResponse },
        },
      },
      async () => accounts.languages(),
    );
    app.post(
      '/api/v2/users',
      {
        schema: {
          tags,
          summary: 'Register; mails a confirmation link',
          body: s.registerBody,
          response: { 201: s.ok },
        },
      },
      async (request, reply) => {
        const b = request.body;
        await accounts.register({
          email: b.email,
          password: b.password,
          serialId: b.serialid,
          lang: b.lang,
          frontendHost: b.frontend_host,
        });
        return reply.status(201).send(done('Registered; check your e-mail to confirm'));
      },
    );
    app.post(
      '/api/v2/users/verify',
      {
        schema: {
          tags,
          summary: "Confirm a new account's e-mail address with the mailed code",
          body: s.codeBody,
          response: { 200: s.ok },
        },
      },
      async (request) => {
        await accounts.verify(request.body.user, request.body.code);
        return done('Account confirmed');
      },
    );
    app.post(
      '/api/v2/users/verify/resend',
      {
        schema: {
          tags,
          summary:
            'Mail the confirmation link again to an account not confirmed yet; the same answer for any address',
          body: s.forgotBody,
          response: { 200: s.ok },
        },
      },
      async (request) => {
        const b = request.body;
        await accounts.resendConfirmation(b.email, {
          serialId: b.serialid,
          frontendHost: b.frontend_host,
        });
        return done('If the address waits for confirmation, a new link was sent');
      },
    );
    app.post(
      '/api/v2/users/password/forgot',
      {
        schema: {
          tags,
          summary: 'Mail a link to choose a new password',
          body: s.forgotBody,
          response: { 200: s.ok },
        },
      },
      async (request) => {
        const b = request.body;
        await accounts.forgotPassword(b.email, {
          serialId: b.serialid,
          frontendHost: b.frontend_host,
        });
        return done('If the address is registered, a link to choose a new password was sent');
      },
    );
    app.post(
      '/api/v2/users/password/reset',
      {
        schema: {
          tags,
          summary: 'Choose a new password with the mailed code',
          body: s.resetBody,
          response: { 200: s.ok },
        },
      },
      async (request) => {
        await accounts.resetPassword(request.body.user, request.body.code, request.body.password);
        return done('Password changed');
      },
    );
    app.post(
      '/api/v2/users/email/confirm',
      {
        schema: {
          tags,
          summary: 'Confirm a new e-mail address with the mailed code',
          body: s.codeBody,
          response: { 200: s.ok },
        },
      },
      async (request) => {
        await accounts.confirmEmail(request.body.user, request.body.code);
        return done('E-mail address changed');
      },
    );

    await app.register(ownAccountRoutes(deps));
  };
}

function ownAccountRoutes(deps: {
  accounts: AccountsService;
  signer: TokenSigner;
}): FastifyPluginAsyncZod {
  const { accounts } = deps;
  const tags = ['accounts'];
  return async (secured) => {
    secured.addHook('onRequest', bearerAuth(deps.signer));
    const security = [{ bearer: [] }];
    secured.post(
      '/api/v2/users/:uid/password',
      {
        schema: {
          tags,
          security,
          summary: 'Change the password (the current one is asked)',
          description:
            "Change the password (the current one is asked). 403 forbidden for another user's uid or a token that may not change the account.",
          params: s.uidParams,
          body: s.changePasswordBody,
          response: { 200: s.ok },
        },
      },
      async (request) => {
        await accounts.changePassword(
          ownUid(request),
          request.body.password,
          request.body.new_password,
          currentUser(request).sid,
        );
        return done('Password changed');
      },
    );
    secured.post(
      '/api/v2/users/:uid/email',
      {
        schema: {
          tags,
          security,
          summary: 'Change the e-mail address; mails a link to confirm the new one',
          description:
            "Change the e-mail address; mails a link to confirm the new one. 403 forbidden for another user's uid or a token that may not change the account.",
          params: s.uidParams,
          body: s.changeEmailBody,
          response: { 200: s.ok },
        },
      },
      async (request) => {
        const b = request.body;
        await accounts.changeEmail(ownUid(request), {
          newEmail: b.new_email,
          password: b.password,
          serialId: b.serialid,
          frontendHost: b.frontend_host,
        });
        return done('Check the new address to confirm it');
      },
    );
    secured.delete(
      '/api/v2/users/:uid',
      {
        schema: {
          tags,
          security,
          summary: 'Delete the account (the password is asked)',
          description:
            "Delete the account (the password is asked). 403 forbidden for another user's uid or a token that may not change the account.",
          params: s.uidParams,
          body: s.deleteBody,
          response: { 200: s.ok },
        },
      },
      async (request) => {
        await accounts.deleteAccount(ownUid(request), request.body.password);
        return done('Account deleted');
      },
    );
    secured.get(
      '/api/v2/users/:uid/privacy',
      {
        schema: {
          tags,
          security,
          summary: 'Whether the user accepted the privacy policy',
          description:
            "Whether the user accepted the privacy policy. 403 forbidden for another user's uid or a token that may not read the account.",
          params: s.uidParams,
          response: { 200: s.privacyResponse },
        },
      },
      async (request) => accounts.privacy(ownUid(request, 'read')),
    );
    secured.post(
      '/api/v2/users/:uid/privacy',
      {
        schema: {
          tags,
          security,
          summary: 'Accept the privacy policy',
          description:
            "Accept the privacy policy. 403 forbidden for another user's uid or a token that may not change the account.",
          params: s.uidParams,
          body: s.privacyBody,
          response: { 200: s.privacyResponse },
        },
      },
      async (request) => accounts.acceptPrivacy(ownUid(request)),
    );
    secured.get(
      '/api/v2/users/:uid/preferences',
      {
        schema: {
          tags,
          security,
          summary: "The user's preferences",
          description:
            "The user's preferences. 403 forbidden for another user's uid or a token that may not read the account.",
          params: s.uidParams,
          response: { 200: s.preferencesResponse },
        },
      },
      async (request) => accounts.preferences(ownUid(request, 'read')),
    );
    secured.post(
      '/api/v2/users/:uid/preferences',
      {
        schema: {
          tags,
          security,
          summary: "Save the user's preferences",
          description:
            "Save the user's preferences. 403 forbidden for another user's uid or a token that may not change the account.",
          params: s.uidParams,
          body: s.preferencesBody,
          response: { 200: s.preferencesResponse },
        },
      },
      async (request) => accounts.setPreferences(ownUid(request), request.body.lang),
    );
  };
}
