import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { DestinationStream } from 'pino';
import { createTokenSigner } from './auth/jwt';
import { createSessionRevocations } from './auth/session-revocations';
import { createSessions } from './auth/sessions';
import type { Config } from './config';
import { configWarnings } from './config-warnings';
import { openDatabase, type Db } from './db/client';
import { seedDemo, type DemoSeed } from './demo/demo-seed';
import { seedDemoHistory } from './samples';
import { MQTT_WS_PATH } from './gateway/broker';
import { createClientAddress } from './realtime/client-address';
import { createCommandsService, type CommandsService } from './gateway/commands.service';
import { wireComfort } from './comfort';
import { wireEnergyAutomation } from './energy/automation';
import { createGatewayChannel, type GatewayChannel } from './gateway/gateway-channel';
import { createExpiredRepository, type Pruned } from './repositories/expired.repository';
import { startPruning } from './system/pruning';
import { startSharingUpkeep } from './sharing/upkeep';
import { gatewaySecret } from './gateway/gateway-secret';
import { createIngestService } from './gateway/ingest.service';
import { openGatewayTransport } from './gateway/open-transport';
import { createServerCloudBridges } from './cloud-link/server-bridges';
import { createApi } from './http/api';
import { createLogger, type Logger } from './logger';
import { createMailer, DEFAULT_MAIL_FROM, type Mailer } from './mail';
import {
  createMetrics,
  createMetricsRepository,
  createMetricsServer,
  meteredCommands,
} from './metrics';
import { embeddedClientOf, openAdminSocket } from './ops/admin-socket';
import { createRealtimeEmitter } from './realtime/realtime.emitter';
import { createSocketServer, type SocketServer } from './realtime/socket-server';
import { createRepositories } from './repositories';
import { redisPrefix } from './security';
import { drainConnections, trackInFlight } from './shutdown';
import { wireTracing, type Tracing } from './tracing';
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
  /** One round of the energy upkeep now: due price fetches and charge plans (also every minute). */
  energyTick(): Promise<void>;
  /** Closes guests' sockets whose dates or weekly hours have ended now (also each minute). */
  checkGuestWindows(): void;
}

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
  // Off (the default), nothing is wrapped: tracing costs nothing (tracing/wiring.ts).
  const tracing = await wireTracing(config.tracing, opts.tracing);
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
  let sharingUpkeep: { stop(): Promise<void> } | undefined;
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
  const { broker, ...opened } = await openGatewayTransport(config, {
    log,
    clientAddress,
    // A gateway in a fresh session subscribes after announcing itself; re-send then too.
    onCommandSubscription: (devId) =>
      void late.commands
        ?.resendPending(devId)
        .catch((err: unknown) => log.warn({ err, devId }, 're-send failed')),
  });
  const transport = tracing.transport(opened.transport);
  const commands = createCommandsService({
    commands: meteredCommands(repos.commands, metrics),
    transport,
    log,
  });
  late.commands = commands;
  // Reported state is written without waiting for the disk (db/client.ts `reports`); the
  // samples history and everything about commands stay durable.
  const reported = createRepositories(database.reports);
  const comfort = wireComfort({
    db: database.db,
    repos,
    commands,
    realtime,
    log,
    weatherUrl: config.weatherUrl,
    geocoderUrl: config.geocoderUrl,
  });
  const energyAutomation = wireEnergyAutomation({
    db: database.db,
    repos,
    commands,
    realtime,
    log,
    priceUrlHosts: config.priceUrlHosts,
  });
  const ingest = createIngestService({
    ...repos,
    devices: reported.devices,
    nodes: reported.nodes,
    commands: tracing.settling(commands),
    realtime,
    log,
    onStatus: (node, status) => comfort.automation.onStatus(node, status),
    onDeviceObject: (devId, path, value) => energyAutomation.onDeviceObject(devId, path, value),
  });
  const channel: GatewayChannel = createGatewayChannel(transport, ingest, log);

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    from: DEFAULT_MAIL_FROM,
    log,
  });
  const client = { id: config.clientId, secret: config.clientSecret };
  // Linked cloud devices' bridges, when they run in this process (docs/cloud-link.md).
  const cloudBridges =
    config.cloudLink === 'server' && config.cloudUpstreams.length > 0
      ? createServerCloudBridges({
          config,
          db: database.db,
          repos,
          mailer,
          log,
          mqttUrl: () => hearth.gatewayMqttUrl(),
          publicUrl: () => config.publicUrl ?? baseUrl(),
        })
      : undefined;
  // The services the routes call, and the app that registers them (http/api.ts).
  const api = await createApi({
    config,
    log,
    db: database.db,
    repos,
    commands,
    realtime,
    metrics,
    mailer,
    sessions,
    signer,
    client,
    publicUrl: () => config.publicUrl ?? baseUrl(),
    wrapNodeControl: tracing.nodeControl,
    ...(cloudBridges ? { cloudBridges } : {}),
    readiness: createReadiness(
      {
        database: async () => (await database.db.execute(sql`select 1`), true),
        broker: () => transport.connected(),
        redis: () => late.socket?.redisReady(),
      },
      undefined,
      { gateway_messages_dropped: () => ingest.dropped() },
    ),
  });
  const { app, access, devices } = api;
  await comfort.register(app, access, signer);
  await energyAutomation.register(app, api, signer);
  const embedded = embeddedClientOf(database.db);
  if (embedded)
    admin?.serve({
      dumpDatabase: () => embedded.dumpDataDir('none'),
      diagnostics: (groupId) => api.homeDiagnostics.build(groupId),
    });
  const socketServer = createSocketServer(app.server, {
    signer,
    redisUrl: config.redisUrl,
    corsOrigins: config.corsOrigins,
    log,
    canSee: async (userId, devId) => (await access.findDevAccess(userId, devId)) !== undefined,
    guestViewOf: async (userId, devId) => {
      const member = await api.members.ofDev(userId, devId);
      return member?.role === 'guest'
        ? { scope: member.scope, timeZone: member.timeZone }
        : undefined;
    },
    registrantOf: async (devId) => {
      const dev = await repos.devices.find(devId);
      return dev?.groupId ? (await api.homesAdmin.findHome(dev.groupId))?.ownerId : undefined;
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
    energyTick: () => energyAutomation.tick(),
    checkGuestWindows: () => socketServer.checkGuestWindows(),
    baseUrl,
    gatewayMqttUrl: () => config.mqttUrl ?? `${baseUrl().replace(/^http/, 'ws')}${MQTT_WS_PATH}`,
    metricsUrl: () => metricsServer?.url(),
    async seedDemo() {
      if (!config.demo) return null;
      const seed = await seedDemo(repos, secretOf, log);
      // The simulated gateways continue the stored history (their nodes and counters); the
      // year before the last day of a first seeding is stored in the background.
      const history = await seedDemoHistory(database.db, api.sampleAggregates, seed.gateways, log);
      demoHistories.push(history);
      await api.accounts.acceptPrivacyFor(seed.email);
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
      sharingUpkeep = startSharingUpkeep({ ...api, realtime, log });
      energyAutomation.start();
      await app.listen({ port: config.port, host: config.host });
      port = (app.server.address() as AddressInfo).port;
      if (metricsServer) log.info({ url: await metricsServer.listen() }, 'metrics listening');
      for (const w of configWarnings(config, baseUrl())) log.warn(w.fields, w.msg);
      if (broker && config.mqttPort !== undefined) {
        const tcpPort = await broker.listenTcp(config.mqttPort, config.host);
        log.info({ port: tcpPort }, 'embedded MQTT broker listening on TCP');
      }
      await cloudBridges?.start();
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
      await cloudBridges?.close();
      await socketServer.close();
      await broker?.close();
      await channel.close();
      await app.close();
      await api.close();
      await revocations.close();
      await pruning?.stop();
      await sharingUpkeep?.stop();
      await energyAutomation.stop();
      mailer.close();
      await database.close();
      await admin?.close();
      await tracing.shutdown();
    },
  };
  return hearth;
}
