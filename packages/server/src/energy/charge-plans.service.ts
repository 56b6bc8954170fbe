import {
  deviceClockAt,
  zoneOffsetMs,
  type AccessTokenClaims,
  type ChargePlan as WirePlan,
  type ChargePlanAnswer,
  type ChargePlanSettings,
} from '@hearth/protocol';
import {
  formatChargePlan,
  planCharging,
  type ChargePlan,
  type PowerLimitStep,
  type StorageHeaterSpec,
} from '@hearth/energy';
import { isAppSession } from '../auth/scopes';
import type { AccessService } from '../devices/access.service';
import type { NodeControlService } from '../devices/node-control.service';
import { errors } from '../errors';
import type { HomesAdminRepository } from '../homes/homes-admin.repository';
import type { Logger } from '../logger';
import type { DevicesRepository } from '../repositories/devices.repository';
import type { NodeRow, NodesRepository } from '../repositories/nodes.repository';
import type { ChargePlanRow, EnergyAutomationRepository } from './automation.repository';
import { zoneOf, type EnergyService } from './energy.service';
import type { AutomationLogEntry } from './power-guard.service';
import type { TariffsRepository } from './tariffs.repository';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** A storage heater's element when it has not been seen charging yet (kW). */
export const UNSEEN_STORAGE_RATING_KW = 2.5;
/**
 * The store holds this many hours of its element's draw: the wire says neither capacity nor
 * rating, only the charge in per cent, so the capacity is taken as the common 6-hour core.
 */
export const STORAGE_HOURS_OF_RATING = 6;
/** A ready-by time closer than this is taken for the next day's (too little time to plan). */
const READY_BY_MIN_AHEAD_MS = 30 * MIN;
/** Plans are made again at least this often (the next day's prices, the charge now). */
export const CHARGE_REPLAN_MS = 6 * HOUR;
/** A heater's charging programme holds two windows a day (setup `charging_conf`, spec 3 §3). */
const DEVICE_WINDOWS = 2;

interface StoredPlan extends WirePlan {
  rated_kw: number;
}
interface Sent {
  conf: Record<string, { start: number; end: number }>;
  /** The heater's own programme before the first plan, put back when plans are switched off. */
  original: unknown;
}

function num(value: unknown): number | undefined {
  const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** The next instant after `now` (by READY_BY_MIN_AHEAD_MS at least) that the home's clock reads HH:mm. */
export function nextWallTime(now: number, hhmm: string, timeZone: string): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const wallNow = now + zoneOffsetMs(now, timeZone);
  const midnight = Math.floor(wallNow / DAY) * DAY;
  for (let d = 0; d <= 2; d += 1) {
    const wall = midnight + d * DAY + h * HOUR + m * MIN;
    const guess = wall - zoneOffsetMs(wall, timeZone);
    const at = wall - zoneOffsetMs(guess, timeZone);
    if (at >= now + READY_BY_MIN_AHEAD_MS) return at;
  }
  return now + DAY;
}

/** The home's power limit from its gateway: the power schedule's profiles, else the fixed limit. */
export function powerLimitSteps(
  pmoSystem: unknown,
  htrLimit: unknown,
  from: number,
  until: number,
  timeZone: string,
): PowerLimitStep[] {
  const cfg = (pmoSystem as { max_power_config?: { profiles?: unknown; slots?: unknown } } | null)
    ?.max_power_config;
  const profiles = Array.isArray(cfg?.profiles) ? (cfg.profiles as unknown[]).map(num) : [];
  const slots = (Array.isArray(cfg?.slots) ? (cfg.slots as { m?: unknown; i?: unknown }[]) : [])
    .map((s) => ({ m: num(s.m) ?? -1, i: num(s.i) ?? -1 }))
    .filter((s) => s.m >= 0)
    .sort((a, b) => a.m - b.m);
  const kwOf = (w: number | undefined) => (w !== undefined && w > 0 ? w / 1000 : Infinity);
  if (slots.length > 0 && profiles.length > 0) {
    const steps: PowerLimitStep[] = [];
    for (let t = Math.floor(from / HOUR) * HOUR; t < until; t += 30 * MIN) {
      const c = deviceClockAt(t, timeZone);
      const minute = c.w * 1440 + c.h * 60 + c.m;
      const slot = [...slots].reverse().find((s) => s.m <= minute) ?? slots.at(-1);
      const kw = kwOf(profiles[slot?.i ?? -1]);
      if (steps.at(-1)?.kw !== kw) steps.push({ from: t, kw });
    }
    return steps;
  }
  const fixed = num((htrLimit as { power_limit?: unknown } | null)?.power_limit);
  return fixed !== undefined && fixed > 0 ? [{ from, kw: fixed / 1000 }] : [];
}

