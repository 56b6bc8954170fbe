/** Error body of every 4xx/5xx (docs/wire-contract.md §1). */
export interface ErrorBody {
  message: string;
  statusCode: number;
  error: string;
}

/**
 * The `error` code of every error body, with the status it comes with. A client keys its
 * handling of a refusal on the code; the message is for people.
 */
export const ERROR_CODES = [
  /** 400 (413, 415 for a body too large or of a type the route does not take): bad input. */
  'validation_failed',
  /** 401: missing, invalid or expired access token; a wrong user or password. */
  'unauthorized',
  /** 401 at the token endpoint (400 on the account-linking page): unknown client or wrong secret. */
  'invalid_client',
  /** 401: a refresh token or authorization code that is unknown, used or expired. */
  'invalid_grant',
  /** 401: a right password on an account whose e-mail address is not confirmed yet. */
  'email_not_confirmed',
  /** 400: the client may not use this grant. */
  'unauthorized_client',
  /** 400: an OAuth request missing or misusing a parameter. */
  'invalid_request',
  /** 400: a scope the client may not ask for. */
  'invalid_scope',
  /** 403: the user (or the token's scope) may not do this. */
  'forbidden',
  /** 403: a guest's request outside the scope the owner gave (docs/sharing.md); the message says why. */
  'outside_scope',
  /** 404: unknown home, device, node, user or code, or a home the user may not see. */
  'not_found',
  /** 409: the device belongs to someone else's home. */
  'device_conflict',
  /** 409: an e-mail address, home or guest that is already there. */
  'already_registered',
  /** 400: a price URL whose host the operator has not allowed (PRICE_URL_HOSTS). */
  'price_source_not_allowed',
  /** 429: too many changes in one hour. */
  'too_many_changes',
  /** 429: too many sign-in or code attempts, or mails; the answer says when to retry. */
  'too_many_attempts',
  /** 502: a third-party provider (weather, geocoder) failed. */
  'bad_gateway',
  /** 500: the server's own fault; the message never says more. */
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
