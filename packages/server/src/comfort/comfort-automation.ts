import type { NodeStatusWrite } from '@hearth/protocol';
import type { NodeControlService } from '../devices/node-control.service';
import type { Logger } from '../logger';
import type { NodesRepository } from '../repositories/nodes.repository';
import type { ComfortRepository, ComfortRoomRow, RoomKey, RoomUpdate } from './comfort.repository';
import {
  readStoredWindow,
  windowOverride,
  windowStep,
  type StoredWindow,
  type WindowChange,
} from './window-hold';

/** How long a process trusts its list of rooms with a feature on (settings saved elsewhere). */
export const COMFORT_ROOMS_REFRESH_MS = 30_000;
/** Modes the automation lowers and restores; any other mode the room is left alone. */
const HELD_MODES = ['auto', 'modified_auto', 'manual'] as const;

const roomId = (k: RoomKey) => `${k.devId}/${k.type}/${k.addr}`;

/** A temperature of the node's units read as °C (the detector's thresholds are in K/h). */
function celsius(value: unknown, units: unknown): number | undefined {
  const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return undefined;
  return units === 'F' ? ((n - 32) * 5) / 9 : n;
}

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

/** A write a window step sends, and the change that made it. */
interface WindowSend {
  body: NodeStatusWrite | undefined;
  change: WindowChange;
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

export interface ComfortAutomationDeps {
  comfort: ComfortRepository;
  nodes: NodesRepository;
  /** The REST routes' write pipeline: stored as pending, sent, settled by the gateway's ack. */
  control: Pick<NodeControlService, 'status'>;
  log: Logger;
  now?: () => number;
  /** Records a sent write in the home's activity log (sharing/activity-recorder.ts). */
  recordWrite?: (entry: {
    k: RoomKey;
    body: NodeStatusWrite;
    reason: string;
    detail: Record<string, unknown>;
  }) => Promise<unknown>;
}

/**
 * Comfort that thinks ahead, run by the server (docs/comfort.md "In the server"): on each
 * status report of a room with window detection on, the process that ingested the report
 * steps the room (its row locked, so one process acts per room), holds it at anti-frost
 * while a window is open and puts it back after. Only temporary set points are sent: if
 * Hearth stops, the device carries on with its own programme from its next slot.
 */
export function createComfortAutomation(deps: ComfortAutomationDeps) {
  const { comfort, nodes, control, log } = deps;
  const now = deps.now ?? (() => Date.now());
  let enabled: { ids: Set<string>; atMs: number } | undefined;

  async function isEnabled(k: RoomKey): Promise<boolean> {
    const t = now();
    if (!enabled || t - enabled.atMs >= COMFORT_ROOMS_REFRESH_MS || t < enabled.atMs) {
      const rooms = await comfort.enabledRooms();
      enabled = { ids: new Set(rooms.map(roomId)), atMs: t };
    }
    return enabled.ids.has(roomId(k));
  }

  /** Sends a write as the server, after the room's step is stored; a refused one is logged. */
  async function write(
    k: RoomKey,
    body: NodeStatusWrite | undefined,
    why: { reason: string; detail: Record<string, unknown> },
  ): Promise<void> {
    if (!body) return;
    const node = await nodes.find(k.devId, k.type, k.addr);
    if (!node) return;
    try {
      await control.status(node, 'owner', body);
    } catch (err) {
      log.warn({ err, devId: k.devId, addr: k.addr }, 'comfort: a write was refused');
      return;
    }
    await deps.recordWrite?.({ k, body, ...why });
  }

  function update(
    row: ComfortRoomRow,
    window: StoredWindow,
    before: Before | undefined,
    change: WindowChange | null,
    detail: Record<string, unknown>,
  ): RoomUpdate {
    const holdUntilMs = change?.kind === 'opened' ? change.holdUntilMs : undefined;
    const kept = window.hold ? row.windowHoldUntil : null;
    const result: RoomUpdate = {
      state: { ...row.state, window, before: window.hold ? (before ?? null) : null },
      windowHoldUntil: holdUntilMs === undefined ? kept : new Date(holdUntilMs),
    };
    if (change) {
      const kind = change.kind === 'opened' ? 'window-opened' : 'window-closed';
      result.decision = { kind, at: new Date(now()), detail: { ...change, ...detail } };
    }
    return result;
  }

  return {
    /** A node's status was stored from its gateway's report (gateway/ingest.service.ts). */
    async onStatus(k: RoomKey, status: Record<string, unknown>): Promise<void> {
      if (!(await isEnabled(k))) return;
      const roomC = celsius(status.mtemp, status.units);
      if (roomC === undefined) return;
      const deviceOpen = typeof status.window_open === 'boolean' ? status.window_open : undefined;
      const send = await comfort.stepLocked<WindowSend | undefined>(k, (row) => {
        if (!row.windowDetection) return { update: null, result: undefined };
        const stored = readStoredWindow(row.state);
        const before = readBefore(row.state);
        const { next, change } = windowStep(stored, {
          ms: now(),
          roomC,
          ...(deviceOpen === undefined ? {} : { deviceWindowOpen: deviceOpen }),
        });
        if (!change) return { update: update(row, next, before, null, {}), result: undefined };
        if (change.kind === 'opened') {
          const target = holdWrite(status);
          const detail = {
            write: target?.write ?? null,
            anti_frost: status.ice_temp ?? null,
            units: status.units ?? 'C',
          };
          return {
            update: update(row, next, target?.before, change, detail),
            result: { body: target?.write, change },
          };
        }
        const resume = resumeWrite(before);
        return {
          update: update(row, next, undefined, change, { write: resume ?? null }),
          result: { body: resume, change },
        };
      });
      if (send) await write(k, send.body, windowWhy(send.change));
    },

    /** One tap: heating resumes now. False when the room was not held. */
    async override(k: RoomKey): Promise<boolean> {
      const done = await comfort.stepLocked(k, (row) => {
        const stored = readStoredWindow(row.state);
        if (!stored.hold) return { update: null, result: undefined };
        const resume = resumeWrite(readBefore(row.state));
        const change: WindowChange = { kind: 'closed', why: 'override' };
        const u = update(row, windowOverride(stored), undefined, change, {});
        const detail = { write: resume ?? null };
        return {
          update: { ...u, decision: { kind: 'override', at: new Date(now()), detail } },
          result: { resume },
        };
      });
      if (!done) return false;
      await write(k, done.resume, windowWhy({ kind: 'closed', why: 'override' }));
      return true;
    },

    /** Settings saved in this process count at once (others within COMFORT_ROOMS_REFRESH_MS). */
    forgetEnabled(): void {
      enabled = undefined;
    },
  };
}
export type ComfortAutomation = ReturnType<typeof createComfortAutomation>;