/** Contiguous planned slots as windows, merged over the smallest gaps to fit the device's two. */
export function deviceWindows(plan: ChargePlan): { start: number; end: number }[] {
  const windows: { start: number; end: number }[] = [];
  for (const s of plan.slots) {
    const last = windows.at(-1);
    if (last && last.end === s.start) last.end = s.end;
    else windows.push({ start: s.start, end: s.end });
  }
  while (windows.length > DEVICE_WINDOWS) {
    let k = 0;
    for (let i = 1; i < windows.length - 1; i += 1) {
      const gap = (windows[i + 1]?.start ?? 0) - (windows[i]?.end ?? 0);
      const best = (windows[k + 1]?.start ?? 0) - (windows[k]?.end ?? 0);
      if (gap < best) k = i;
    }
    const [a, b] = [windows[k], windows[k + 1]];
    if (!a || !b) break;
    windows.splice(k, 2, { start: a.start, end: b.end });
  }
  return windows;
}

/** The charging programme of the setup: wall minutes of the day in the home's zone. */
export function chargingConf(
  windows: { start: number; end: number }[],
  timeZone: string,
): Record<string, { start: number; end: number }> {
  const minute = (ms: number) => {
    const c = deviceClockAt(ms, timeZone);
    return c.h * 60 + c.m;
  };
  const conf: Record<string, { start: number; end: number }> = {
    slot_1: { start: 0, end: 0 },
    slot_2: { start: 0, end: 0 },
  };
  windows.slice(0, DEVICE_WINDOWS).forEach((w, i) => {
    conf[`slot_${i + 1}`] = { start: minute(w.start), end: minute(w.end) };
  });
  return conf;
}

/** The start of the last plan's block running at `at`, if one is. */
export function runningBlockStart(row: ChargePlanRow, at: number): number | undefined {
  const slots = (row.plan as StoredPlan | null)?.slots ?? [];
  const i = slots.findIndex((s) => s.start_ms <= at && at < s.end_ms);
  if (i < 0) return undefined;
  let start = slots[i]?.start_ms ?? at;
  for (let k = i - 1; k >= 0 && slots[k]?.end_ms === start; k -= 1)
    start = slots[k]?.start_ms ?? start;
  return start;
}

function presentSettings(row: ChargePlanRow | undefined): ChargePlanSettings {
  return {
    enabled: row?.enabled ?? false,
    target_pct: row?.targetPct ?? 100,
    ready_by: row?.readyBy ?? '07:00',
    min_block_min: (row?.minBlockMin ?? 60) as ChargePlanSettings['min_block_min'],
  };
}

function presentPlan(row: ChargePlanRow | undefined): WirePlan | null {
  const p = row?.plan as StoredPlan | null | undefined;
  if (!p || !row?.enabled) return null;
  const { rated_kw: _rated, ...plan } = p;
  return plan;
}

/**
 * Storage heater charge plans (docs/energy.md "Charge plans in the server"): per heater the
 * owner's target, ready-by time and minimum block; the home's heaters with a plan are planned
 * together over the tariff's prices, the home's power schedule and its limit, and each plan is
 * sent to its heater as its charging programme. Made again when settings or prices change,
 * when a ready-by time passes and every CHARGE_REPLAN_MS.
 */
