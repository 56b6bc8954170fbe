import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { DestinationStream } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createAccountsRepository, createAccountsService, createLinkingService } from './accounts';
import { createTokenSigner } from './auth/jwt';
import { createSessionRevocations } from './auth/session-revocations';
import { createSessions } from './auth/sessions';
import { loadOAuthClients } from './auth/oauth-clients-file';
import { createTokenService } from './auth/token.service';
import { StaticConfig } from './catalog/static-config';
import type { Config } from './config';
import { openDatabase, type Db } from './db/client';
import { seedDemo, type DemoSeed } from './demo/demo-seed';
import { createAccessService } from './devices/access.service';
import { createDevicesService } from './devices/devices.service';
import { createNodesService } from './devices/nodes.service';
import { createNodeControlService } from './devices/node-control.service';
import { createDeviceManagerService } from './devices/device-manager.service';
import {
  createChangeLimit,
  createHourlyLimit,
  createMemoryChangeCounter,
  createRedisChangeCounter,
} from './limits';
import { createSamplesAggregateRepository, createSamplesService, seedDemoHistory } from './samples';
import { createEmbeddedBroker, MQTT_WS_PATH, type EmbeddedBroker } from './gateway/broker';
import { createClientAddress } from './realtime/client-address';
import { createCommandsService, type CommandsService } from './gateway/commands.service';
import { createEmbeddedTransport } from './gateway/embedded-transport';
import { createGatewayChannel, type GatewayChannel } from './gateway/gateway-channel';
import { createExpiredRepository, type Pruned } from './repositories/expired.repository';
import { startPruning } from './system/pruning';
import { gatewaySecret } from './gateway/gateway-secret';
import { createIngestService } from './gateway/ingest.service';
import { createDiagnosticsRepository } from './diagnostics/diagnostics.repository';
import { createDiagnosticsService } from './diagnostics/diagnostics.service';
import { createHomeDiagnostics } from './diagnostics/home-diagnostics';
import { createGuestsRepository } from './guests/guests.repository';
import { createGuestsService } from './guests/guests.service';
import { createHomeAccess } from './homes/home-access';
import { createHomesAdminRepository } from './homes/homes-admin.repository';
import { createHomesService } from './homes/homes.service';
import { createQuietHomeService } from './homes/quiet-home.service';
import { wifiKey } from './homes/wifi-credentials';
import { createMqttTransport } from './gateway/mqtt-transport';
import type { GatewayTransport } from './gateway/transport';
import { createApp } from './http/app';
import { createLogger, type Logger } from './logger';
import { createMailer, DEFAULT_MAIL_FROM, type Mailer } from './mail';
import {
  createMetrics,
  createMetricsRepository,
  createMetricsServer,
  meteredCommands,
  observeRequests,
} from './metrics';
import { createLinkOrigin } from './mail/link-origin';
import { embeddedClientOf, openAdminSocket } from './ops/admin-socket';
import { createRealtimeEmitter } from './realtime/realtime.emitter';
import { createSocketServer, type SocketServer } from './realtime/socket-server';
import { createRepositories } from './repositories';
import { credentialThrottleFor, redisPrefix } from './security';
import { drainConnections, trackInFlight } from './shutdown';
import { traceWrite, tracedSettling, tracedTransport, type Tracing } from './tracing';
import { createReadiness } from './system/readiness';
import { serverVersion } from './system/version';

export interface Hearth {
  listen(): Promise<string>;
  close(): Promise<void>;
  /**
   * Stops gracefully (SIGTERM): takes no new connection, tells the app sockets to reconnect
   * (to another process), lets the requests in flight finish within `timeoutMs` (default
   * DRAIN_TIMEOUT_MS), then closes the gateways' sessions, stores what is batched and closes.
   */
  drain(timeoutMs?: number): Promise<void>;
  seedDemo(): Promise<DemoSeed | null>;
  /** Resolves when the demo history seeded so far is stored (its year goes in the background). */
  demoHistoryIdle(): Promise<void>;
  gatewaySecret(devId: string): string;
  gatewayMqttUrl(): string;
  /** Where Prometheus scrapes this process (METRICS_PORT), once listening; else undefined. */
  metricsUrl(): string | undefined;
  clientCredentials: { id: string; secret: string };
  outboxDir?: string;
}

