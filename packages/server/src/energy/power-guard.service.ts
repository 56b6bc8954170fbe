import {
  celsiusToFahrenheit,
  deviceClockAt,
  fahrenheitToCelsius,
  parseRoomId,
  roomId,
  type AccessTokenClaims,
  type NodeStatusWrite,
  type PowerGuardAction,
  type PowerGuardSettings,
} from '@hearth/protocol';
import {
  formatGuardAction,
  guardStep,
  initialGuardState,
  type GuardAction,
  type GuardConfig,
  type GuardHeater,
  type GuardHeaterReading,
  type GuardState,
} from '@hearth/energy';
import { isAppSession } from '../auth/scopes';
import type { NodeControlService } from '../devices/node-control.service';
import { errors } from '../errors';
import type { HomeAccess } from '../homes/home-access';
import type { HomesAdminRepository } from '../homes/homes-admin.repository';
import type { Logger } from '../logger';
import type { NodeRow, NodesRepository } from '../repositories/nodes.repository';
import type {
  EnergyAutomationRepository,
  PowerGuardActionRow,
  PowerGuardRow,
} from './automation.repository';
import { zoneOf } from './energy.service';

/** The cap shown before the owner sets one (kW): a common capacity step. */
export const POWER_GUARD_DEFAULT_CAP_KW = 6;
/** How long a process trusts its list of homes with the guard on (settings saved elsewhere). */
export const POWER_GUARD_HOMES_REFRESH_MS = 30_000;
/** A heater's draw when it has not been seen heating yet (kW). */
const UNSEEN_RATING_KW: Record<string, number> = { htr: 1.25, acm: 2.5, thm: 2 };
const HEATER_TYPES = new Set(['htr', 'acm', 'thm']);
/** Modes whose programme comes back with `{mode: 'auto'}` after a lowering. */
const PROGRAMME_MODES = new Set(['auto', 'modified_auto']);

/** What a room was before the guard lowered it, to put back. */
interface Before {
  mode: string;
  stemp: string;
  units: 'C' | 'F';
}
/** The guard's state between readings (power_guards.state): plain JSON. */
interface StoredGuard {
  guard?: GuardState;
  /** The highest draw seen of each heater while heating (kW). */
  ratings?: Record<string, number>;
  before?: Record<string, Before>;
}

/** One write an automation made, for the home's activity log. */
export interface AutomationLogEntry {
  automation: 'power-guard' | 'charge-plan';
  devId: string;
  node: { type: string; addr: number };
  change: Record<string, unknown>;
  reason: string;
  detail?: Record<string, unknown>;
  action?: string;
}

function num(value: unknown): number | undefined {
  const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}
function celsius(value: unknown, units: unknown): number | undefined {
  const n = num(value);
  return n === undefined ? undefined : units === 'F' ? fahrenheitToCelsius(n) : n;
}
const round1 = (v: number) => Math.round(v * 10) / 10;
const round2 = (v: number) => Math.round(v * 100) / 100;
const hhmm = (ms: number, timeZone: string) => {
  const c = deviceClockAt(ms, timeZone);
  return `${String(c.h).padStart(2, '0')}:${String(c.m).padStart(2, '0')}`;
};

function stempWrite(c: number, units: 'C' | 'F'): NodeStatusWrite {
  const value = units === 'F' ? celsiusToFahrenheit(c) : c;
  return { stemp: round1(value).toFixed(1), units };
}

function restoreWrite(before: Before | undefined, toC: number, units: 'C' | 'F'): NodeStatusWrite {
  if (before && PROGRAMME_MODES.has(before.mode)) return { mode: 'auto' };
  if (before) return { stemp: before.stemp, units: before.units };
  return stempWrite(toC, units);
}

export function presentSettings(row: PowerGuardRow | undefined): PowerGuardSettings {
  return {
    enabled: row?.enabled ?? false,
    dry_run: row?.dryRun ?? true,
    cap_kw: row?.capKw ?? POWER_GUARD_DEFAULT_CAP_KW,
    instant_cap_kw: row?.instantCapKw ?? null,
    priority: row?.priority ?? [],
    monitor: row?.monitor ?? null,
  };
}

export function presentAction(row: PowerGuardActionRow): PowerGuardAction {
  return {
    id: String(row.id),
    at: row.at.getTime(),
    room: row.room,
    kind: row.kind as PowerGuardAction['kind'],
    to_c: row.toC,
    dry_run: row.dryRun,
    text: row.text,
    detail: { reason: 'unknown', ...row.detail },
  };
}

