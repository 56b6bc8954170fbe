import type { FastifyBaseLogger } from 'fastify';
import { createAccountsRepository, createAccountsService, createLinkingService } from '../accounts';
import type { TokenSigner } from '../auth/jwt';
import { loadOAuthClients } from '../auth/oauth-clients-file';
import type { Sessions } from '../auth/sessions';
import { createTokenService } from '../auth/token.service';
import { StaticConfig } from '../catalog/static-config';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createCloudLinkRepository } from '../cloud-link/cloud-link.repository';
import { createCloudLinkService, type BridgeControl } from '../cloud-link/cloud-link.service';
import { cloudPasswordKey } from '../cloud-link/password-crypto';
import { needsPasswordNotifier } from '../cloud-link/server-bridges';
import { createAccessService } from '../devices/access.service';
import { createDeviceManagerService } from '../devices/device-manager.service';
import { createDevicesService } from '../devices/devices.service';
import { createNodeControlService, type NodeControlService } from '../devices/node-control.service';
import { createNodesService } from '../devices/nodes.service';
import { createDiagnosticsRepository } from '../diagnostics/diagnostics.repository';
import { createDiagnosticsService } from '../diagnostics/diagnostics.service';
import { createHomeDiagnostics } from '../diagnostics/home-diagnostics';
import {
  createEnergyIntervalsRepository,
  createEnergyService,
  createTariffsRepository,
} from '../energy';
import type { CommandsService } from '../gateway/commands.service';
import { createGuestsRepository } from '../guests/guests.repository';
import { createGuestsService } from '../guests/guests.service';
import { createActivityRepository } from '../sharing/activity.repository';
import { createMembersRepository } from '../sharing/members.repository';
import { createSharingService } from '../sharing/sharing.service';
import { createHomeAccess } from '../homes/home-access';
import { createHomesAdminRepository } from '../homes/homes-admin.repository';
import { createHomesService } from '../homes/homes.service';
import { createQuietHomeService } from '../homes/quiet-home.service';
import { wifiKey } from '../homes/wifi-credentials';
import {
  createChangeLimit,
  createHourlyLimit,
  createMemoryChangeCounter,
  createRedisChangeCounter,
} from '../limits';
import type { Logger } from '../logger';
import type { Mailer } from '../mail';
import { createLinkOrigin } from '../mail/link-origin';
import { observeRequests, type Metrics } from '../metrics';
import type { RealtimeEmitter } from '../realtime/realtime.emitter';
import type { Repositories } from '../repositories';
import { createSamplesAggregateRepository, createSamplesService } from '../samples';
import { credentialThrottleFor } from '../security';
import type { Readiness } from '../system/readiness';
import { createApp } from './app';

const QUIET_HOME_CHANGES_PER_HOUR = 30;

export interface ApiDeps {
  config: Config;
  log: Logger;
  db: Db;
  repos: Repositories;
  commands: CommandsService;
  realtime: RealtimeEmitter;
  metrics: Metrics;
  mailer: Mailer;
  sessions: Sessions;
  signer: TokenSigner;
  readiness: Readiness;
  /** The app's own OAuth client (CLIENT_ID, CLIENT_SECRET). */
  client: { id: string; secret: string };
  /** Where mailed links open without a brand of their own: PUBLIC_URL, else where it listens. */
  publicUrl: () => string;
  /** The node control service as the routes call it (tracing/wiring.ts adds its spans). */
  wrapNodeControl?: (control: NodeControlService) => NodeControlService;
  /** Runs linked devices' bridges when they run in this process (cloud-link/bridges.ts). */
  cloudBridges?: BridgeControl;
}

/**
 * The HTTP API: the services its routes call, built over the repositories, and the Fastify
 * app that registers the routes (app.ts). What the rest of the composition needs of the
 * services is handed back with it.
 */
