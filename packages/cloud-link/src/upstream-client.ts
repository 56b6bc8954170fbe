import { z } from 'zod';
import { CLOUD_LINK_TIMING } from './timing.ts';
import type { CloudUpstream } from './upstream-config.ts';
import {
  upstreamHeaders,
  UpstreamUnreachableError,
  type UpstreamSession,
} from './upstream-session.ts';

/** The cloud kept answering 429 after every wait of the backoff. */
export class UpstreamRateLimitedError extends Error {
  constructor(readonly upstream: string) {
    super(`The ${upstream} cloud keeps limiting the rate of requests`);
    this.name = 'UpstreamRateLimitedError';
  }
}

/** The cloud refused one request (4xx other than 401 and 429); the body is not repeated. */
export class UpstreamRequestError extends Error {
  constructor(
    readonly upstream: string,
    readonly status: number,
    readonly path: string,
  ) {
    super(`The ${upstream} cloud answered ${status} to ${path}`);
    this.name = 'UpstreamRequestError';
  }
}

const upstreamDevSchema = z.looseObject({
  dev_id: z.string().min(1),
  name: z.string().optional(),
  product_id: z.string().optional(),
  fw_version: z.string().optional(),
  serial_id: z.string().optional(),
});

const upstreamHomeSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string().optional(),
  owner: z.boolean().optional(),
  devs: z.array(upstreamDevSchema),
});

const upstreamNodeInfoSchema = z.looseObject({
  name: z.string().optional(),
  addr: z.number().int().nonnegative(),
  type: z.string().min(1),
  installed: z.boolean().optional(),
  lost: z.boolean().optional(),
});

const objectSchema = z.record(z.string(), z.unknown());

export type UpstreamDev = z.infer<typeof upstreamDevSchema>;
export type UpstreamHome = z.infer<typeof upstreamHomeSchema>;
export type UpstreamNodeInfo = z.infer<typeof upstreamNodeInfoSchema>;
export type UpstreamObject = z.infer<typeof objectSchema>;
export type UpstreamNodePart = 'status' | 'setup' | 'prog';
export interface UpstreamNodeRef {
  type: string;
  addr: number;
}

export interface UpstreamClientOptions {
  upstream: CloudUpstream;
  session: UpstreamSession;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Seconds (or an HTTP date) of a Retry-After header, as milliseconds; undefined if absent. */
function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms) || ms < 0) return undefined;
  return Math.min(ms, CLOUD_LINK_TIMING.rateLimitMaxWaitMs);
}

/**
 * The REST side of one vendor cloud for one signed-in account: homes, devices, nodes,
 * status/setup/prog reads and writes, samples. A refused token is renewed once; 429 is
 * answered by waiting (Retry-After, else the backoff steps); samples go out at most one a second.
 */
export class UpstreamClient {
  private readonly upstream: CloudUpstream;
  private readonly session: UpstreamSession;
  private readonly fetchFn: typeof fetch;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private samplesTurn: Promise<void> = Promise.resolve();
  private nextSampleAt = 0;

  constructor(options: UpstreamClientOptions) {
    this.upstream = options.upstream;
    this.session = options.session;
    this.fetchFn = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
  }

  async groupedDevs(): Promise<UpstreamHome[]> {
    return z.array(upstreamHomeSchema).parse(await this.request('GET', '/api/v2/grouped_devs'));
  }

  async devData(devId: string): Promise<UpstreamObject> {
    return objectSchema.parse(await this.request('GET', `${devPath(devId)}/dev_data`));
  }

  async nodes(devId: string): Promise<UpstreamNodeInfo[]> {
    const answer = z
      .object({ nodes: z.array(upstreamNodeInfoSchema) })
      .parse(await this.request('GET', `${devPath(devId)}/mgr/nodes`));
    return answer.nodes;
  }

