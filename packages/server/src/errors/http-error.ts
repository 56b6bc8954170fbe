import type { ErrorBody, ErrorCode } from '@hearth/protocol';
import { ERROR_CATALOGUE } from './catalogue';

/**
 * An error meant for the caller as it is: it leaves as `{message, statusCode, error}`
 * (docs/wire-contract.md §1). Build one with a factory of `errors`, never by hand.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return { message: this.message, statusCode: this.statusCode, error: this.code };
  }
}

/** The error of `code`, with the catalogue's status and message unless given others. */
export function httpError(
  code: ErrorCode,
  message: string = ERROR_CATALOGUE[code].message,
  status: number = ERROR_CATALOGUE[code].status,
): HttpError {
  return new HttpError(status, code, message);
}