export async function createApi(deps: ApiDeps) {
  const { config, log, db, repos, commands, realtime, mailer, sessions, signer } = deps;
  const access = createAccessService(repos.devices);
  const devices = createDevicesService({ ...repos, log });
  const nodes = createNodesService({ nodes: repos.nodes, devices: repos.devices, log });
  const control = createNodeControlService({ ...repos, commands, realtime });
  const nodeControl = deps.wrapNodeControl ? deps.wrapNodeControl(control) : control;
  const deviceManager = createDeviceManagerService({ ...repos, commands, realtime, log });
  const sampleAggregates = createSamplesAggregateRepository(db);
  const samplesService = createSamplesService({ ...repos, aggregates: sampleAggregates });
  const changeLimit = createChangeLimit(
    config.redisUrl
      ? createRedisChangeCounter(config.redisUrl, (err) =>
          log.debug({ err }, 'change counter: Redis unavailable, counting in this process'),
        )
      : createMemoryChangeCounter(),
    config.changesPerHour,
  );
  const credentialThrottle = credentialThrottleFor(config, log, deps.metrics.loginThrottled);
  // Mailed links open PUBLIC_URL, or an origin the user's brand allows (mail/link-origin.ts).
  const linkOrigin = createLinkOrigin({
    publicUrl: deps.publicUrl,
    catalog: new StaticConfig(config.dataDir, log as FastifyBaseLogger),
    log,
  });
  const accountsRepo = createAccountsRepository(db);
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
  const clients = loadOAuthClients({
    file: config.oauthClientsFile,
    app: deps.client,
    production: config.production,
  });
  const homesAdmin = createHomesAdminRepository(db);
  const homeAccess = createHomeAccess(homesAdmin, access);
  const homeDiagnostics = createHomeDiagnostics({
    repo: createDiagnosticsRepository(db),
    commit: config.commit,
  });
  const diagnostics = createDiagnosticsService({ builder: homeDiagnostics, access: homeAccess });
  const energy = createEnergyService({
    access: homeAccess,
    tariffs: createTariffsRepository(db),
    intervals: createEnergyIntervalsRepository(db),
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
  const members = createMembersRepository(db);
  const activity = createActivityRepository(db);
  const sharing = createSharingService({
    members,
    activity,
    access: homeAccess,
    homes: homesAdmin,
    realtime,
  });
  const guests = createGuestsService({
    guests: createGuestsRepository(db),
    members,
    users: repos.users,
    access: homeAccess,
    homes: homesAdmin,
    mailer,
    realtime,
    linkOrigin,
  });

  const cloudLink = createCloudLinkService({
    upstreams: config.cloudUpstreams,
    repo: createCloudLinkRepository(db),
    homes: homesAdmin,
    access: homeAccess,
    realtime,
    key: cloudPasswordKey(config.gatewayKey),
    log,
    ...(deps.cloudBridges ? { bridges: deps.cloudBridges } : {}),
    onNeedsPassword: needsPasswordNotifier({
      upstreams: config.cloudUpstreams,
      users: repos.users,
      mailer,
      log,
      publicUrl: deps.publicUrl,
    }),
  });

  const app = await createApp({
    log,
    signer,
    clients,
    webDist: config.webDist,
    dataDir: config.dataDir,
    commit: config.commit,
    readiness: deps.readiness,
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
      energy,
      cloudLink,
      sharing,
    },
    sharing: { members, activity },
    changeLimit,
    wifiKey: wifiKey(config.gatewayKey),
    credentialThrottle,
    observeRequests: (instance) => observeRequests(instance, deps.metrics.httpDuration),
    security: {
      trustProxy: config.trustProxy,
      mapTileUrl: config.mapTileUrl,
      hstsMaxAgeS: config.hstsMaxAgeS,
      corsOrigins: config.corsOrigins,
    },
  });
  return {
    app,
    access,
    devices,
    accounts,
    homesAdmin,
    members,
    activity,
    homeDiagnostics,
    sampleAggregates,
    /** Ends the limits' and throttles' Redis connections (after the app is closed). */
    async close() {
      await changeLimit.close();
      await quietHomeLimit.close();
      await credentialThrottle.close();
    },
  };
}
