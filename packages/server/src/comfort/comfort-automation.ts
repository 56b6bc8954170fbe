import type { NodeStatusWrite } from '@hearth/protocol';
import type { NodeControlService } from '../devices/node-control.service';
import type { Logger } from '../logger';
import type { NodesRepository } from '../repositories/nodes.repository';
import { homeZoneOf } from '../sharing/member-window';
import type {
  ComfortRepository,
  ComfortRoomRow,
  DecisionInsert,
  RoomKey,
  RoomUpdate,
} from './comfort.repository';
import {
  COMFORT_ROOM_TYPES,
  holidayOf,
  oneOffOf,
  type HolidaysRepository,
} from './holidays.repository';
import type { OutdoorSource } from './outdoor';
import { planStep, readStoredPlan, toCelsius, type StoredPlan } from './programme-step';
import { readStoredWindow, windowOverride, windowStep, type WindowChange } from './window-hold';

/** How long a process trusts its list of rooms with a feature on (settings saved elsewhere). */
export const COMFORT_ROOMS_REFRESH_MS = 30_000;
/** Modes the automation lowers and restores; any other mode the room is left alone. */
const HELD_MODES = ['auto', 'modified_auto', 'manual'] as const;

const roomId = (k: RoomKey) => `${k.devId}/${k.type}/${k.addr}`;

/** What the room was set to before a hold, to put back when it ends. */
interface Before {
  mode: string;
  stemp: string;
  units: string;
}
interface WindowTarget {
  write: NodeStatusWrite;
  before: Before;
}

/** The anti-frost write for a room, or undefined when its mode is not one the automation holds. */
function holdWrite(status: Record<string, unknown>): WindowTarget | undefined {
  const { mode, stemp, ice_temp: ice, units } = status;
  if (!HELD_MODES.includes(mode as (typeof HELD_MODES)[number])) return undefined;
  if (typeof ice !== 'string' || typeof stemp !== 'string') return undefined;
  const u = units === 'F' ? 'F' : 'C';
  return {
    write: { stemp: ice, units: u },
    before: { mode: mode as string, stemp, units: u },
  };
}

function readBefore(state: Record<string, unknown>): Before | undefined {
  const b = state.before as Partial<Before> | null | undefined;
  if (!b || typeof b.mode !== 'string' || typeof b.stemp !== 'string') return undefined;
  return { mode: b.mode, stemp: b.stemp, units: b.units === 'F' ? 'F' : 'C' };
}

/** The write that ends a hold: the programme again in auto, else the set point before it. */
function resumeWrite(before: Before | undefined): NodeStatusWrite | undefined {
  if (!before) return undefined;
  if (before.mode === 'auto' || before.mode === 'modified_auto') return { mode: 'auto' };
  return { stemp: before.stemp, units: before.units === 'F' ? 'F' : 'C' };
}

/** Why a window hold wrote to a room, for the activity log. */
function windowWhy(change: WindowChange): { reason: string; detail: Record<string, unknown> } {
  if (change.kind === 'opened')
    return {
      reason:
        change.reason === 'device'
          ? 'window open (reported by the heater): held at anti-frost'
          : 'window open (temperature falling fast): held at anti-frost',
      detail: { window: 'opened', slope_k_per_h: change.slopeKPerH },
    };
  const why = {
    recovered: 'window closed (temperature recovering): heating resumed',
    timeout: 'window hold ended after its longest time: heating resumed',
    device: 'window closed (reported by the heater): heating resumed',
    override: 'window hold ended by a tap: heating resumed',
  }[change.why];
  return { reason: why, detail: { window: 'closed', why: change.why } };
}

/** A write to send once the step is stored, and which automation it is for the activity log. */
export interface AutomationSend {
  write: NodeStatusWrite;
  automation: 'window' | 'optimum-start' | 'holiday';
  reason: string;
  detail: Record<string, unknown>;
}

export interface ComfortAutomationDeps {
  comfort: ComfortRepository;
  holidays: HolidaysRepository;
  nodes: NodesRepository;
  /** The REST routes' write pipeline: stored as pending, sent, settled by the gateway's ack. */
  control: Pick<NodeControlService, 'status'>;
  outdoor: OutdoorSource;
  /** Called after each accepted write (the home's activity log). */
  onWrite?: (k: RoomKey, send: AutomationSend) => Promise<unknown>;
  log: Logger;
  now?: () => number;
}

