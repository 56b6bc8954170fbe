/**
 * Token scopes (spec 1 "Device linking"). The app's own sign-in gets the whole account
 * (`user`); a token linked to a voice assistant gets what the app asked for it: read on the
 * user, write on the devices and on the chosen home ("user:read devs:write group:{id}:write").
 */
export const APP_SCOPE = 'user';

const partsOf = (scope: string) => scope.split(/\s+/).filter((part) => part !== '');

/** Whether the token is the app's own session, which may do anything its user may. */
export function isAppSession(scope: string): boolean {
  return partsOf(scope).includes(APP_SCOPE);
}

/** Whether the token may change the account (password, e-mail, deletion, privacy, language). */
export function mayWriteAccount(scope: string): boolean {
  const parts = partsOf(scope);
  return parts.includes(APP_SCOPE) || parts.includes('user:write');
}

/** Whether the token may read the account's settings. */
export function mayReadAccount(scope: string): boolean {
  return mayWriteAccount(scope) || partsOf(scope).includes('user:read');
}

/**
 * Whether the token may change the home `groupId` (its name, geo data, extra data, quiet-home
 * settings, guests): the app's own session for every home of its user, a linked token only for
 * the home chosen when it was linked (`group:{id}:write`).
 */
export function mayWriteHome(scope: string, groupId: string): boolean {
  const parts = partsOf(scope);
  return parts.includes(APP_SCOPE) || parts.includes(`group:${groupId}:write`);
}
