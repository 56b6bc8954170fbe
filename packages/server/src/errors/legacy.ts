import { errors } from './factories';

/** Old names of the factories, kept until every caller uses `errors`. */
export const badRequest = errors.validation;
export const unauthorized = errors.unauthorized;
export const forbidden = errors.forbidden;
export const notFound = errors.notFound;