export function createChargePlans(deps: {
  repo: EnergyAutomationRepository;
  access: AccessService;
  energy: Pick<EnergyService, 'history'>;
  tariffs: Pick<TariffsRepository, 'lastChange'>;
  homes: Pick<HomesAdminRepository, 'findHome'>;
  devices: Pick<DevicesRepository, 'getState'>;
  nodes: Pick<NodesRepository, 'find'>;
  control: Pick<NodeControlService, 'setup'>;
  record?: (entry: AutomationLogEntry) => Promise<unknown>;
  log: Logger;
  now?: () => number;
}) {
  const { repo, access, energy, homes, devices, nodes, control, log } = deps;
  const now = deps.now ?? Date.now;

  /** Sends a heater its programme when it differs from the last one sent. */
  async function send(
    row: ChargePlanRow,
    node: NodeRow,
    conf: Sent['conf'] | null,
    reason: string,
  ): Promise<Sent | null | undefined> {
    const sent = row.sent as Sent | null;
    const original = sent?.original ?? node.setup?.charging_conf ?? null;
    const target = conf ?? (original as Sent['conf'] | null);
    if (!target) return undefined;
    if (JSON.stringify(node.setup?.charging_conf) === JSON.stringify(target) && sent)
      return conf ? { conf, original } : null;
    const write = {
      charging_conf: target,
      charge_days: [true, true, true, true, true, true, true],
    };
    try {
      await control.setup(node, 'owner', write);
    } catch (err) {
      log.warn({ err, devId: node.devId, addr: node.addr }, 'charge plan: a write was refused');
      return undefined;
    }
    await deps.record?.({
      automation: 'charge-plan',
      devId: node.devId,
      node: { type: 'acm', addr: node.addr },
      change: { charging_conf: '…' },
      reason: reason.slice(0, 200),
      detail: {
        slot_1: `${target.slot_1?.start ?? 0}-${target.slot_1?.end ?? 0}`,
        slot_2: `${target.slot_2?.start ?? 0}-${target.slot_2?.end ?? 0}`,
      },
      action: 'post acm/setup',
    });
    return conf ? { conf, original } : null;
  }

  /** Plans every heater of the home with a plan on, together, and sends each its programme. */
  async function replanHome(groupId: string): Promise<void> {
    const at = now();
    const rows = await repo.enabledPlans(groupId);
    const home = await homes.findHome(groupId);
    if (!home) return;
    const timeZone = zoneOf(home.geoData);
    const history = await energy.history(groupId, timeZone);
    const heaters: { row: ChargePlanRow; node: NodeRow; spec: StorageHeaterSpec }[] = [];
    for (const row of rows) {
      const node = await nodes.find(row.devId, 'acm', row.addr);
      if (!node) continue;
      const status = node.status ?? {};
      const drawKw = (num(status.power) ?? 0) / 1000;
      const previous = (row.plan as StoredPlan | null)?.rated_kw;
      const rated =
        status.charging === true && drawKw > 0
          ? Math.max(drawKw, previous ?? 0)
          : (previous ?? UNSEEN_STORAGE_RATING_KW);
      const capacity = rated * STORAGE_HOURS_OF_RATING;
      const per = num(status.current_charge_per) ?? 0;
      // Charging now in a block of the last plan: the new plan finishes that block first.
      const running = status.charging === true ? runningBlockStart(row, at) : undefined;
      heaters.push({
        row,
        node,
        spec: {
          id: `${row.devId}/acm/${row.addr}`,
          name: node.name,
          powerKw: rated,
          capacityKwh: capacity,
          chargeKwh: (Math.min(100, Math.max(0, per)) / 100) * capacity,
          targetKwh: (row.targetPct / 100) * capacity,
          readyBy: nextWallTime(at, row.readyBy, timeZone),
          minBlockMs: row.minBlockMin * MIN,
          ...(running === undefined ? {} : { chargingForMs: at - running }),
        },
      });
    }
    if (heaters.length === 0) return;
    if (!history) {
      for (const h of heaters)
        await repo.storePlan(h.row.devId, h.row.addr, null, undefined, new Date(at));
      return;
    }
    const until = Math.max(...heaters.map((h) => h.spec.readyBy));
    // Every gateway of a home shares its supply: the first one that has a limit sets it.
    let powerLimit: PowerLimitStep[] = [];
    for (const devId of new Set(heaters.map((h) => h.row.devId))) {
      powerLimit = powerLimitSteps(
        await devices.getState(devId, '/pmo_system'),
        await devices.getState(devId, '/htr_system/power_limit'),
        at,
        until,
        timeZone,
      );
      if (powerLimit.length > 0) break;
    }
    const plans = planCharging({
      now: at,
      history,
      powerLimit,
      heaters: heaters.map((h) => h.spec),
    });
    for (const h of heaters) {
      const plan = plans.find((p) => p.heaterId === h.spec.id);
      if (!plan) continue;
      const text = formatChargePlan(plan.explanation, timeZone, history.currency);
      const stored: StoredPlan = {
        from_ms: plan.slots[0]?.start ?? at,
        to_ms: h.spec.readyBy,
        slots: plan.slots.map((s) => ({
          start_ms: s.start,
          end_ms: s.end,
          kwh: s.kwh,
          price_per_kwh: s.pricePerKwh,
        })),
        cost: plan.cost,
        currency: history.currency,
        reaches_target: plan.reachesTarget,
        text,
        rated_kw: h.spec.powerKw,
      };
      const conf = chargingConf(deviceWindows(plan), timeZone);
      const sent = await send(h.row, h.node, conf, text);
      await repo.storePlan(
        h.row.devId,
        h.row.addr,
        stored as unknown as Record<string, unknown>,
        sent === undefined ? undefined : (sent as unknown as Record<string, unknown> | null),
        new Date(at),
      );
    }
  }

  async function safely(groupId: string): Promise<void> {
    try {
      await replanHome(groupId);
    } catch (err) {
      log.warn({ err, groupId }, 'charge plan: planning failed');
    }
  }

  function acmOf(type: string) {
    if (type !== 'acm') throw errors.validation('Only a storage heater (acm) has a charge plan');
  }

  return {
    async get(
      user: AccessTokenClaims,
      devId: string,
      type: string,
      addr: number,
    ): Promise<ChargePlanAnswer> {
      await access.requireNode(user.userId, devId, type, addr);
      acmOf(type);
      const row = await repo.chargePlan(devId, addr);
      return { ...presentSettings(row), plan: presentPlan(row) };
    },
    async put(
      user: AccessTokenClaims,
      devId: string,
      type: string,
      addr: number,
      body: ChargePlanSettings,
    ): Promise<ChargePlanAnswer> {
      const found = await access.requireNode(user.userId, devId, type, addr);
      acmOf(type);
      if (found.role !== 'owner' || !isAppSession(user.scope))
        throw errors.forbidden("Only the home's owner may change a charge plan");
      const groupId = found.dev.groupId;
      if (!groupId) throw errors.missing('dev');
      const before = await repo.chargePlan(devId, addr);
      await repo.putChargeSettings(devId, addr, {
        enabled: body.enabled,
        targetPct: body.target_pct,
        readyBy: body.ready_by,
        minBlockMin: body.min_block_min,
      });
      if (!body.enabled && before?.enabled) {
        // Switched off: the heater gets its own programme back.
        const row = await repo.chargePlan(devId, addr);
        if (row) {
          const sent = await send(
            row,
            found.node,
            null,
            'charge plan switched off: its own programme again',
          );
          await repo.storePlan(
            devId,
            addr,
            null,
            sent === undefined ? undefined : null,
            new Date(now()),
          );
        }
      }
      await safely(groupId);
      const row = await repo.chargePlan(devId, addr);
      return { ...presentSettings(row), plan: presentPlan(row) };
    },
    replanHome: safely,
    /** Homes whose plans are due: never made, older than the prices or CHARGE_REPLAN_MS, or past their ready-by. */
    async replanDue(): Promise<number> {
      const at = now();
      const rows = await repo.enabledPlans();
      const byHome = new Map<string, ChargePlanRow[]>();
      for (const r of rows) byHome.set(r.groupId, [...(byHome.get(r.groupId) ?? []), r]);
      let planned = 0;
      for (const [groupId, list] of byHome) {
        const changed = await deps.tariffs.lastChange(groupId);
        const due = list.some((r) => {
          const p = r.plan as StoredPlan | null;
          const t = r.plannedAt?.getTime();
          return (
            t === undefined ||
            at - t >= CHARGE_REPLAN_MS ||
            (changed !== undefined && changed.getTime() > t) ||
            (p !== null && p.to_ms <= at)
          );
        });
        if (!due) continue;
        // One process plans the home: whichever moves its first plan's time first.
        const first = list[0];
        if (
          !first ||
          !(await repo.claimPlan(first.devId, first.addr, first.plannedAt, new Date(at)))
        )
          continue;
        await safely(groupId);
        planned += 1;
      }
      return planned;
    },
  };
}
export type ChargePlans = ReturnType<typeof createChargePlans>;