/** The action as stored: its English text and its reason as data for the app to word. */
function actionRow(a: GuardAction, timeZone: string) {
  const r = a.reason;
  const detail: Record<string, unknown> = { reason: r.kind };
  if (r.kind === 'hour-average' || r.kind === 'headroom') {
    detail.projected_kw = round2(r.projectedKw);
    detail.cap_kw = r.capKw;
  } else if (r.kind === 'instant') {
    detail.draw_kw = round1(r.drawKw);
    detail.cap_kw = r.capKw;
  } else detail.set_point_c = r.setPointC;
  if (a.kind === 'lower') {
    detail.minutes = Math.round(a.forMs / 60_000);
    detail.from_c = a.fromC;
  }
  if (a.kind === 'unable') {
    detail.short_kw = round1(a.shortKw);
    detail.blocked = a.blocked.map((b) => ({ room: b.heaterId, because: b.because }));
  }
  return {
    at: new Date(a.at),
    room: a.kind === 'unable' ? '' : a.heaterId,
    kind: a.kind,
    toC: a.kind === 'lower' || a.kind === 'restore' ? a.toC : null,
    dryRun: a.kind === 'release' ? false : a.dryRun,
    text: formatGuardAction(a, timeZone),
    detail,
  };
}

/** The home's power monitors and heaters, by room id. */
function roomsOf(nodes: NodeRow[]) {
  const heaters = new Map<string, NodeRow>();
  const monitors = new Map<string, NodeRow>();
  for (const n of nodes) {
    if (!n.installed || n.lost) continue;
    const id = roomId(n.devId, n.type, n.addr);
    if (n.type === 'pmo') monitors.set(id, n);
    else if (HEATER_TYPES.has(n.type)) heaters.set(id, n);
  }
  return { heaters, monitors };
}

/**
 * The power guard in the server (docs/energy.md "The power guard"): on each reading of a
 * home's power monitor, `guardStep` with the home's row locked (one process per reading); its
 * lowerings and restorings are sent through the same write pipeline as the app's, as the
 * home's owner, never below anti-frost; a dry run writes nothing. Every action is stored with
 * its reason and each real write goes in the home's activity log.
 */
