import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import {
  accountsRoutes,
  linkingRoutes,
  type AccountsService,
  type LinkingService,
} from '../accounts';
import type { TokenSigner } from '../auth/jwt';
import type { TrustProxy } from '../config';
import type { OAuthClients } from '../auth/oauth-clients';
import { tokenRoutes } from '../auth/token.routes';
import type { TokenService } from '../auth/token.service';
import type { AccessService } from '../devices/access.service';
import { devicesRoutes } from '../devices/devices.routes';
import type { DevicesService } from '../devices/devices.service';
import { nodesRoutes } from '../devices/nodes.routes';
import { nodeControlRoutes } from '../devices/node-control.routes';
import type { NodeControlService } from '../devices/node-control.service';
import { deviceManagerRoutes } from '../devices/device-manager.routes';
import { diagnosticsRoutes } from '../diagnostics/diagnostics.routes';
import type { DiagnosticsService } from '../diagnostics/diagnostics.service';
import { energyRoutes, type EnergyService } from '../energy';
import type { DeviceManagerService } from '../devices/device-manager.service';
import type { ChangeLimit } from '../limits';
import { samplesRoutes, type SamplesService } from '../samples';
import { guestsRoutes, inviteConfirmationRoutes } from '../guests/guests.routes';
import type { GuestsService } from '../guests/guests.service';
import { homeDevicesRoutes } from '../homes/home-devices.routes';
import { homesRoutes } from '../homes/homes.routes';
import type { HomesService } from '../homes/homes.service';
import type { QuietHomeService } from '../homes/quiet-home.service';
import type { NodesService } from '../devices/nodes.service';
import type { Logger } from '../logger';
import { catalogPlugin, DEFAULT_GEOCODER_BASE_URL, DEFAULT_WEATHER_BASE_URL } from '../catalog';
import { installCors, installSecurityHeaders, type CredentialThrottle } from '../security';
import { cloudLinkRoutes } from '../cloud-link/cloud-link.routes';
import type { CloudLinkService } from '../cloud-link/cloud-link.service';
import { limitHomeWritesToScope } from './home-scope';
import type { ActivityRepository } from '../sharing/activity.repository';
import { applyActivityRecorder } from '../sharing/activity-recorder';
import { applyMemberGate } from '../sharing/member-gate';
import type { MembersRepository } from '../sharing/members.repository';
import { sharingRoutes } from '../sharing/sharing.routes';
import type { SharingService } from '../sharing/sharing.service';
import type { Readiness } from '../system/readiness';
import { systemRoutes } from '../system/system.routes';
import { bearerAuth } from './authenticate';
import { installErrorHandling } from './error-handling';
import { acceptFormBodiesWhereDeclared } from './form-body';
import { acceptEmptyJsonBody } from './json-body';
import { rejectBadText } from './reject-bad-text';
import { serveWebApp } from './static';

export interface AppDeps {
  log: Logger;
  signer: TokenSigner;
  /** The app's own OAuth client and the assistants the operator registered. */
  clients: OAuthClients;
  webDist: string;
  dataDir: string;
  commit: string;
  readiness: Readiness;
  weatherUrl: string | undefined;
  geocoderUrl: string | undefined;
  services: {
    tokens: TokenService;
    access: AccessService;
    devices: DevicesService;
    nodes: NodesService;
    accounts: AccountsService;
    linking: LinkingService;
    homes: HomesService;
    quietHome: QuietHomeService;
    guests: GuestsService;
    nodeControl: NodeControlService;
    deviceManager: DeviceManagerService;
    samplesService: SamplesService;
    diagnostics: DiagnosticsService;
    energy: EnergyService;
    cloudLink: CloudLinkService;
    sharing: SharingService;
  };
  /** Guests' scope checks and the activity log, added to every route that names a home or device. */
  sharing: { members: MembersRepository; activity: ActivityRepository };
  /** The per-user cap on changes per hour, added to every write route registered after it. */
  changeLimit: ChangeLimit;
  /** Key of the encrypted wifi credentials (docs/device-protocol.md). */
  wifiKey: Buffer;
  /** Attempts per account and address on the routes where secrets can be guessed. */
  credentialThrottle: CredentialThrottle;
  /** Times every request for /metrics (metrics/http-metrics.ts); added before any route. */
  observeRequests?: (app: FastifyInstance) => void;
  security: {
    trustProxy: TrustProxy;
    mapTileUrl: string | undefined;
    hstsMaxAgeS: number;
    /** Origins whose pages may call the API cross-origin (CORS_ORIGINS). */
    corsOrigins: readonly string[];
  };
}

export async function createApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: deps.security.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  deps.observeRequests?.(app);
  deps.changeLimit.applyToWrites(app);
  // Added after the change limit, so its check comes first: a refused write is not counted.
  limitHomeWritesToScope(app);
  // Added last, so its check comes first: a guest's refused write is neither counted nor stored.
  applyMemberGate(app, deps.sharing.members);
  applyActivityRecorder(app, { ...deps.sharing, log: deps.log, clients: deps.clients });
  deps.credentialThrottle.applyTo(app);
  await installSecurityHeaders(app, deps.security);
  installCors(app, deps.security.corsOrigins);
  rejectBadText(app);
  acceptEmptyJsonBody(app);

  acceptFormBodiesWhereDeclared(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Hearth API', version: '2' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Browsable at /api/docs (JSON at /api/docs/json); swagger-ui's assets come from the package, no CDN.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const webApp = await serveWebApp(app, deps.webDist);
  installErrorHandling(app, { webApp });

  await app.register(systemRoutes({ commit: deps.commit, readiness: deps.readiness }));
  await app.register(catalogPlugin, {
    weatherBaseUrl: deps.weatherUrl ?? DEFAULT_WEATHER_BASE_URL,
    geocoderBaseUrl: deps.geocoderUrl ?? DEFAULT_GEOCODER_BASE_URL,
    dataDir: deps.dataDir,
  });
  await app.register(tokenRoutes({ tokens: deps.services.tokens, clients: deps.clients }));
  await app.register(accountsRoutes({ accounts: deps.services.accounts, signer: deps.signer }));
  await app.register(
    linkingRoutes({ linking: deps.services.linking, signer: deps.signer, clients: deps.clients }),
  );
  await app.register(inviteConfirmationRoutes(deps.services));
  await app.register(async (secured) => {
    secured.addHook('onRequest', bearerAuth(deps.signer));
    await secured.register(devicesRoutes(deps.services));
    await secured.register(nodesRoutes(deps.services));
    await secured.register(nodeControlRoutes({ ...deps.services, changeLimit: deps.changeLimit }));
    await secured.register(deviceManagerRoutes(deps.services));
    await secured.register(samplesRoutes(deps.services));
    await secured.register(
      homeDevicesRoutes({ homes: deps.services.homes, wifiKey: deps.wifiKey }),
    );
    await secured.register(homesRoutes(deps.services));
    await secured.register(guestsRoutes(deps.services));
    await secured.register(diagnosticsRoutes(deps.services));
    await secured.register(energyRoutes(deps.services));
    await secured.register(cloudLinkRoutes(deps.services));
    await secured.register(sharingRoutes(deps.services));
  });
  return app;
}
