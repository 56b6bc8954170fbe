export { ERROR_CATALOGUE, type ErrorEntry } from './catalogue';
export { errors } from './factories';
export { HttpError } from './http-error';
export { clientErrorBody, errorHandler } from './handler';