/**
 * Comfort that thinks ahead, run by the server (docs/comfort.md "In the server"): on each
 * status report of a room with a feature on, or of a home with holidays or one-off days, the
 * process that ingested the report steps the room (its row locked, so one process acts per
 * room): it holds the room at anti-frost while a window is open and puts it back after, and
 * asks for what optimum start, holidays and one-off days want instead of the programme. Only
 * temporary set points are sent: if Hearth stops, the device carries on with its own
 * programme from its next slot.
 */
export function createComfortAutomation(deps: ComfortAutomationDeps) {
  const { comfort, holidays, nodes, control, outdoor, log } = deps;
  const now = deps.now ?? (() => Date.now());
  let enabled: { ids: Set<string>; devs: Set<string>; atMs: number } | undefined;

  /** Whether the room has a feature on, and whether its home has holidays or one-off days. */
  async function enabledFor(k: RoomKey): Promise<{ room: boolean; planned: boolean }> {
    const t = now();
    if (!enabled || t - enabled.atMs >= COMFORT_ROOMS_REFRESH_MS || t < enabled.atMs) {
      const [rooms, devIds] = await Promise.all([
        comfort.enabledRooms(),
        holidays.devIdsWithPlans(t),
      ]);
      enabled = { ids: new Set(rooms.map(roomId)), devs: new Set(devIds), atMs: t };
    }
    return { room: enabled.ids.has(roomId(k)), planned: enabled.devs.has(k.devId) };
  }

  /** Sends a write as the server, after the room's step is stored; a refused one is logged. */
  async function write(k: RoomKey, send: AutomationSend | undefined): Promise<void> {
    if (!send) return;
    const node = await nodes.find(k.devId, k.type, k.addr);
    if (!node) return;
    try {
      await control.status(node, 'owner', send.write);
    } catch (err) {
      log.warn({ err, devId: k.devId, addr: k.addr }, 'comfort: a write was refused');
      return;
    }
    await deps.onWrite?.(k, send);
  }

  function windowDecision(change: WindowChange, detail: Record<string, unknown>): DecisionInsert {
    const kind = change.kind === 'opened' ? 'window-opened' : 'window-closed';
    return { kind, at: new Date(now()), detail: { ...change, ...detail } };
  }

  /** The window part of a step: the stored window, what to write and what to record. */
  function stepWindow(
    row: ComfortRoomRow,
    status: Record<string, unknown>,
    roomC: number,
    deviceOpen: boolean | undefined,
  ) {
    const stored = readStoredWindow(row.state);
    const before = readBefore(row.state);
    if (!row.windowDetection)
      return { window: stored, before, send: undefined, decision: undefined, ended: false };
    const { next, change } = windowStep(stored, {
      ms: now(),
      roomC,
      ...(deviceOpen === undefined ? {} : { deviceWindowOpen: deviceOpen }),
    });
    if (!change)
      return { window: next, before, send: undefined, decision: undefined, ended: false };
    if (change.kind === 'opened') {
      const target = holdWrite(status);
      const detail = {
        write: target?.write ?? null,
        anti_frost: status.ice_temp ?? null,
        units: status.units ?? 'C',
      };
      const send: AutomationSend | undefined = target && {
        write: target.write,
        automation: 'window',
        ...windowWhy(change),
      };
      return {
        window: next,
        before: target?.before,
        send,
        decision: windowDecision(change, detail),
        ended: false,
      };
    }
    const resume = resumeWrite(before);
    const send: AutomationSend | undefined = resume && {
      write: resume,
      automation: 'window',
      ...windowWhy(change),
    };
    return {
      window: next,
      before: undefined,
      send,
      decision: windowDecision(change, { write: resume ?? null }),
      ended: true,
    };
  }

  return {
    /** A node's status was stored from its gateway's report (gateway/ingest.service.ts). */
    async onStatus(k: RoomKey, status: Record<string, unknown>): Promise<void> {
      if (!(COMFORT_ROOM_TYPES as readonly string[]).includes(k.type)) return;
      const on = await enabledFor(k);
      if (!on.room && !on.planned) return;
      const roomC = toCelsius(status.mtemp, status.units);
      if (roomC === undefined) return;
      const deviceOpen = typeof status.window_open === 'boolean' ? status.window_open : undefined;
      // Everything the step needs is read first: the step itself runs no query.
      const [node, home] = await Promise.all([
        nodes.find(k.devId, k.type, k.addr),
        holidays.homeOfDev(k.devId),
      ]);
      const plans = home ? await holidays.list(home.groupId) : { holidays: [], oneOffs: [] };
      const timeZone = homeZoneOf(home?.geoData);
      const outdoorC = outdoor.peek(home?.geoData);
      if (on.planned) await comfort.ensureRow(k);
      const hasPlans = plans.holidays.length > 0 || plans.oneOffs.length > 0;

      const send = await comfort.stepLocked(k, (row) => {
        const win = stepWindow(row, status, roomC, deviceOpen);
        const decisions: DecisionInsert[] = win.decision ? [win.decision] : [];
        const storedPlan = readStoredPlan(row.state);
        let plan: StoredPlan = storedPlan;
        let planSend: AutomationSend | undefined;
        const planNeeded =
          row.optimumStart ||
          hasPlans ||
          storedPlan.assert !== null ||
          storedPlan.active !== null ||
          storedPlan.os?.active != null;
        if (planNeeded) {
          const stepped = planStep(win.ended ? { ...storedPlan, assert: null } : storedPlan, {
            nowMs: now(),
            roomId: roomId(k),
            roomC,
            status,
            prog: node?.prog,
            timeZone,
            holidays: plans.holidays.map((h) => ({ ...holidayOf(h), id: h.id })),
            oneOffs: plans.oneOffs.map((o) => ({ ...oneOffOf(o), id: o.id })),
            optimumStart: row.optimumStart,
            outdoorC,
            windowHeld: win.window.hold,
            noWrite: win.send !== undefined,
          });
          plan = stepped.next;
          for (const d of stepped.decisions) decisions.push({ ...d, at: new Date(now()) });
          if (stepped.write) {
            const holiday = plan.active !== null || storedPlan.active !== null;
            const warming = plan.os?.active != null || storedPlan.os?.active != null;
            planSend = {
              write: stepped.write,
              automation: holiday && !warming ? 'holiday' : 'optimum-start',
              reason:
                'stemp' in stepped.write
                  ? warming
                    ? 'optimum start: warming up ahead of the programme'
                    : 'holiday or one-off day: its temperature instead of the programme'
                  : 'back to the weekly programme',
              detail: { target_c: plan.assert?.targetC ?? null },
            };
          }
        }
        const holdUntilMs =
          win.decision?.kind === 'window-opened'
            ? (win.decision.detail.holdUntilMs as number)
            : undefined;
        const kept = win.window.hold ? row.windowHoldUntil : null;
        const update: RoomUpdate = {
          state: {
            ...row.state,
            window: win.window,
            before: win.window.hold ? (win.before ?? null) : null,
            plan,
          },
          windowHoldUntil: holdUntilMs === undefined ? kept : new Date(holdUntilMs),
          decisions,
        };
        return { update, result: win.send ?? planSend };
      });
      await write(k, send);
    },

    /** One tap: heating resumes now. False when the room was not held. */
    async override(k: RoomKey): Promise<boolean> {
      const done = await comfort.stepLocked(k, (row) => {
        const stored = readStoredWindow(row.state);
        if (!stored.hold) return { update: null, result: undefined };
        const resume = resumeWrite(readBefore(row.state));
        const plan = readStoredPlan(row.state);
        const update: RoomUpdate = {
          state: {
            ...row.state,
            window: windowOverride(stored),
            before: null,
            plan: { ...plan, assert: null },
          },
          windowHoldUntil: null,
          decisions: [{ kind: 'override', at: new Date(now()), detail: { write: resume ?? null } }],
        };
        const send: AutomationSend | undefined = resume && {
          write: resume,
          automation: 'window',
          ...windowWhy({ kind: 'closed', why: 'override' }),
        };
        return { update, result: { send } };
      });
      if (!done) return false;
      await write(k, done.send);
      return true;
    },

    /** Settings saved in this process count at once (others within COMFORT_ROOMS_REFRESH_MS). */
    forgetEnabled(): void {
      enabled = undefined;
    },
  };
}
export type ComfortAutomation = ReturnType<typeof createComfortAutomation>;
