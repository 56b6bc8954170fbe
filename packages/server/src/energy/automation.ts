import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TokenSigner } from '../auth/jwt';
import type { Db } from '../db/client';
import type { AccessService } from '../devices/access.service';
import { createNodeControlService } from '../devices/node-control.service';
import type { CommandsService } from '../gateway/commands.service';
import { createHomeAccess } from '../homes/home-access';
import type { HomesAdminRepository } from '../homes/homes-admin.repository';
import { bearerAuth } from '../http/authenticate';
import type { Logger } from '../logger';
import type { RealtimeEmitter } from '../realtime/realtime.emitter';
import type { Repositories } from '../repositories';
import { recordAutomationWrite } from '../sharing/activity-recorder';
import type { MembersRepository } from '../sharing/members.repository';
import { createEnergyAutomationRepository } from './automation.repository';
import { energyAutomationRoutes } from './automation.routes';
import { createChargePlans } from './charge-plans.service';
import { createEnergyIntervalsRepository } from './energy-intervals.repository';
import { createEnergyService } from './energy.service';
import { createPowerGuard, type AutomationLogEntry } from './power-guard.service';
import { createPriceSources } from './price-sources';
import { createTariffsRepository } from './tariffs.repository';

/** How often each process looks for price fetches and charge plans that are due. */
export const ENERGY_TICK_MS = 60_000;
/** Guard actions past their keeping time are deleted this often. */
const PRUNE_EVERY_TICKS = 60;
const POWER_PATH = /^\/pmo\/(\d+)\/power$/;

/**
 * Energy automation in the server (docs/energy.md "In the server"): prices fetched from a URL,
 * the power guard on each power monitor reading and storage heater charge plans; writes go
 * through the same node control service as the app's routes.
 */
export function wireEnergyAutomation(deps: {
  db: Db;
  repos: Repositories;
  commands: CommandsService;
  realtime: RealtimeEmitter;
  log: Logger;
  /** PRICE_URL_HOSTS. */
  priceUrlHosts: readonly string[];
  now?: () => number;
}) {
  const { db, repos, log } = deps;
  const repo = createEnergyAutomationRepository(db);
  const control = createNodeControlService({ ...repos, ...deps });
  const tariffs = createTariffsRepository(db);
  const late: {
    homes?: HomesAdminRepository;
    access?: AccessService;
    members?: MembersRepository;
  } = {};
  const homes: Pick<HomesAdminRepository, 'findHome'> = {
    findHome: async (groupId) => late.homes?.findHome(groupId),
  };
  const homeAccess = {
    home: (userId: string, groupId: string, need?: 'owner' | 'guest' | 'any') => {
      if (!late.homes || !late.access) throw new Error('energy routes are not registered');
      return createHomeAccess(late.homes, late.access).home(userId, groupId, need);
    },
  };
  const energy = createEnergyService({
    access: homeAccess,
    tariffs,
    intervals: createEnergyIntervalsRepository(db),
  });
  const common = {
    repo,
    homes,
    log,
    // Each real write goes in the home's activity log as `automation:<name>`.
    record: (entry: AutomationLogEntry) => recordAutomationWrite(db, entry, log),
    ...(deps.now ? { now: deps.now } : {}),
  };
  const guard = createPowerGuard({
    ...common,
    access: homeAccess,
    roleOf: async (userId, groupId) => (await late.members?.ofHome(userId, groupId))?.role,
    nodes: repos.nodes,
    control,
  });
  const accessService = {
    requireNode: (...args: Parameters<AccessService['requireNode']>) => {
      if (!late.access) throw new Error('energy routes are not registered');
      return late.access.requireNode(...args);
    },
  } as AccessService;
  const plans = createChargePlans({
    ...common,
    access: accessService,
    energy,
    tariffs,
    devices: repos.devices,
    nodes: repos.nodes,
    control,
  });
  const prices = createPriceSources({
    ...common,
    energy,
    access: homeAccess,
    hosts: deps.priceUrlHosts,
    onPrices: (groupId) => void plans.replanHome(groupId),
  });

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let ticks = 0;
  const tick = async () => {
    ticks += 1;
    try {
      await prices.refreshDue();
      await plans.replanDue();
      if (ticks % PRUNE_EVERY_TICKS === 0) await repo.pruneGuardActions();
    } catch (err) {
      log.warn({ err }, 'energy upkeep failed');
    }
  };

  return {
    guard,
    plans,
    prices,
    /** A device object stored from a gateway's report (gateway/ingest.service.ts). */
    async onDeviceObject(devId: string, path: string, body: Record<string, unknown>) {
      const power = POWER_PATH.exec(path);
      if (!power) return;
      const watts = Number(body.power);
      await guard.onReading(devId, Number(power[1]), watts);
    },
    async register(
      app: FastifyInstance,
      api: { access: AccessService; homesAdmin: HomesAdminRepository; members: MembersRepository },
      signer: TokenSigner,
    ) {
      late.access = api.access;
      late.homes = api.homesAdmin;
      late.members = api.members;
      await app.withTypeProvider<ZodTypeProvider>().register(async (secured) => {
        secured.addHook('onRequest', bearerAuth(signer));
        await secured.register(energyAutomationRoutes({ prices, guard, plans }));
      });
    },
    /** One round of the upkeep now (tests). */
    tick: () => (running ??= tick().finally(() => (running = undefined))),
    start(intervalMs = ENERGY_TICK_MS) {
      timer = setInterval(
        () => void (running ??= tick().finally(() => (running = undefined))),
        intervalMs,
      );
      // Never what keeps a process alive.
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
export type EnergyAutomation = ReturnType<typeof wireEnergyAutomation>;
