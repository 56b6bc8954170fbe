import { z } from 'zod';
import {
  isValidEmail,
  LANGUAGES,
  PASSWORD_PATTERN,
  SERIAL_ID_WIRE_PATTERN,
} from '@hearth/protocol';

/** Request shapes of docs/wire-contract.md §4, with the spec 1 §5 rules enforced on the server too. */

export const email = z
  .string()
  .trim()
  .max(254)
  .refine(isValidEmail, { message: 'must be an e-mail address' });
export const password = z
  .string()
  .max(20)
  .regex(PASSWORD_PATTERN, 'must be 6 to 20 letters, digits or underscores');
/** Existing passwords are only compared, never judged: older accounts may predate the rule. */
export const currentPassword = z.string().min(1).max(200);
export const serialId = z
  .string()
  .trim()
  .max(16)
  .regex(SERIAL_ID_WIRE_PATTERN, 'must be a serial id such as 01.01');
export const lang = z.enum(LANGUAGES);
export const frontendHost = z
  .string()
  .trim()
  .max(200)
  .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'must be an http(s) origin');
export const code = z.string().min(1).max(200);
/**
 * The user of a mailed link. Not checked for form: a user that is not the code's, malformed or
 * not, is the 404 of a bad user or code (docs/wire-contract.md §4), not a validation error.
 */
export const userId = z.string().trim().min(1).max(200);

export const registerBody = z.object({
  email,
  password,
  serialid: serialId,
  lang: lang.default('en'),
  frontend_host: frontendHost,
});
export const codeBody = z.object({ user: userId, code });
export const forgotBody = z.object({ email, serialid: serialId, frontend_host: frontendHost });
export const resetBody = z.object({ user: userId, code, password });
export const changePasswordBody = z.object({ password: currentPassword, new_password: password });
export const changeEmailBody = z.object({
  new_email: email,
  password: currentPassword,
  serialid: serialId,
  frontend_host: frontendHost,
});
export const deleteBody = z.object({ password: currentPassword });
export const privacyBody = z.object({ accepted: z.literal(true) });
export const preferencesBody = z.object({ lang });
export const uidParams = z.object({ uid: z.string().min(1).max(64) });

export const ok = z.object({ message: z.string() });
export const privacyResponse = z.object({ accepted: z.boolean(), date: z.string().nullable() });
export const preferencesResponse = z.object({ lang: z.string() });
export const languagesResponse = z.object({
  languages: z.array(z.object({ code: z.string(), name: z.string() })),
});
