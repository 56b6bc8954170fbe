import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody, ErrorCode } from '@hearth/protocol';

/** An error whose status, code and message are meant for the caller as they are. */
export class CatalogHttpError extends Error {
  override name = 'CatalogHttpError';
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

/** A third-party provider (weather, geocoder) could not be reached or answered something unusable. */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
}

/** The geocoder knows no place matching the query. */
export class PlaceNotFoundError extends Error {
  override name = 'PlaceNotFoundError';
}

export const WEATHER_UNAVAILABLE = 'weather provider unavailable';
export const GEOCODER_UNAVAILABLE = 'geocoding provider unavailable';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'device_conflict',
  429: 'too_many_changes',
  502: 'bad_gateway',
};

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

function validationMessage(error: FastifyError): string {
  const where = error.validationContext ?? 'request';
  const issues = (error.validation ?? []) as ValidationIssue[];
  const parts = issues.map((issue) => {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    return `${where}${field ? `.${field}` : ''}: ${issue.message ?? 'invalid'}`;
  });
  return parts.length > 0 ? parts.join('; ') : error.message;
}

/**
 * Error handler of the catalog routes: every failure leaves as `{message,statusCode,error}`
 * (docs/wire-contract.md §1). Anything unexpected is logged and answered as a bare 500 without details.
 */
export function catalogErrorHandler(
  error: FastifyError | CatalogHttpError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof CatalogHttpError) {
    return reply.code(error.statusCode).send(error.toBody());
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const body: ErrorBody = {
      message: validationMessage(fastifyError),
      statusCode: 400,
      error: 'validation_failed',
    };
    return reply.code(400).send(body);
  }
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const body: ErrorBody = {
      message: error.message,
      statusCode: status,
      error: CODE_BY_STATUS[status] ?? 'validation_failed',
    };
    return reply.code(status).send(body);
  }
  request.log.error({ err: error }, 'catalog request failed');
  const body: ErrorBody = { message: 'internal error', statusCode: 500, error: 'internal_error' };
  return reply.code(500).send(body);
}

export function notFound(message: string): CatalogHttpError {
  return new CatalogHttpError(404, 'not_found', message);
}

export function badGateway(message: string): CatalogHttpError {
  return new CatalogHttpError(502, 'bad_gateway', message);
}
