import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEV_CLIENT_ID, DEV_CLIENT_SECRET } from '@hearth/protocol';
import {
  CloudUpstreamConfigError,
  loadCloudUpstreams,
  type CloudUpstream,
} from '@hearth/cloud-link';
import { parseHostList } from './energy/price-fetch';

const boolString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

const urlWith = (protocols: string[]) =>
  optionalText.refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)), {
    message: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
  });

/**
 * The origins the native shells load the app from (docs/native.md): iOS serves it as
 * `capacitor://localhost`, Android as `https://localhost` (`androidScheme: 'https'`). Their
 * calls to the server are cross-origin, so the API answers their CORS preflight.
 */
export const NATIVE_APP_ORIGINS = ['capacitor://localhost', 'https://localhost'] as const;

const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+$/i;

/**
 * `CORS_ORIGINS`: unset, the native shells' origins; `none`, no cross-origin caller; otherwise
 * a comma-separated list of exact origins (`https://app.example.com`) that replaces the
 * default (list the native ones too to keep them).
 */
const corsOrigins = optionalText
  .transform((v) =>
    v === undefined
      ? [...NATIVE_APP_ORIGINS]
      : v.trim() === 'none'
        ? []
        : v
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean),
  )
  .refine((origins) => origins.every((o) => ORIGIN.test(o)), {
    message: 'must be "none" or comma-separated origins (scheme://host[:port], no path)',
  });

const envSchema = z.object({
  NODE_ENV: optionalText,
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  // memory:// keeps an in-process PGlite without files (tests, throwaway demos).
  DATABASE_URL: urlWith(['postgres', 'postgresql', 'memory']),
  MQTT_URL: urlWith(['mqtt', 'mqtts', 'ws', 'wss', 'tcp']),
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  MQTT_USERNAME: optionalText,
  MQTT_PASSWORD: optionalText,
  // An MQTT shared-subscription group name: no topic separators or wildcards.
  MQTT_SHARE_GROUP: optionalText.refine((v) => v === undefined || /^[^/+#\s]+$/.test(v), {
    message: 'must be one word without "/", "+", "#" or spaces',
  }),
  REDIS_URL: urlWith(['redis', 'rediss']),
  SMTP_URL: urlWith(['smtp', 'smtps']),
  // Where users reach this server; the origin of every link it mails.
  PUBLIC_URL: urlWith(['http', 'https']).refine((v) => v === undefined || !/[?#]/.test(v), {
    message: 'must be a URL without query or fragment',
  }),
  CLIENT_ID: optionalText,
  CLIENT_SECRET: optionalText,
  OAUTH_CLIENTS_FILE: optionalText,
  JWT_SECRET: optionalText.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  GATEWAY_KEY: optionalText.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  WEB_DIST: optionalText,
  WEATHER_URL: urlWith(['http', 'https']),
  GEOCODER_URL: urlWith(['http', 'https']),
  // Hosts a home's prices may be fetched from (docs/energy.md): exact names, comma-separated.
  PRICE_URL_HOSTS: optionalText,
  DEMO: boolString.optional(),
  HEARTH_COMMIT: optionalText,
  CHANGES_PER_HOUR: z.coerce.number().int().min(1).default(600),
  TRUST_PROXY: optionalText,
  MAP_TILE_URL: optionalText,
  VITE_MAP_TILE_URL: optionalText,
  HSTS_MAX_AGE: z.coerce.number().int().min(0).default(15_552_000),
  CORS_ORIGINS: corsOrigins,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // How long a stopping process waits for the requests it is answering (docs/operations.md, Upgrades).
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  // OpenTelemetry tracing of set-point writes (docs/operations.md, Tracing); off by default.
  TRACING: z.enum(['off', 'otlp']).optional(),
  CLOUD_LINK: z.enum(['server', 'process', 'off']).default('server'),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalText,
  // Prometheus metrics on a listener of their own (docs/operations.md, Monitoring); unset, none.
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters',
  }),
});

export type Database =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | undefined };

export interface Config {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  database: Database;
  mqttUrl: string | undefined;
  mqttPort: number | undefined;
  mqttUsername: string | undefined;
  mqttPassword: string | undefined;
  /** With an external broker, the processes of one deployment share gateway topics. */
  mqttShareGroup: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /** PUBLIC_URL without a trailing slash; unset, mailed links use the address it listens on. */
  publicUrl: string | undefined;
  clientId: string;
  clientSecret: string;
  /** The voice assistants' OAuth clients (auth/oauth-clients-file.ts); missing, none. */
  oauthClientsFile: string;
  jwtSecret: string;
  gatewayKey: string;
  webDist: string;
  /** Open-Meteo compatible forecast and geocoding services (docs/wire-contract.md §3 weather and coordinates). */
  weatherUrl: string | undefined;
  geocoderUrl: string | undefined;
  /** PRICE_URL_HOSTS: the only hosts a home's price CSV is fetched from; none, no fetching. */
  priceUrlHosts: string[];
  demo: boolean;
  logLevel: string;
  /** Reported by GET /version; set by the build or deployment. */
  commit: string;
  /** Cap on each user's changes (write requests) per hour; past it, 429 too_many_changes. */
  changesPerHour: number;
  /**
   * Fastify's trustProxy: which proxies' X-Forwarded-For/-Proto to believe (client address
   * of the login throttle, https for HSTS). true, a hop count, or addresses/CIDRs/`loopback`.
   */
  trustProxy: TrustProxy;
  /** The map tile URL template the app was built with; allowed as an image source by the CSP. */
  mapTileUrl: string | undefined;
  /** Strict-Transport-Security max-age on https requests; 0 sends none. */
  hstsMaxAgeS: number;
  /** Origins whose pages may call the API (CORS): by default the native shells'. */
  corsOrigins: string[];
  /**
   * Where GET /metrics (Prometheus) is served: its own port, on loopback unless METRICS_HOST
   * says otherwise, never the public one; with a token, only to `Authorization: Bearer`.
   * Undefined (METRICS_PORT unset): no metrics are served.
   */
  metrics: { port: number; host: string; token: string | undefined } | undefined;
  /**
   * On SIGTERM the process stops taking connections and waits this long at most for the
   * requests it is answering before it closes gateways, sockets and the database.
   */
  drainTimeoutMs: number;
  /**
   * Traces of set-point writes sent over OTLP/HTTP: TRACING=otlp, or OTEL_EXPORTER_OTLP_ENDPOINT
   * set without TRACING=off. Off, no span is made.
   */
  tracing: boolean;
  /** The vendor clouds owners may link (docs/cloud-link.md); empty, linking is not offered. */
  cloudUpstreams: CloudUpstream[];
  /** Where linked devices' bridges run: in this process (server), `npm run cloud-link`, or nowhere. */
  cloudLink: 'server' | 'process' | 'off';
}