export function createPowerGuard(deps: {
  repo: EnergyAutomationRepository;
  access: Pick<HomeAccess, 'home'>;
  /** The caller's role in the home: owner, resident or guest. */
  roleOf: (userId: string, groupId: string) => Promise<string | undefined>;
  homes: Pick<HomesAdminRepository, 'findHome'>;
  nodes: Pick<NodesRepository, 'find'>;
  control: Pick<NodeControlService, 'status'>;
  record?: (entry: AutomationLogEntry) => Promise<unknown>;
  log: Logger;
  now?: () => number;
}) {
  const { repo, access, homes, nodes, control, log } = deps;
  const now = deps.now ?? Date.now;
  /** Device → home, of the homes with the guard on: a reading of any other costs no query. */
  let enabled: { homeOf: Map<string, string>; atMs: number } | undefined;

  async function guardedHome(devId: string): Promise<string | undefined> {
    const t = now();
    if (!enabled || t - enabled.atMs >= POWER_GUARD_HOMES_REFRESH_MS || t < enabled.atMs) {
      const rows = await repo.enabledGuardDevs();
      enabled = { homeOf: new Map(rows.map((r) => [r.devId, r.groupId])), atMs: t };
    }
    return enabled.homeOf.get(devId);
  }

  async function timeZoneOf(groupId: string): Promise<string> {
    const home = await homes.findHome(groupId);
    return home ? zoneOf(home.geoData) : 'UTC';
  }

  /** Sends the guard's writes after its step is stored; a refused one is logged. */
  async function apply(
    writes: {
      id: string;
      write: NodeStatusWrite;
      reason: string;
      detail: Record<string, unknown>;
    }[],
  ) {
    for (const w of writes) {
      const room = parseRoomId(w.id);
      if (!room) continue;
      const node = await nodes.find(room.dev, room.type, room.addr);
      if (!node) continue;
      try {
        await control.status(node, 'owner', w.write);
      } catch (err) {
        log.warn({ err, devId: room.dev, addr: room.addr }, 'power guard: a write was refused');
        continue;
      }
      await deps.record?.({
        automation: 'power-guard',
        devId: room.dev,
        node: { type: room.type, addr: room.addr },
        change: w.write as Record<string, unknown>,
        reason: w.reason,
        detail: w.detail,
      });
    }
  }

  async function owner(user: AccessTokenClaims, groupId: string) {
    const found = await access.home(user.userId, groupId, 'owner');
    if (!isAppSession(user.scope))
      throw errors.forbidden('This token may not change the power guard');
    return found;
  }

  /** Puts back what a real guard lowered (switched off, or to a dry run). */
  async function releaseAll(groupId: string, why: string) {
    const timeZone = await timeZoneOf(groupId);
    const { heaters } = roomsOf(await repo.homeNodes(groupId));
    const at = now();
    const writes = await repo.stepGuardLocked(
      groupId,
      (row) => {
        const stored = row.state as StoredGuard;
        const shed = stored.guard?.shed ?? [];
        if (shed.length === 0 || row.dryRun || !stored.guard)
          return { state: null, actions: [], result: [] };
        const out = shed.map((s) => {
          const before = stored.before?.[s.heaterId];
          const write = restoreWrite(before, s.fromC, before?.units ?? 'C');
          const name = heaters.get(s.heaterId)?.name ?? s.heaterId;
          const text = `${hhmm(at, timeZone)} restored ${name} to ${round1(s.fromC)} °C: ${why}`;
          return { id: s.heaterId, write, fromC: s.fromC, text };
        });
        const state: StoredGuard = { ...stored, guard: { ...stored.guard, shed: [] }, before: {} };
        return {
          state: state as Record<string, unknown>,
          actions: out.map((o) => ({
            at: new Date(at),
            room: o.id,
            kind: 'restore',
            toC: o.fromC,
            dryRun: false,
            text: o.text,
            detail: { reason: 'guard-off' },
          })),
          result: out,
        };
      },
      { evenOff: true },
    );
    await apply(
      (writes ?? []).map((w) => ({
        id: w.id,
        write: w.write,
        reason: w.text,
        detail: { reason: 'guard-off' },
      })),
    );
  }

  return {
    async settings(user: AccessTokenClaims, groupId: string): Promise<PowerGuardSettings> {
      await access.home(user.userId, groupId);
      const role = await deps.roleOf(user.userId, groupId);
      if (role !== 'owner' && role !== 'resident')
        throw errors.forbidden("Only the home's owner and residents see its power guard");
      return presentSettings(await repo.guard(groupId));
    },
    async put(
      user: AccessTokenClaims,
      groupId: string,
      body: PowerGuardSettings,
    ): Promise<PowerGuardSettings> {
      await owner(user, groupId);
      const { heaters, monitors } = roomsOf(await repo.homeNodes(groupId));
      const seen = new Set<string>();
      for (const id of body.priority) {
        if (!heaters.has(id))
          throw errors.validation(`priority: ${id} is not a heater of this home`);
        if (seen.has(id)) throw errors.validation(`priority: ${id} is listed twice`);
        seen.add(id);
      }
      if (body.monitor !== null && !monitors.has(body.monitor))
        throw errors.validation(`monitor: ${body.monitor} is not a power monitor of this home`);
      if (body.enabled && monitors.size === 0)
        throw errors.validation('The power guard needs a power monitor (pmo) in the home');
      if (body.instant_cap_kw !== null && body.instant_cap_kw < body.cap_kw)
        throw errors.validation('instant_cap_kw: the instant cap may not be below the hourly cap');
      const before = await repo.guard(groupId);
      const stopsWriting = before?.enabled && !before.dryRun && (!body.enabled || body.dry_run);
      if (stopsWriting)
        await releaseAll(
          groupId,
          body.enabled
            ? 'the power guard was set to a dry run'
            : 'the power guard was switched off',
        );
      // A dry run's imagined lowerings are forgotten when it starts writing, and the reverse.
      const reset = !before || before.dryRun !== body.dry_run || before.enabled !== body.enabled;
      await repo.putGuard(
        groupId,
        {
          enabled: body.enabled,
          dryRun: body.dry_run,
          capKw: body.cap_kw,
          instantCapKw: body.instant_cap_kw,
          priority: body.priority,
          monitor: body.monitor,
        },
        reset,
      );
      enabled = undefined;
      return presentSettings(await repo.guard(groupId));
    },
    async actions(user: AccessTokenClaims, groupId: string, limit: number) {
      await access.home(user.userId, groupId);
      const role = await deps.roleOf(user.userId, groupId);
      if (role !== 'owner' && role !== 'resident')
        throw errors.forbidden("Only the home's owner and residents see its power guard");
      return { actions: (await repo.guardActions(groupId, limit)).map(presentAction) };
    },

    /** A power monitor reported its draw (`/pmo/{addr}/power`, W). */
    async onReading(devId: string, addr: number, watts: number): Promise<void> {
      if (!Number.isFinite(watts)) return;
      const groupId = await guardedHome(devId);
      if (!groupId) return;
      const timeZone = await timeZoneOf(groupId);
      const { heaters, monitors } = roomsOf(await repo.homeNodes(groupId));
      const at = now();
      const writes = await repo.stepGuardLocked(groupId, (row) => {
        const monitor = row.monitor ?? [...monitors.keys()][0];
        if (monitor !== roomId(devId, 'pmo', addr)) return { state: null, actions: [], result: [] };
        const stored = row.state as StoredGuard;
        const ratings = { ...(stored.ratings ?? {}) };
        const readings: GuardHeaterReading[] = [];
        const guardHeaters: GuardHeater[] = [];
        const unitsOf = new Map<string, 'C' | 'F'>();
        row.priority.forEach((id, i) => {
          const n = heaters.get(id);
          const status = n?.status;
          // A storage heater draws by its charging programme, not its set point: lowering it
          // would save nothing (its charge plan keeps it under the home's limit instead).
          if (!n || !status || n.type === 'acm') return;
          const units = status.units === 'F' ? 'F' : 'C';
          unitsOf.set(id, units);
          const setPointC = celsius(status.stemp, status.units);
          const drawW = num(status.power) ?? 0;
          if (drawW > 0) ratings[id] = Math.max(ratings[id] ?? 0, drawW / 1000);
          const heating = drawW > 0 || status.active === true || status.charging === true;
          const antiFrost = celsius(status.ice_temp, status.units);
          guardHeaters.push({
            id,
            name: n.name,
            priority: i,
            ratedKw: ratings[id] ?? UNSEEN_RATING_KW[n.type] ?? 1,
            ...(antiFrost === undefined ? {} : { antiFrostC: antiFrost }),
          });
          if (setPointC !== undefined) readings.push({ id, setPointC, heating });
        });
        const config: GuardConfig = {
          capKw: row.capKw,
          ...(row.instantCapKw === null ? {} : { instantCapKw: row.instantCapKw }),
          heaters: guardHeaters,
          dryRun: row.dryRun,
        };
        const prev = stored.guard ?? initialGuardState(at);
        const step = guardStep(config, prev, {
          at,
          homeKw: Math.max(0, watts / 1000),
          heaters: readings,
        });
        const before = { ...(stored.before ?? {}) };
        const out: {
          id: string;
          write: NodeStatusWrite;
          reason: string;
          detail: Record<string, unknown>;
        }[] = [];
        const rows = step.actions.map((a) => actionRow(a, timeZone));
        step.actions.forEach((a, i) => {
          const text = rows[i]?.text ?? '';
          const detail = rows[i]?.detail ?? {};
          if (a.kind === 'release') delete before[a.heaterId];
          if ((a.kind !== 'lower' && a.kind !== 'restore') || a.dryRun) return;
          const units = unitsOf.get(a.heaterId) ?? 'C';
          if (a.kind === 'lower') {
            const status = heaters.get(a.heaterId)?.status ?? {};
            const antiFrost = celsius(status.ice_temp, status.units);
            const toC = antiFrost === undefined ? a.toC : Math.max(a.toC, antiFrost);
            if (!before[a.heaterId] && typeof status.stemp === 'string')
              before[a.heaterId] = {
                mode: String(status.mode ?? 'manual'),
                stemp: status.stemp,
                units,
              };
            out.push({ id: a.heaterId, write: stempWrite(toC, units), reason: text, detail });
          } else {
            out.push({
              id: a.heaterId,
              write: restoreWrite(before[a.heaterId], a.toC, units),
              reason: text,
              detail,
            });
            delete before[a.heaterId];
          }
        });
        const state: StoredGuard = { guard: step.state, ratings, before };
        return { state: state as Record<string, unknown>, actions: rows, result: out };
      });
      if (writes && writes.length > 0) await apply(writes);
    },
    forgetEnabled(): void {
      enabled = undefined;
    },
  };
}
export type PowerGuard = ReturnType<typeof createPowerGuard>;
