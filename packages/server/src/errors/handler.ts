import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody, ErrorCode } from '@hearth/protocol';
import { errors } from './factories';
import { HttpError } from './http-error';

/** The code of a client error Fastify or a plugin raised (bad JSON, body too large, …). */
const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'device_conflict',
  429: 'too_many_changes',
};

/** A schema's refusal: where in the request and what, from its first issue. */
function validationMessage(err: FastifyError): string {
  const first = err.validation?.[0];
  const where = first?.instancePath ? ` at ${first.instancePath}` : '';
  return `Invalid ${err.validationContext ?? 'request'}${where}: ${first?.message ?? 'bad value'}`;
}

/**
 * The body an error leaves as, or undefined for the server's own faults, which the caller
 * must log and answer as a bare 500.
 */
export function clientErrorBody(err: FastifyError | Error): ErrorBody | undefined {
  if (err instanceof HttpError) return err.toBody();
  const fastifyError = err as FastifyError;
  if (fastifyError.validation) return errors.validation(validationMessage(fastifyError)).toBody();
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own messages (bad JSON, unsupported media type, body too large) are safe to show.
    return {
      message: err.message,
      statusCode: status,
      error: CODE_BY_STATUS[status] ?? 'validation_failed',
    };
  }
  return undefined;
}

/**
 * The one error handler: every failure leaves as `{message, statusCode, error}`
 * (docs/wire-contract.md §1); a 5xx never shows its cause, which is logged with the request id.
 */
export function errorHandler(
  err: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  let body = clientErrorBody(err);
  if (!body) {
    request.log.error({ err }, 'request failed');
    body = errors.internal().toBody();
  }
  return reply.status(body.statusCode).send(body);
}
