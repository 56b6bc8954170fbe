import type { ErrorBody, ErrorCode } from '@hearth/protocol';

/** An error that reaches the client as `{message, statusCode, error}` (docs/wire-contract.md §1). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ErrorBody {
    return { message: this.message, statusCode: this.statusCode, error: this.code };
  }
}

export const badRequest = (message: string) => new HttpError(400, 'validation_failed', message);
export const unauthorized = (message = 'Missing or invalid access token') =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'Not allowed for this user') =>
  new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
