/**
 * What a diagnostics file never holds, whoever downloads it: credentials and personal data.
 * Keys are split into words (`wifi_pass`, `clientSecret`, `e-mail`) and a key holding one of
 * these words has its value replaced, at any depth.
 */
const SECRET_WORDS = new Set([
  'pass',
  'password',
  'passwd',
  'pwd',
  'psk',
  'ssid',
  'secret',
  'token',
  'key',
  'email',
  'mail',
  'code',
  'phone',
  'position',
]);
/** Words matched above that name nothing secret in these keys. */
const ALLOWED_KEYS = new Set(['tz_code']);
/** Where a home is, to the street: only its country, time zone and geofence range are kept. */
const GEO_KEPT = new Set(['country', 'tz_code', 'outdoor_range']);
export const GEO_PATH = '/geo_data';

export const REDACTED = '[redacted]';

function words(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export function isSecretKey(key: string): boolean {
  if (ALLOWED_KEYS.has(key)) return false;
  const parts = words(key);
  // "e-mail" splits into "e" and "mail"; "email" is one word: both are caught.
  return parts.some((w) => SECRET_WORDS.has(w));
}

/** A copy of `value` with every secret key's value replaced by "[redacted]". */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, isSecretKey(k) ? REDACTED : redact(v)]),
  );
}

/** A home's location reduced to its country, time zone and geofence range. */
export function redactGeo(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return redact(value);
  return Object.fromEntries(Object.entries(value).filter(([k]) => GEO_KEPT.has(k)));
}

/** The body of a device object or command at `path`, as a diagnostics file may show it. */
export function redactAt(path: string, body: unknown): unknown {
  return path === GEO_PATH ? redactGeo(body) : redact(body);
}
