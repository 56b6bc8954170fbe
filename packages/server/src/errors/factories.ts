import { httpError } from './http-error';

/** The product's wording of a missing lookup. */
const MISSING = { home: 'Home not found', dev: 'Dev not found', node: 'Node not found' } as const;

/**
 * One factory per error code (see catalogue.ts): every error the server answers with is built
 * here, so that one failure is worded and coded alike wherever it happens.
 */
export const errors = {
  /** 400: the input breaks a rule; the message says which. */
  validation: (message: string) => httpError('validation_failed', message),
  /** 415: a body in a content type the route does not take. */
  unsupportedMediaType: () =>
    httpError(
      'validation_failed',
      'This route takes a JSON body (Content-Type: application/json)',
      415,
    ),
  unauthorized: (message?: string) => httpError('unauthorized', message),
  /** An access token that does not verify. */
  badToken: () => httpError('unauthorized', 'Invalid or expired access token'),
  /** 401 at the token endpoint; 400 where no client authenticates (the account-linking page). */
  invalidClient: (message?: string, status?: number) =>
    httpError('invalid_client', message, status),
  invalidGrant: (message: string) => httpError('invalid_grant', message),
  emailNotConfirmed: () => httpError('email_not_confirmed'),
  unauthorizedClient: (message: string) => httpError('unauthorized_client', message),
  invalidRequest: (message: string) => httpError('invalid_request', message),
  invalidScope: (message?: string) => httpError('invalid_scope', message),
  forbidden: (message?: string) => httpError('forbidden', message),
  /** 403 of a guest outside their scope (docs/sharing.md), worded by the problem. */
  outsideScope: (message: string) => httpError('outside_scope', message),
  /** 404 of an unknown home, device or node, worded as the app knows it. */
  missing: (what: keyof typeof MISSING) => httpError('not_found', MISSING[what]),
  notFound: (message?: string) => httpError('not_found', message),
  deviceConflict: (message: string) => httpError('device_conflict', message),
  alreadyRegistered: (message?: string) => httpError('already_registered', message),
  /** 400 of a price URL on a host the operator has not allowed (PRICE_URL_HOSTS). */
  priceSourceNotAllowed: (message?: string) => httpError('price_source_not_allowed', message),
  tooManyChanges: (message?: string) => httpError('too_many_changes', message),
  tooManyAttempts: () => httpError('too_many_attempts'),
  badGateway: (message?: string) => httpError('bad_gateway', message),
  internal: () => httpError('internal_error'),
};
