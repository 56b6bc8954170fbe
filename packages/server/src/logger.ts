import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Names under which a request or a log call may carry a credential: tokens, mailed and
 * authorization codes, passwords, client secrets, PKCE verifiers, authorization headers.
 * Their values never reach a log line (ASVS 7.1.1), wherever they appear: a query string,
 * a logged object's field, a request's headers.
 */
export const SECRET_NAMES = [
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'code_verifier',
  'password',
  'new_password',
  'pass',
  'client_secret',
  'secret',
  'authorization',
  'cookie',
] as const;

const SECRET_NAME_SET = new Set<string>(SECRET_NAMES);
export const REDACTED = '[redacted]';

/**
 * Names that are also harmless fields of a log object (an error's `code`): redacted only
 * inside a logged request's headers, query or body.
 */
const NESTED_ONLY = new Set<string>(['code']);

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** A request URL with the value of every secret query parameter replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      return SECRET_NAME_SET.has(decodedName(name)) ? `${name}=${REDACTED}` : part;
    });
  return `${url.slice(0, q)}?${query.join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer, with the query's secrets redacted and no headers. */
function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

const plainNames = SECRET_NAMES.filter((n) => !NESTED_ONLY.has(n));
const redactPaths = [
  ...plainNames,
  ...plainNames.map((n) => `*.${n}`),
  ...SECRET_NAMES.flatMap((n) =>
    ['headers', 'query', 'body'].flatMap((part) => [`${part}.${n}`, `*.${part}.${n}`]),
  ),
];

/**
 * The server's logger. `destination` is for tests that read what was logged; the server
 * writes to stdout.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'hearth-server' },
    serializers: { req: serializeRequest },
    redact: { paths: redactPaths, censor: REDACTED },
  };
  return destination ? pino(options, destination) : pino(options);
}
