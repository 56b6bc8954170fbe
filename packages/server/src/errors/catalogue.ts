import type { ErrorCode } from '@hearth/protocol';

export interface ErrorEntry {
  /** The HTTP status the code answers with, unless its factory says otherwise. */
  status: number;
  /** A message safe to show anyone, used when the factory is given none. */
  message: string;
}

/** Every error code of the wire (docs/wire-contract.md §1) with its status and default message. */
export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, ErrorEntry>> = {
  validation_failed: { status: 400, message: 'Invalid request' },
  unauthorized: { status: 401, message: 'Missing or invalid access token' },
  invalid_client: { status: 401, message: 'Unknown client or wrong client secret' },
  invalid_grant: { status: 401, message: 'Invalid or expired grant' },
  email_not_confirmed: { status: 401, message: 'Confirm your e-mail address first' },
  unauthorized_client: { status: 400, message: 'This client may not use this grant' },
  invalid_request: { status: 400, message: 'Invalid request' },
  invalid_scope: { status: 400, message: 'scope is not allowed for this client' },
  forbidden: { status: 403, message: 'Not allowed for this user' },
  outside_scope: { status: 403, message: 'Outside the access the owner gave you' },
  not_found: { status: 404, message: 'Not found' },
  device_conflict: { status: 409, message: 'The device belongs to another home' },
  already_registered: { status: 409, message: 'Already registered' },
  price_source_not_allowed: {
    status: 400,
    message: 'This price address is not on the list the operator allows',
  },
  too_many_changes: { status: 429, message: 'too many changes' },
  too_many_attempts: { status: 429, message: 'Too many attempts; try again later' },
  bad_gateway: { status: 502, message: 'A provider could not be reached' },
  internal_error: { status: 500, message: 'Internal server error' },
};
