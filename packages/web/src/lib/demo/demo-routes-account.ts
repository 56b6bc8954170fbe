import { z } from 'zod';
import {
  isValidEmail,
  LANGUAGES,
  PASSWORD_PATTERN,
  SERIAL_ID_WIRE_PATTERN,
  type Language,
} from '@hearth/protocol';
import type { DemoContext } from './demo-context';
import { route, type DemoRoute } from './demo-router';
import { parseBody } from './demo-validate';

/** The server's account bodies (docs/wire-contract.md §4), with spec 1 §5's rules, for the demo to refuse alike. */
const email = z
  .string()
  .trim()
  .max(254)
  .refine(isValidEmail, { message: 'must be an e-mail address' });
const password = z
  .string()
  .regex(PASSWORD_PATTERN, 'must be 6 to 20 letters, digits or underscores');
const currentPassword = z.string().min(1).max(200);
const serialId = z
  .string()
  .trim()
  .regex(SERIAL_ID_WIRE_PATTERN, 'must be a serial id such as 01.01');
const frontendHost = z
  .string()
  .trim()
  .max(200)
  .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'must be an http(s) origin');

const changePasswordBody = z.object({ password: currentPassword, new_password: password });
const changeEmailBody = z.object({
  new_email: email,
  password: currentPassword,
  serialid: serialId,
  frontend_host: frontendHost,
});
const deleteBody = z.object({ password: currentPassword });
const privacyBody = z.object({ accepted: z.literal(true) });
const preferencesBody = z.object({ lang: z.enum(LANGUAGES) });

/**
 * The signed-in user's own paths. Account changes are checked as the server checks them, then
 * kept nowhere: in demo mode nothing is sent (spec 1 §1).
 */
export function accountRoutes(ctx: DemoContext): DemoRoute[] {
  const accepted = { accepted: true, date: new Date(ctx.now()).toISOString() };
  let lang: Language = 'en';
  const done = (message: string) => ({ message });
  return [
    route('GET', '/api/v2/users/:uid/privacy', () => ({ ...accepted })),
    route('POST', '/api/v2/users/:uid/privacy', (req) => {
      parseBody(privacyBody, req.body);
      return { ...accepted };
    }),
    route('GET', '/api/v2/users/:uid/preferences', () => ({ lang })),
    route('POST', '/api/v2/users/:uid/preferences', (req) => {
      lang = parseBody(preferencesBody, req.body).lang;
      return { lang };
    }),
    route('POST', '/api/v2/users/:uid/password', (req) => {
      parseBody(changePasswordBody, req.body);
      return done('Password changed');
    }),
    route('POST', '/api/v2/users/:uid/email', (req) => {
      parseBody(changeEmailBody, req.body);
      return done('Check the new address to confirm it');
    }),
    route('DELETE', '/api/v2/users/:uid', (req) => {
      parseBody(deleteBody, req.body);
      return done('Account deleted');
    }),
  ];
}
