import type { Language } from './constants';

/**
 * Account rules shared by the app and the server (spec 1 §5, §9): the server enforces
 * the same password rule the forms show, so a client that skips the form still cannot
 * store a weaker password.
 */

/** Spec 1 §9: 6 to 20 characters, A-Z a-z 0-9 underscore. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 20;
export const PASSWORD_PATTERN = /^\w{6,20}$/;

export function isValidPassword(password: string): boolean {
  return PASSWORD_PATTERN.test(password);
}

/**
 * Spec 1 §5, as the forms check it: registration, forgot password and the change of e-mail
 * ask only that the address contains an at-sign ("a@" and "@b" pass). The server keeps its
 * own isValidEmail below.
 */
export function containsAtSign(email: string): boolean {
  return email.includes('@');
}

/**
 * The server's check of an e-mail address: something on each side of the at-sign and no
 * spaces (the app's forms ask only for the at-sign, `containsAtSign`).
 */
export function isValidEmail(email: string): boolean {
  const at = email.indexOf('@');
  return at > 0 && at < email.length - 1 && !/\s/.test(email);
}

/** Spec 1 §9: the serial id field holds at most 4 characters: a brand prefix plus 2 digits. */
export const SERIAL_ID_MAX_LENGTH = 4;
/** Spec 1 §9: the serial id a build falls back to. */
export const DEFAULT_SERIAL_PREFIX = '15';

/**
 * Spec 1 §5: a serial id is one of the valid prefixes followed by exactly two digits.
 * Answers the dotted form the server stores ("0101" → "01.01"), or null when invalid.
 */
export function dottedSerialId(input: string, validPrefixes: readonly string[]): string | null {
  const value = input.trim();
  const prefix = validPrefixes.find((p) => value.startsWith(p));
  if (prefix === undefined) return null;
  const rest = value.slice(prefix.length);
  if (!/^\d{2}$/.test(rest)) return null;
  const pairs = `${prefix}${rest}`.match(/.{1,2}/g) ?? [];
  return pairs.join('.');
}

/** Spec 1 §5: "15.01.02" → "01.02" when the configured prefix leads; the brand key is its first 2 characters. */
export function brandKeyOf(serialId: string, configuredPrefix = DEFAULT_SERIAL_PREFIX): string {
  const separated = new RegExp(`^${configuredPrefix}[.\\-_ ]`);
  const stripped = separated.test(serialId)
    ? serialId.slice(configuredPrefix.length + 1)
    : serialId;
  return stripped.slice(0, 2);
}

/** Wire format of a server-side serial id: brand key then dot-separated pairs. */
export const SERIAL_ID_WIRE_PATTERN = /^[A-Za-z0-9]{2}(\.[A-Za-z0-9]{2}){0,4}$/;

/** Native names of the app's languages, as the language list endpoint answers them. */
export const LANGUAGE_NATIVE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  ca: 'Català',
  de: 'Deutsch',
  ru: 'Русский',
  fr: 'Français',
  it: 'Italiano',
  pt: 'Português',
};

/** GET /api/v2/languages (ours). */
export interface LanguageListResponse {
  languages: Array<{ code: Language; name: string }>;
}

/** GET and POST /api/v2/users/{uid}/preferences (spec 1 §3 "User preferences"). */
export interface PreferencesResponse {
  lang: string;
}

/** GET /api/v2/users/{uid}/privacy. */
export interface PrivacyResponse {
  accepted: boolean;
  date: string | null;
}

/** Account-linking scopes the app asks for (spec 1 "Device linking"). */
export function linkingScope(homeId: string): string {
  return `user:read devs:write group:${homeId}:write`;
}