/** What tests need beyond the public interface: the database and a way to wait for ingest. */
export interface HearthInternals extends Hearth {
  db: Db;
  log: Logger;
  mailer: Mailer;
  /** Resolves when every gateway message received so far has been applied. */
  gatewayIdle(): Promise<void>;
  /** Deletes expired and ended sign-ins, refresh tokens and codes now (also done hourly). */
  pruneExpired(): Promise<Pruned>;
  baseUrl(): string;
}

const QUIET_HOME_CHANGES_PER_HOUR = 30;

export async function buildHearth(
  config: Config,
  /** Where the log goes instead of stdout (tests that read it). */
  opts: {
    logDestination?: DestinationStream;
    /** Tracing of set-point writes instead of TRACING's (tests: an in-memory exporter). */
    tracing?: Tracing;
  } = {},
): Promise<HearthInternals> {
  const log = createLogger(config.logLevel, opts.logDestination);
  // Off (the default), nothing is wrapped: tracing costs nothing (tracing/).
  const ownTracing =
    !opts.tracing && config.tracing
      ? (await import('./tracing/tracing')).createOtlpTracing()
      : undefined;
  const tracing = opts.tracing ?? ownTracing;
  // The embedded database is this process's alone: its admin socket keeps a second server off
  // the data folder and lets the operator's backup and diagnostics commands in (ops/admin-socket.ts).
  const admin =
    config.database.kind === 'pglite' && config.database.dataDir
      ? await openAdminSocket(config.dataDir, log)
      : undefined;
  const database = await openDatabase(config.database, log);
  const repos = createRepositories(database.db);
  const expired = createExpiredRepository(database.db);
  let pruning: { stop(): Promise<void> } | undefined;
  const revocations = createSessionRevocations({
    isLive: (sid) => repos.sessions.isLive(sid),
    redis: config.redisUrl
      ? {
          url: config.redisUrl,
          channel: `${redisPrefix(config, 'sessions')}ended`,
          onError: (err) =>
            log.debug({ err }, 'sessions: Redis unavailable, ending in this process'),
        }
      : undefined,
  });
  const sessions = createSessions(repos.sessions, revocations);
  const signer = createTokenSigner(config.jwtSecret, { sessionEnded: revocations.isEnded });
  const secretOf = (devId: string) => gatewaySecret(config.gatewayKey, devId);

  // One source per figure: the dropped count is the one GET /ready shows too.
  const version = serverVersion(config.commit);
  const metrics = createMetrics({
    version: `${version.major}.${version.minor}.${version.subminor}`,
    commit: config.commit,
    appSockets: () => late.socket?.connectedSockets() ?? 0,
    gatewayReportsDropped: () => ingest.dropped(),
    dbPools: database.pools,
    database: createMetricsRepository(database.db),
    onError: (err, metric) => log.debug({ err, metric }, 'metrics: database figure not read'),
  });
  const metricsServer = config.metrics && createMetricsServer(metrics, { ...config.metrics, log });

  // Built after the services that need them; reached through this holder until then.
  const late: { socket?: SocketServer; commands?: CommandsService } = {};
  const realtime = createRealtimeEmitter(() => late.socket?.sink);

  const clientAddress = createClientAddress(config.trustProxy);
  let broker: EmbeddedBroker | undefined;
  let transport: GatewayTransport;
  if (config.mqttUrl) {
    transport = createMqttTransport({
      url: config.mqttUrl,
      username: config.mqttUsername,
      password: config.mqttPassword,
      shareGroup: config.mqttShareGroup,
      log,
    });
  } else {
    broker = await createEmbeddedBroker({
      gatewayKey: config.gatewayKey,
      log,
      clientAddress,
      // A gateway in a fresh session subscribes after announcing itself; re-send then too.
      onCommandSubscription: (devId) =>
        void late.commands
          ?.resendPending(devId)
          .catch((err: unknown) => log.warn({ err, devId }, 're-send failed')),
    });
    transport = createEmbeddedTransport(broker.aedes);
  }
  if (tracing) transport = tracedTransport(transport, tracing);
  const commands = createCommandsService({
    commands: meteredCommands(repos.commands, metrics),
    transport,
    log,
  });
  late.commands = commands;
  // Reported state is written without waiting for the disk (db/client.ts `reports`); the
  // samples history and everything about commands stay durable.
  const reported = createRepositories(database.reports);
  const ingest = createIngestService({
    ...repos,
    devices: reported.devices,
    nodes: reported.nodes,
    commands: tracing ? tracedSettling(commands, tracing) : commands,
    realtime,
    log,
  });
  const channel: GatewayChannel = createGatewayChannel(transport, ingest, log);

  const access = createAccessService(repos.devices);
  const devices = createDevicesService({ ...repos, log });
  const nodes = createNodesService({ nodes: repos.nodes, devices: repos.devices, log });
  const control = createNodeControlService({ ...repos, commands, realtime });
  const nodeControl = tracing
    ? {
        ...control,
        status: traceWrite(
          tracing,
          'POST /api/v2/devs/{dev_id}/{type}/{addr}/status',
          control.status,
        ),
      }
    : control;
  const deviceManager = createDeviceManagerService({ ...repos, commands, realtime, log });
  const sampleAggregates = createSamplesAggregateRepository(database.db);
  const samplesService = createSamplesService({ ...repos, aggregates: sampleAggregates });
  const changeLimit = createChangeLimit(
    config.redisUrl
      ? createRedisChangeCounter(config.redisUrl, (err) =>
          log.debug({ err }, 'change counter: Redis unavailable, counting in this process'),
        )
      : createMemoryChangeCounter(),
    config.changesPerHour,
  );
  const credentialThrottle = credentialThrottleFor(config, log, metrics.loginThrottled);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    from: DEFAULT_MAIL_FROM,
    log,
  });
  // Mailed links open PUBLIC_URL, or an origin the user's brand allows (mail/link-origin.ts).
  const linkOrigin = createLinkOrigin({
    publicUrl: () => config.publicUrl ?? baseUrl(),
    catalog: new StaticConfig(config.dataDir, log as FastifyBaseLogger),
    log,
  });
  const accountsRepo = createAccountsRepository(database.db);
  const accounts = createAccountsService({
    users: repos.users,
    accounts: accountsRepo,
    mailer,
    log,
    linkOrigin,
    sessions,
  });
  const linking = createLinkingService(accountsRepo, repos.users);
  const tokens = createTokenService({
    users: repos.users,
    tokens: repos.tokens,
    signer,
    sessions,
    authorizationCodes: linking,
  });
  const client = { id: config.clientId, secret: config.clientSecret };
  const clients = loadOAuthClients({
    file: config.oauthClientsFile,
    app: client,
    production: config.production,
  });
  const homesAdmin = createHomesAdminRepository(database.db);
  const homeAccess = createHomeAccess(homesAdmin, access);
  const homeDiagnostics = createHomeDiagnostics({
    repo: createDiagnosticsRepository(database.db),
    commit: config.commit,
  });
  const diagnostics = createDiagnosticsService({ builder: homeDiagnostics, access: homeAccess });
  const embedded = embeddedClientOf(database.db);
  if (embedded)
    admin?.serve({
      dumpDatabase: () => embedded.dumpDataDir('none'),
      diagnostics: (groupId) => homeDiagnostics.build(groupId),
    });
  const homes = createHomesService({
    homes: homesAdmin,
    devices: repos.devices,
    access: homeAccess,
    realtime,
    gateways: commands,
    users: repos.users,
    log,
  });
  // Quiet-home saves and test mails per home and hour (spec 2 §7: 429 when over the limit),
  // counted once for all processes when they share Redis.
  const quietHomeLimit = createHourlyLimit(QUIET_HOME_CHANGES_PER_HOUR, {
    redisUrl: config.redisUrl,
    prefix: 'hearth:quiet-home',
    onError: (err) => log.debug({ err }, 'quiet-home limit: Redis unavailable, counting here'),
  });
  const quietHome = createQuietHomeService({
    homes: homesAdmin,
    users: repos.users,
    access: homeAccess,
    mailer,
    limit: quietHomeLimit,
    log,
  });
  const guests = createGuestsService({
    guests: createGuestsRepository(database.db),
    users: repos.users,
    access: homeAccess,
    homes: homesAdmin,
    mailer,
    realtime,
    linkOrigin,
  });

  const app = await createApp({
    log,
    signer,
    clients,
    webDist: config.webDist,
    dataDir: config.dataDir,
    commit: config.commit,
    readiness: createReadiness(
      {
        database: async () => (await database.db.execute(sql`select 1`), true),
        broker: () => transport.connected(),
        redis: () => late.socket?.redisReady(),
      },
      undefined,
      { gateway_messages_dropped: () => ingest.dropped() },
    ),
    weatherUrl: config.weatherUrl,
    geocoderUrl: config.geocoderUrl,
    services: {
      tokens,
      access,
      devices,
      nodes,
      accounts,
      linking,
      homes,
      quietHome,
      guests,
      nodeControl,
      deviceManager,
      samplesService,
      diagnostics,
    },
    changeLimit,
    wifiKey: wifiKey(config.gatewayKey),
    credentialThrottle,
    observeRequests: (instance) => observeRequests(instance, metrics.httpDuration),
    security: {
      trustProxy: config.trustProxy,
      mapTileUrl: config.mapTileUrl,
      hstsMaxAgeS: config.hstsMaxAgeS,
      corsOrigins: config.corsOrigins,
    },
  });
  const socketServer = createSocketServer(app.server, {
    signer,
    redisUrl: config.redisUrl,
    corsOrigins: config.corsOrigins,
    log,
    canSee: async (userId, devId) => (await access.findDevAccess(userId, devId)) !== undefined,
    registrantOf: async (devId) => {
      const dev = await repos.devices.find(devId);
      return dev?.groupId ? (await homesAdmin.findHome(dev.groupId))?.ownerId : undefined;
    },
    clientAddress,
    gateways: broker && { addressOf: broker.gatewayAddress, at: broker.gatewaysAt },
    snapshotFor: async (userId, devId) => {
      const found = await access.findDevAccess(userId, devId);
      return found ? devices.devData(found.dev) : undefined;
    },
  });
  late.socket = socketServer;
  const inFlight = trackInFlight(app.server);
  revocations.onEnded((sids) => socketServer.endSessions(sids));
  broker?.attach(app.server);

  let port: number | undefined;
  const baseUrl = () => {
    if (port === undefined) throw new Error('Hearth is not listening yet');
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  };
  let closed = false;
  const demoHistories: Array<{ rest: Promise<void>; stop(): void }> = [];

  const hearth: HearthInternals = {
    db: database.db,
    log,
    clientCredentials: client,
    mailer,
    outboxDir: mailer.outboxDir,
    gatewaySecret: secretOf,
    gatewayIdle: () => channel.idle(),
    pruneExpired: () => expired.prune(),
    baseUrl,
    gatewayMqttUrl: () => config.mqttUrl ?? `${baseUrl().replace(/^http/, 'ws')}${MQTT_WS_PATH}`,
    metricsUrl: () => metricsServer?.url(),
    async seedDemo() {
      if (!config.demo) return null;
      const seed = await seedDemo(repos, secretOf, log);
      // The simulated gateways continue the stored history (their nodes and counters); the
      // year before the last day of a first seeding is stored in the background.
      const history = await seedDemoHistory(database.db, sampleAggregates, seed.gateways, log);
      demoHistories.push(history);
      await accounts.acceptPrivacyFor(seed.email);
      return { ...seed, gateways: history.gateways };
    },
    async demoHistoryIdle() {
      await Promise.all(demoHistories.map((h) => h.rest));
    },
    async listen() {
      // A broker that just started has no gateways; the retained wills of an external broker re-report them.
      if (broker) await repos.devices.markAllDisconnected();
      await channel.start();
      pruning = startPruning({ prune: () => expired.prune(), log });
      await app.listen({ port: config.port, host: config.host });
      port = (app.server.address() as AddressInfo).port;
      if (metricsServer) log.info({ url: await metricsServer.listen() }, 'metrics listening');
      if (config.production && !config.publicUrl) {
        log.warn({ url: baseUrl() }, 'PUBLIC_URL is not set: mailed links open this address');
      }
      if (broker && config.mqttPort !== undefined) {
        const tcpPort = await broker.listenTcp(config.mqttPort, config.host);
        log.info({ port: tcpPort }, 'embedded MQTT broker listening on TCP');
      }
      return baseUrl();
    },
    async drain(timeoutMs = config.drainTimeoutMs) {
      if (closed) return;
      await drainConnections({
        server: app.server,
        inFlight,
        reconnectSockets: () => socketServer.reconnectElsewhere(),
        timeoutMs,
        log,
      });
      await hearth.close();
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const h of demoHistories) h.stop();
      await Promise.all(demoHistories.map((h) => h.rest));
      await metricsServer?.close();
      await socketServer.close();
      await broker?.close();
      await channel.close();
      await app.close();
      await changeLimit.close();
      await quietHomeLimit.close();
      await credentialThrottle.close();
      await revocations.close();
      await pruning?.stop();
      mailer.close();
      await database.close();
      await admin?.close();
      await ownTracing?.shutdown();
    },
  };
  return hearth;
}