  async readNode(
    devId: string,
    node: UpstreamNodeRef,
    part: UpstreamNodePart,
  ): Promise<UpstreamObject> {
    return objectSchema.parse(await this.request('GET', `${nodePath(devId, node)}/${part}`));
  }

  /** One GET below the device (`/pmo/5/power`, …). */
  async readDevice(devId: string, path: string): Promise<UpstreamObject> {
    return objectSchema.parse(await this.request('GET', `${devPath(devId)}${path}`));
  }

  /** One POST of one part; the cloud's answer does not wait for the heater. */
  async writeNode(
    devId: string,
    node: UpstreamNodeRef,
    part: UpstreamNodePart,
    body: UpstreamObject,
  ): Promise<void> {
    await this.request('POST', `${nodePath(devId, node)}/${part}`, body);
  }

  /** One POST below the device (`/mgr/away_status`, `/htr/2/status`, …), as a write plan gives it. */
  async writeDevice(devId: string, path: string, body: UpstreamObject): Promise<void> {
    await this.request('POST', `${devPath(devId)}${path}`, body);
  }

  /** Samples between two times in seconds, paced to one request a second per client. */
  async samples(
    devId: string,
    node: UpstreamNodeRef,
    start: number,
    end: number,
  ): Promise<UpstreamObject[]> {
    const turn = this.samplesTurn.then(async () => {
      const wait = this.nextSampleAt - this.now();
      if (wait > 0) await this.sleep(wait);
      this.nextSampleAt = this.now() + CLOUD_LINK_TIMING.samplesMinIntervalMs;
    });
    this.samplesTurn = turn.catch(() => undefined);
    await turn;
    const query = `start=${Math.floor(start)}&end=${Math.floor(end)}`;
    const answer = z
      .object({ samples: z.array(objectSchema) })
      .parse(await this.request('GET', `${nodePath(devId, node)}/samples?${query}`));
    return answer.samples;
  }

  private async request(
    method: 'GET' | 'POST',
    path: string,
    body?: UpstreamObject,
  ): Promise<unknown> {
    let renewed = false;
    let limited = 0;
    for (;;) {
      const token = await this.session.accessToken();
      const response = await this.send(method, path, token, body);
      if (response.status === 401 && !renewed) {
        await response.body?.cancel();
        this.session.invalidate(token);
        renewed = true;
        continue;
      }
      if (response.status === 429) {
        await response.body?.cancel();
        const steps = CLOUD_LINK_TIMING.rateLimitBackoffMs;
        if (limited >= steps.length) throw new UpstreamRateLimitedError(this.upstream.name);
        const wait =
          retryAfterMs(response.headers.get('retry-after'), this.now()) ?? steps[limited];
        limited += 1;
        await this.sleep(wait ?? 0);
        continue;
      }
      if (response.status >= 500) {
        await response.body?.cancel();
        throw new UpstreamUnreachableError(
          this.upstream.name,
          `${path} answered ${response.status}`,
        );
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new UpstreamRequestError(this.upstream.name, response.status, path);
      }
      const text = await response.text();
      try {
        return text === '' ? {} : (JSON.parse(text) as unknown);
      } catch {
        throw new UpstreamUnreachableError(this.upstream.name, `${path} answered no JSON`);
      }
    }
  }

  private async send(
    method: string,
    path: string,
    token: string,
    body: UpstreamObject | undefined,
  ): Promise<Response> {
    try {
      return await this.fetchFn(`${this.upstream.apiBaseUrl}${path}`, {
        method,
        headers: {
          ...upstreamHeaders(this.upstream),
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(CLOUD_LINK_TIMING.requestTimeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'network error';
      throw new UpstreamUnreachableError(this.upstream.name, `${path} failed (${reason})`);
    }
  }
}

function devPath(devId: string): string {
  return `/api/v2/devs/${encodeURIComponent(devId)}`;
}

function nodePath(devId: string, node: UpstreamNodeRef): string {
  return `${devPath(devId)}/${encodeURIComponent(node.type)}/${node.addr}`;
}
