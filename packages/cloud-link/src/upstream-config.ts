import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** The file in DATA_DIR that lists the vendor clouds an owner may link. */
export const UPSTREAMS_FILE_NAME = 'cloud-upstreams.json';
/** Environment variable holding the list itself, as JSON (wins over the files). */
export const UPSTREAMS_JSON_ENV = 'CLOUD_UPSTREAMS_JSON';
/** Environment variable naming a file that holds the list (wins over DATA_DIR's file). */
export const UPSTREAMS_FILE_ENV = 'CLOUD_UPSTREAMS_FILE';

const httpUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
  .transform((url) => url.replace(/\/+$/, ''));

const headerValue = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x20-\x7e]+$/, 'must be printable ASCII (it is sent as an HTTP header)');

export const cloudUpstreamSchema = z.strictObject({
  /** The operator's name for this cloud, shown to owners and part of linked devices' ids. */
  name: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9-]{0,31}$/,
      'must be 1–32 of a-z, 0-9 and -, starting with a letter or digit',
    ),
  /** Shown to owners when they choose a cloud; the name when left out. */
  label: z.string().min(1).max(80).optional(),
  /** Base of the REST API, e.g. https://api-foo.example.com (no trailing slash needed). */
  apiBaseUrl: httpUrl,
  /** The vendor app's OAuth client, sent as HTTP Basic on the token endpoint. */
  clientId: headerValue,
  clientSecret: headerValue,
  /** The `x-serialid` header the cloud expects from its app. */
  serialId: headerValue,
  /** The `x-referer` header the cloud expects from its app. */
  referer: headerValue,
  /**
   * The month the cloud's device clock (`/mgr/rtc/time` `n`) counts from: the vendor clouds
   * send January as 0, Hearth as 1 (a Hearth playing the cloud says 1).
   */
  clockMonthFrom: z.union([z.literal(0), z.literal(1)]).default(0),
});

export type CloudUpstream = z.infer<typeof cloudUpstreamSchema>;

export const cloudUpstreamListSchema = z
  .array(cloudUpstreamSchema)
  .max(64)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((upstream, index) => {
      if (seen.has(upstream.name)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: `name "${upstream.name}" is used twice`,
        });
      }
      seen.add(upstream.name);
    });
  });

/** A configuration the operator has to fix; the message says where and what, never a secret. */
export class CloudUpstreamConfigError extends Error {
  constructor(
    readonly source: string,
    readonly problems: readonly string[],
  ) {
    super(`Cloud upstreams in ${source} are not valid:\n  ${problems.join('\n  ')}`);
    this.name = 'CloudUpstreamConfigError';
  }
}

/** Validates an already parsed list; `source` names where it came from in errors. */
export function parseCloudUpstreams(value: unknown, source: string): CloudUpstream[] {
  const result = cloudUpstreamListSchema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : '(the list)';
    return `${where}: ${issue.message}`;
  });
  throw new CloudUpstreamConfigError(source, problems);
}

function parseJsonText(text: string, source: string): CloudUpstream[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CloudUpstreamConfigError(source, [`not JSON (${reason})`]);
  }
  return parseCloudUpstreams(value, source);
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    const reason = error instanceof Error ? error.message : String(error);
    throw new CloudUpstreamConfigError(path, [`cannot be read (${reason})`]);
  }
}

export interface UpstreamConfigSources {
  /** The server's DATA_DIR; its cloud-upstreams.json is read when no variable is set. */
  dataDir?: string;
  /** The process environment (CLOUD_UPSTREAMS_JSON, CLOUD_UPSTREAMS_FILE). */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The operator's list of vendor clouds: from CLOUD_UPSTREAMS_JSON, else the file named by
 * CLOUD_UPSTREAMS_FILE (which must exist), else DATA_DIR/cloud-upstreams.json, else none
 * (linking is then not offered). Throws CloudUpstreamConfigError for anything malformed.
 */
export function loadCloudUpstreams(sources: UpstreamConfigSources): CloudUpstream[] {
  const env = sources.env ?? {};
  const inline = env[UPSTREAMS_JSON_ENV];
  if (inline !== undefined && inline.trim() !== '') {
    return parseJsonText(inline, UPSTREAMS_JSON_ENV);
  }
  const named = env[UPSTREAMS_FILE_ENV];
  if (named !== undefined && named.trim() !== '') {
    const text = readText(named);
    if (text === undefined) {
      throw new CloudUpstreamConfigError(named, [
        `file named by ${UPSTREAMS_FILE_ENV} does not exist`,
      ]);
    }
    return parseJsonText(text, named);
  }
  if (sources.dataDir === undefined) return [];
  const path = join(sources.dataDir, UPSTREAMS_FILE_NAME);
  const text = readText(path);
  return text === undefined ? [] : parseJsonText(text, path);
}
