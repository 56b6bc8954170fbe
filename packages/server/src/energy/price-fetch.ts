import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { PRICE_CSV_MAX_BYTES } from './energy.schemas';

/**
 * Fetching a price CSV from an address an owner gave: a server that fetches what its users ask
 * can be turned against the network it runs in, so only hosts the operator listed
 * (PRICE_URL_HOSTS) are fetched, over https, never at a private or loopback address (checked on
 * the address actually connected to, so a name that re-resolves cannot slip one in), with
 * redirects only on the same host, a time limit and a size limit. A loopback host the
 * operator listed by name (`localhost`, `127.0.0.1`, `::1`) may be plain http: a price service
 * on the same machine, and the tests'.
 */
export const PRICE_FETCH_TIMEOUT_MS = 15_000;
export const PRICE_FETCH_MAX_REDIRECTS = 3;
export const PRICE_FETCH_MAX_BYTES = PRICE_CSV_MAX_BYTES;

/** A fetch that failed, in words safe to store and show: never the URL's path or query. */
export class PriceFetchError extends Error {
  override name = 'PriceFetchError';
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** The operator's list: exact host names, lower case, separated by commas or spaces. */
export function parseHostList(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h.length > 0);
}

function bareHost(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
}

export function isLoopbackHost(url: URL): boolean {
  return LOOPBACK_NAMES.has(url.hostname.toLowerCase());
}

/** Why `raw` may not be fetched, or undefined when it may. */
export function priceUrlProblem(raw: string, hosts: readonly string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (url.username || url.password) return 'a price URL may not carry a user name or password';
  const host = bareHost(url);
  if (!hosts.includes(host))
    return hosts.length === 0
      ? 'this server fetches prices from no address: its operator has not allowed any (PRICE_URL_HOSTS)'
      : `prices are fetched only from the hosts this server's operator allows (${hosts.join(', ')})`;
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopbackHost(url)) return undefined;
  return 'a price URL must be https';
}

function v4Parts(a: string): number[] {
  return a.split('.').map(Number);
}

/** Addresses a price service on the internet never has: private, loopback, link-local, … */
export function isPrivateAddress(address: string): boolean {
  const a = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped?.[1]) return isPrivateAddress(mapped[1]);
  if (isIP(a) === 4) {
    const [p, q] = v4Parts(a) as [number, number];
    return (
      p === 0 ||
      p === 10 ||
      p === 127 ||
      (p === 100 && q >= 64 && q <= 127) ||
      (p === 169 && q === 254) ||
      (p === 172 && q >= 16 && q <= 31) ||
      (p === 192 && q === 168) ||
      (p === 198 && (q === 18 || q === 19)) ||
      p >= 224
    );
  }
  if (isIP(a) === 6) {
    return (
      a === '::' ||
      a === '::1' ||
      a.startsWith('fc') ||
      a.startsWith('fd') ||
      /^fe[89ab]/.test(a) ||
      a.startsWith('ff') ||
      a.startsWith('64:ff9b:') ||
      a.startsWith('2001:db8')
    );
  }
  return true;
}

/** A DNS lookup that refuses addresses the host may not have; what the socket connects to. */
function checkedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const ok = addresses.filter(
        (x) =>
          !isPrivateAddress(x.address) ||
          (allowLoopback && (x.address === '::1' || x.address.startsWith('127.'))),
      );
      const first = ok[0];
      if (!first) {
        const refused = new Error('the host resolves to a private or local address');
        (refused as NodeJS.ErrnoException).code = 'EPRIVATE';
        return callback(refused, '', 0);
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, ok);
      return callback(null, first.address, first.family);
    });
  };
}

function words(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'EPRIVATE':
      return 'the host resolves to a private or local address';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name does not resolve';
    case 'ECONNREFUSED':
      return 'the host refused the connection';
    case 'ECONNRESET':
      return 'the connection was reset';
    case 'ETIMEDOUT':
      return 'the connection timed out';
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return 'the host’s certificate is not valid';
    default:
      return 'the host could not be reached';
  }
}

function once(url: URL, timeoutMs: number, maxBytes: number): Promise<IncomingMessage | string> {
  const allowLoopback = isLoopbackHost(url);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'GET',
        headers: { accept: 'text/csv, text/plain;q=0.9', 'user-agent': 'Hearth price fetch' },
        lookup: checkedLookup(allowLoopback),
        // Literal addresses skip the lookup: they are checked here instead.
        timeout: timeoutMs,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          return resolve(res);
        }
        if (status !== 200) {
          res.resume();
          return reject(new PriceFetchError(`the host answered HTTP ${status}`));
        }
        const length = Number(res.headers['content-length']);
        if (Number.isFinite(length) && length > maxBytes) {
          res.destroy();
          return reject(new PriceFetchError(`the prices are larger than ${maxBytes} bytes`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new PriceFetchError(`the prices are larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        res.on('error', (err) => reject(new PriceFetchError(words(err))));
      },
    );
    const deadline = setTimeout(() => {
      req.destroy();
      reject(new PriceFetchError(`no answer within ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    deadline.unref();
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => {
      req.destroy();
      reject(new PriceFetchError(`no answer within ${Math.round(timeoutMs / 1000)} s`));
    });
    req.on('error', (err) =>
      reject(err instanceof PriceFetchError ? err : new PriceFetchError(words(err))),
    );
    req.end();
  });
}

/**
 * The text at `raw`, which must pass `priceUrlProblem` against `hosts`; a PriceFetchError in
 * words safe to store otherwise.
 */
export async function fetchPriceText(
  raw: string,
  hosts: readonly string[],
  opts: { timeoutMs?: number; maxBytes?: number } = {},
): Promise<string> {
  const timeoutMs = opts.timeoutMs ?? PRICE_FETCH_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? PRICE_FETCH_MAX_BYTES;
  let url = new URL(raw);
  for (let hop = 0; hop <= PRICE_FETCH_MAX_REDIRECTS; hop += 1) {
    const problem = priceUrlProblem(url.href, hosts);
    if (problem) throw new PriceFetchError(problem);
    const literal = bareHost(url);
    if (isIP(literal) && isPrivateAddress(literal) && !isLoopbackHost(url))
      throw new PriceFetchError('the host is a private or local address');
    const answer = await once(url, timeoutMs, maxBytes);
    if (typeof answer === 'string') return answer;
    const location = answer.headers.location;
    if (!location) throw new PriceFetchError('the host redirected without saying where');
    const next = new URL(location, url);
    if (bareHost(next) !== bareHost(url) || next.protocol !== url.protocol)
      throw new PriceFetchError('the host redirected to another address, which is not followed');
    url = next;
  }
  throw new PriceFetchError('too many redirects');
}
