import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CREDENTIAL_THROTTLE, type CredentialThrottlePolicy } from '@hearth/protocol';
import type { PoolStats } from '../db/client';
import { processRegistry } from './process-metrics';

/** Where the figures read at each scrape come from: one source each, shared with /ready. */
export interface MetricSources {
  version: string;
  commit: string;
  /** App sockets (socket.io) this process holds. */
  appSockets(): number;
  /** Gateway messages dropped since the start (the count GET /ready shows). */
  gatewayReportsDropped(): number;
  /** The PostgreSQL pools (none with PGlite). */
  dbPools(): PoolStats[];
  /** Figures of the whole deployment, read from the database. */
  database: { pendingCommands(): Promise<number>; connectedGateways(): Promise<number> };
  /** A database figure that fails or takes longer keeps its last value for this scrape. */
  onError(err: unknown, metric: string): void;
}

/** How long a scrape waits for a figure from the database. */
export const DATABASE_FIGURE_TIMEOUT_MS = 1_000;

/** Seconds: from a fast read to a slow records query. */
export const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: a connected gateway answers in well under a second; an offline one when it returns. */
export const CONFIRMATION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 3600];

export type CommandOutcome = 'confirmed' | 'failed';
const OUTCOMES: readonly CommandOutcome[] = ['confirmed', 'failed'];

function bounded<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The metrics of one server, in the Prometheus text format (prom-client). Labels are bounded
 * sets: a route's pattern (never its URL, which holds ids), a method, a status code, an
 * outcome, a throttle policy, a pool. Counters start at 0 for every label value they can take,
 * so that a rate reads 0 rather than nothing.
 */
export function createMetrics(sources: MetricSources) {
  const registry = new Registry();
  const registers = [registry];

  new Gauge({
    name: 'hearth_build_info',
    help: 'The running server: its version and commit (always 1).',
    labelNames: ['version', 'commit'],
    registers,
  }).set({ version: sources.version, commit: sources.commit }, 1);

  const httpDuration = new Histogram({
    name: 'hearth_http_request_duration_seconds',
    help: 'HTTP requests answered by this process, by method, route pattern and status code, and how long each took.',
    labelNames: ['method', 'route', 'code'],
    buckets: HTTP_DURATION_BUCKETS,
    registers,
  });

  new Gauge({
    name: 'hearth_app_sockets_connected',
    help: 'App sockets (socket.io) connected to this process.',
    registers,
    collect() {
      this.set(sources.appSockets());
    },
  });

  function fromDatabase(name: string, help: string, read: () => Promise<number>) {
    return new Gauge({
      name,
      help,
      registers,
      async collect() {
        try {
          this.set(await bounded(read(), DATABASE_FIGURE_TIMEOUT_MS));
        } catch (err) {
          sources.onError(err, name);
        }
      },
    });
  }
  fromDatabase(
    'hearth_gateways_connected',
    'Gateways connected to the broker, of the whole deployment (from the database: every process reports the same figure).',
    sources.database.connectedGateways,
  );
  fromDatabase(
    'hearth_commands_pending',
    'Commands waiting for their gateway to confirm them, of the whole deployment (from the database: every process reports the same figure).',
    sources.database.pendingCommands,
  );

  const commandsCreated = new Counter({
    name: 'hearth_commands_created_total',
    help: 'Commands this process stored for a gateway (each write a user makes, and the geo data a home sends).',
    registers,
  });
  const commandsSettled = new Counter({
    name: 'hearth_commands_settled_total',
    help: 'Commands whose gateway answered, through this process: confirmed (ok) or failed (refused by the device).',
    labelNames: ['outcome'],
    registers,
  });
  const confirmation = new Histogram({
    name: 'hearth_command_confirmation_seconds',
    help: 'From a command stored to its gateway answer, by outcome.',
    labelNames: ['outcome'],
    buckets: CONFIRMATION_BUCKETS,
    registers,
  });
  for (const outcome of OUTCOMES) {
    commandsSettled.inc({ outcome }, 0);
    confirmation.zero({ outcome });
  }

  let droppedSoFar = 0;
  new Counter({
    name: 'hearth_gateway_reports_dropped_total',
    help: 'Gateway messages this process dropped: malformed, of the wrong shape or too large (the count GET /ready shows).',
    registers,
    collect() {
      const now = sources.gatewayReportsDropped();
      if (now > droppedSoFar) this.inc(now - droppedSoFar);
      droppedSoFar = Math.max(droppedSoFar, now);
    },
  });

  const throttled = new Counter({
    name: 'hearth_login_throttled_total',
    help: 'Attempts refused by the login throttle (429 too_many_attempts) in this process, by policy: signIn (passwords), code (mailed codes), mail (mails sent).',
    labelNames: ['policy'],
    registers,
  });
  for (const policy of Object.keys(CREDENTIAL_THROTTLE)) throttled.inc({ policy }, 0);

  new Gauge({
    name: 'hearth_db_pool_connections',
    help: 'PostgreSQL connections of this process, by pool (main: requests; reports: gateway state) and state (busy or idle).',
    labelNames: ['pool', 'state'],
    registers,
    collect() {
      this.reset();
      for (const p of sources.dbPools()) {
        this.set({ pool: p.pool, state: 'busy' }, p.total - p.idle);
        this.set({ pool: p.pool, state: 'idle' }, p.idle);
      }
    },
  });
  new Gauge({
    name: 'hearth_db_pool_max_connections',
    help: 'The most PostgreSQL connections each pool of this process opens.',
    labelNames: ['pool'],
    registers,
    collect() {
      this.reset();
      for (const p of sources.dbPools()) this.set({ pool: p.pool }, p.max);
    },
  });
  new Gauge({
    name: 'hearth_db_pool_waiting_queries',
    help: 'Queries of this process waiting for a free PostgreSQL connection, by pool.',
    labelNames: ['pool'],
    registers,
    collect() {
      this.reset();
      for (const p of sources.dbPools()) this.set({ pool: p.pool }, p.waiting);
    },
  });

  return {
    registry,
    contentType: registry.contentType,
    httpDuration,
    commandCreated(): void {
      commandsCreated.inc();
    },
    commandSettled(outcome: CommandOutcome, seconds: number): void {
      commandsSettled.inc({ outcome });
      if (Number.isFinite(seconds)) confirmation.observe({ outcome }, Math.max(0, seconds));
    },
    loginThrottled(policy: CredentialThrottlePolicy): void {
      throttled.inc({ policy });
    },
    /** Everything a scrape reads: this server's metrics and its process's. */
    async text(): Promise<string> {
      const own = await registry.metrics();
      const proc = await processRegistry().metrics();
      return `${own.trimEnd()}\n\n${proc}`;
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
