import {
  deviceClockAt,
  formatDecimal,
  formatPowerLimit,
  MAX_STEMP_KEY,
  MIN_STEMP_KEY,
} from '@hearth/protocol';
import type { GatewayModel } from './model';
import type { HeaterNode, MeterNode } from './node';
import { progResol, progToWire, type WeekProg } from './programme';
import { isTimer, windowDetected } from './targets';
import { formatTemp } from './units';

/** One object at a realtime path, as published on `up{path}`; `json`, its JSON when known. */
export interface WireObject {
  path: string;
  body: unknown;
  json?: string;
}

/**
 * A programme's object and its JSON, made once per programme: a week of slots is most of the
 * bytes a gateway compares at every report, and a WeekProg is replaced, never changed in place.
 */
const progObjects = new WeakMap<WeekProg, { body: unknown; json: string }>();
function progObject(prog: WeekProg): { body: unknown; json: string } {
  let made = progObjects.get(prog);
  if (!made) {
    const body = { prog: progToWire(prog) };
    made = { body, json: JSON.stringify(body) };
    progObjects.set(prog, made);
  }
  return made;
}

export const STORAGE_LEVELS = 5;

export function heaterStatus(model: GatewayModel, h: HeaterNode): Record<string, unknown> {
  const target = model.targetC(h);
  const boostEnd = h.boostEndMs === null ? null : deviceClockAt(h.boostEndMs, model.timezone);
  // A timer in an off slot of its programme reports a set temperature of 0: off (spec 3 §2).
  const timerOff = target === null && h.mode === 'auto' && isTimer(h);
  const status: Record<string, unknown> = {
    mode: h.mode,
    stemp: timerOff ? formatDecimal(0) : formatTemp(target ?? h.stempC, h.units),
    mtemp: formatTemp(h.roomC, h.units),
    units: h.units,
    comf_temp: formatTemp(h.comfC, h.units),
    eco_temp: formatTemp(h.ecoC, h.units),
    ice_temp: formatTemp(h.iceC, h.units),
    boost: h.mode === 'boost',
    runback: h.mode === 'runback',
    easy: h.mode === 'easy',
    // Day of week (0 Sunday) and minute of that day when the boost ends, device time.
    boost_end_day: boostEnd?.w ?? 0,
    boost_end_min: boostEnd ? boostEnd.h * 60 + boostEnd.m : 0,
    sync_status: 'ok',
    power: formatDecimal(h.powerW),
    locked: h.locked,
    active: h.active,
  };
  // Only the sensors the node has (spec 3 §2 indicators: PIR presence; window detection).
  if (h.sensors.pir) status.presence = h.presence;
  if (h.sensors.window) status.window_open = windowDetected(h);
  if (h.storage) {
    const per = Math.round((100 * h.storage.chargeWh) / h.storage.capacityWh);
    status.charge_level = Math.round((per / 100) * STORAGE_LEVELS);
    status.current_charge_per = per;
    status.charging = h.storage.charging;
  }
  return status;
}

/** The setup as stored, with the node's units, programme resolution and set-point limits. */
export function heaterSetup(h: HeaterNode): Record<string, unknown> {
  return {
    ...h.setup,
    units: h.units,
    prog_resol: progResol(h.prog),
    [MIN_STEMP_KEY]: formatTemp(h.minC, h.units),
    [MAX_STEMP_KEY]: formatTemp(h.maxC, h.units),
  };
}

function heaterObjects(model: GatewayModel, h: HeaterNode): WireObject[] {
  const base = `/${h.type}/${h.addr}`;
  return [
    { path: `${base}/status`, body: heaterStatus(model, h) },
    { path: `${base}/setup`, body: heaterSetup(h) },
    { path: `${base}/prog`, ...progObject(h.prog) },
    { path: `${base}/version`, body: h.version },
  ];
}

function meterObjects(m: MeterNode): WireObject[] {
  const base = `/pmo/${m.addr}`;
  return [
    { path: `${base}/setup`, body: { ...m.setup, power_limit: m.powerLimit } },
    { path: `${base}/version`, body: m.version },
    { path: `${base}/power_limit`, body: { power_limit: m.powerLimit } },
    { path: `${base}/power`, body: { power: formatDecimal(m.powerW) } },
  ];
}

/** The whole state in the order a gateway announces it: nodes, each node, then the system. */
export function wireObjects(model: GatewayModel): WireObject[] {
  return [
    {
      path: '/mgr/nodes',
      body: {
        nodes: model.nodes.map((n) => ({
          name: n.name,
          addr: n.addr,
          type: n.type,
          installed: n.installed,
          lost: n.lost,
        })),
      },
    },
    ...model.nodes.flatMap((n) =>
      n.kind === 'heater' ? heaterObjects(model, n) : meterObjects(n),
    ),
    { path: '/mgr/away_status', body: { ...model.away } },
    { path: '/mgr/discovery', body: { ...model.discovery } },
    { path: '/htr_system/power_limit', body: { power_limit: formatPowerLimit(model.powerLimitW) } },
    { path: '/pmo_system', body: structuredClone(model.pmoSystem) },
    // The home's geo data once the server has sent it (the gateway echoes what it runs on).
    ...(model.geo ? [{ path: '/geo_data', body: { ...model.geo } }] : []),
  ];
}

export function rtcTime(model: GatewayModel): WireObject {
  return { path: '/mgr/rtc/time', body: model.local() };
}