export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

function trustProxyOf(value: string | undefined): TrustProxy {
  if (value === undefined || ['false', '0', 'no', 'off'].includes(value)) return false;
  if (value === 'true') return true;
  if (!/^\d+$/.test(value)) return value;
  // A hop count: believe that many proxies in front of the server, as Fastify does for a number.
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const defaultWebDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

interface PersistedSecrets {
  jwtSecret: string;
  gatewayKey: string;
}

/**
 * Outside production a missing JWT secret or gateway key is generated once and kept in
 * the data folder, so restarts keep sessions and gateway secrets valid.
 */
function persistedSecrets(dataDir: string): PersistedSecrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = z
      .object({ jwtSecret: z.string().min(16), gatewayKey: z.string().min(16) })
      .safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
  }
  const fresh = {
    jwtSecret: randomBytes(32).toString('hex'),
    gatewayKey: randomBytes(32).toString('hex'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(fresh, null, 2), { mode: 0o600 });
  return fresh;
}

/** Reads and validates the server's configuration; throws ConfigError with every problem listed. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = resolve(e.DATA_DIR);
  if (production) {
    const missing = (['CLIENT_SECRET', 'JWT_SECRET', 'GATEWAY_KEY'] as const).filter((k) => !e[k]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration: ${missing.join(', ')} must be set in production`,
      );
    }
  }
  if (e.METRICS_TOKEN !== undefined && e.METRICS_PORT === undefined) {
    throw new ConfigError(
      'Invalid configuration: METRICS_TOKEN is set but METRICS_PORT is not (metrics are served on their own port)',
    );
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(
      'Invalid configuration: METRICS_PORT must differ from PORT (metrics are never served on the public port)',
    );
  }
  const needsGenerated = !e.JWT_SECRET || !e.GATEWAY_KEY;
  const generated = needsGenerated ? persistedSecrets(dataDir) : undefined;
  const database: Database =
    e.DATABASE_URL === undefined
      ? { kind: 'pglite', dataDir: join(dataDir, 'db') }
      : e.DATABASE_URL.startsWith('memory://')
        ? { kind: 'pglite', dataDir: undefined }
        : { kind: 'postgres', url: e.DATABASE_URL };
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    mqttUrl: e.MQTT_URL,
    mqttPort: e.MQTT_PORT,
    mqttUsername: e.MQTT_USERNAME,
    mqttPassword: e.MQTT_PASSWORD,
    mqttShareGroup: e.MQTT_SHARE_GROUP,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    publicUrl: e.PUBLIC_URL?.trim().replace(/\/+$/, ''),
    clientId: e.CLIENT_ID ?? DEV_CLIENT_ID,
    clientSecret: e.CLIENT_SECRET ?? DEV_CLIENT_SECRET,
    oauthClientsFile: resolve(e.OAUTH_CLIENTS_FILE ?? join(dataDir, 'oauth-clients.json')),
    jwtSecret: e.JWT_SECRET ?? (generated as PersistedSecrets).jwtSecret,
    gatewayKey: e.GATEWAY_KEY ?? (generated as PersistedSecrets).gatewayKey,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : defaultWebDist,
    weatherUrl: e.WEATHER_URL,
    geocoderUrl: e.GEOCODER_URL,
    priceUrlHosts: parseHostList(e.PRICE_URL_HOSTS),
    demo: e.DEMO ?? !production,
    logLevel: e.LOG_LEVEL,
    commit: e.HEARTH_COMMIT ?? 'dev',
    changesPerHour: e.CHANGES_PER_HOUR,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    mapTileUrl: e.MAP_TILE_URL ?? e.VITE_MAP_TILE_URL,
    hstsMaxAgeS: e.HSTS_MAX_AGE,
    corsOrigins: e.CORS_ORIGINS,
    metrics:
      e.METRICS_PORT === undefined
        ? undefined
        : { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    drainTimeoutMs: e.DRAIN_TIMEOUT_MS,
    tracing: e.TRACING === 'otlp' || (e.TRACING === undefined && !!e.OTEL_EXPORTER_OTLP_ENDPOINT),
    cloudUpstreams: cloudUpstreamsOf(dataDir, env),
    cloudLink: e.CLOUD_LINK,
  };
}

function cloudUpstreamsOf(dataDir: string, env: Record<string, string | undefined>) {
  try {
    return loadCloudUpstreams({ dataDir, env });
  } catch (error) {
    if (error instanceof CloudUpstreamConfigError) throw new ConfigError(error.message);
    throw error;
  }
}
