import { formatDecimal, formatPowerLimit } from '@hearth/protocol';
import { deviceTime } from './clock';
import type { GatewayModel } from './model';
import type { HeaterNode, MeterNode } from './node';
import { progResol, progToWire } from './programme';
import { formatTemp } from './units';

/** One object at a realtime path, as published on `up{path}`. */
export interface WireObject {
  path: string;
  body: unknown;
}

export const STORAGE_LEVELS = 5;

export function heaterStatus(model: GatewayModel, h: HeaterNode): Record<string, unknown> {
  const target = model.targetC(h);
  const boostEnd = h.boostEndMs === null ? null : deviceTime(h.boostEndMs, model.timezone);
  const status: Record<string, unknown> = {
    mode: h.mode,
    stemp: formatTemp(target ?? h.stempC, h.units),
    mtemp: formatTemp(h.roomC, h.units),
    units: h.units,
    comf_temp: formatTemp(h.comfC, h.units),
    eco_temp: formatTemp(h.ecoC, h.units),
    ice_temp: formatTemp(h.iceC, h.units),
    boost: h.mode === 'boost',
    // Day of week (0 Sunday) and minute of that day when the boost ends, device time.
    boost_end_day: boostEnd?.w ?? 0,
    boost_end_min: boostEnd ? boostEnd.h * 60 + boostEnd.m : 0,
    sync_status: 'ok',
    power: formatDecimal(h.powerW),
    locked: h.locked,
    active: h.active,
  };
  if (h.storage) {
    const per = Math.round((100 * h.storage.chargeWh) / h.storage.capacityWh);
    status.charge_level = Math.round((per / 100) * STORAGE_LEVELS);
    status.current_charge_per = per;
    status.charging = h.storage.charging;
  }
  return status;
}

export function heaterSetup(h: HeaterNode): Record<string, unknown> {
  return { ...h.setup, units: h.units, prog_resol: progResol(h.prog) };
}

function heaterObjects(model: GatewayModel, h: HeaterNode): WireObject[] {
  const base = `/${h.type}/${h.addr}`;
  return [
    { path: `${base}/status`, body: heaterStatus(model, h) },
    { path: `${base}/setup`, body: heaterSetup(h) },
    { path: `${base}/prog`, body: { prog: progToWire(h.prog) } },
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
  ];
}

export function rtcTime(model: GatewayModel): WireObject {
  return { path: '/mgr/rtc/time', body: model.local() };
}
