import {
  PROG_DAY_KEYS,
  celsiusToFahrenheit,
  formatDecimal,
  isTimerNode,
  deviceClockAt,
  type DevData,
  type DeviceClock,
  type MgrNode,
  type SnapshotNode,
} from '@hearth/protocol';
import type { DemoDevice, DemoHeater, DemoMeter, DemoNode } from './demo-model';

export function formatTemp(c: number, units: DemoHeater['units']): string {
  return formatDecimal(units === 'F' ? celsiusToFahrenheit(c) : c);
}

/** The programme slot in force now: 0 ice, 1 eco, 2 comfort (timer: 0 off, 1 on). */
export function slotNow(h: DemoHeater, clock: DeviceClock): number {
  const day = h.prog[clock.w] ?? [];
  const index = day.length === 48 ? clock.h * 2 + (clock.m >= 30 ? 1 : 0) : clock.h;
  return day[index] ?? 1;
}

function isTimer(h: DemoHeater): boolean {
  return isTimerNode({ installed: true, lost: false, setup: h.setup });
}

/** What the heater aims at now; a timer in auto is "off" (0) in an off slot. */
export function targetC(h: DemoHeater, clock: DeviceClock): number {
  if (h.mode === 'boost' || h.mode === 'runback') return h.boostTempC ?? h.comfC;
  if (h.mode === 'off') return h.stempC;
  if (h.mode !== 'auto') return h.stempC;
  const slot = slotNow(h, clock);
  if (isTimer(h)) return slot > 0 ? h.comfC : 0;
  return slot === 2 ? h.comfC : slot === 1 ? h.ecoC : h.iceC;
}

export function heaterStatus(dev: DemoDevice, h: DemoHeater, now: number): Record<string, unknown> {
  const clock = deviceClockAt(now, dev.timeZone);
  const target = targetC(h, clock);
  const end = h.boostEndMs === null ? null : deviceClockAt(h.boostEndMs, dev.timeZone);
  const heating = h.mode !== 'off' && target > h.roomC;
  const status: Record<string, unknown> = {
    mode: h.mode,
    stemp: formatTemp(target, h.units),
    mtemp: formatTemp(h.roomC, h.units),
    units: h.units,
    comf_temp: formatTemp(h.comfC, h.units),
    eco_temp: formatTemp(h.ecoC, h.units),
    ice_temp: formatTemp(h.iceC, h.units),
    boost: h.mode === 'boost',
    runback: h.mode === 'runback',
    boost_end_day: end?.w ?? 0,
    boost_end_min: end ? end.h * 60 + end.m : 0,
    sync_status: 'ok',
    power: formatDecimal(heating ? h.ratedW : 0),
    locked: h.locked,
    active: heating,
  };
  if (h.chargePer !== null) {
    status.current_charge_per = h.chargePer;
    status.charge_level = Math.round((h.chargePer / 100) * 5);
    status.charging = clock.h < 7;
  }
  return status;
}

export function heaterSetup(h: DemoHeater): Record<string, unknown> {
  return { ...h.setup, units: h.units, prog_resol: h.prog[0]?.length === 48 ? 1 : 0 };
}

export function progOf(h: DemoHeater): { prog: Record<string, number[]> } {
  return { prog: Object.fromEntries(PROG_DAY_KEYS.map((k, i) => [k, [...(h.prog[i] ?? [])]])) };
}

export function meterSetup(m: DemoMeter): Record<string, unknown> {
  return { ...m.setup, power_limit: m.powerLimit };
}

export function mgrNodes(dev: DemoDevice): MgrNode[] {
  return dev.nodes.map((n) => ({
    name: n.name,
    addr: n.addr,
    type: n.type,
    installed: n.installed,
    lost: false,
  }));
}

export function snapshotNode(dev: DemoDevice, n: DemoNode, now: number): SnapshotNode {
  const base = { name: n.name, addr: n.addr, type: n.type, installed: n.installed, lost: false };
  if (n.kind === 'meter') {
    return {
      ...base,
      setup: meterSetup(n),
      version: n.version,
      power_limit: { power_limit: n.powerLimit },
    } as SnapshotNode;
  }
  return {
    ...base,
    status: heaterStatus(dev, n, now),
    setup: heaterSetup(n),
    prog: progOf(n),
    version: n.version,
  } as SnapshotNode;
}

export function devData(dev: DemoDevice, geo: Record<string, unknown>, now: number): DevData {
  return {
    connected: true,
    away_status: { ...dev.away },
    geo_data: { ...geo },
    discovery: { ...dev.discovery },
    htr_system: { setup: { power_limit: dev.powerLimit } },
    pmo_system: structuredClone(dev.pmoSystem),
    nodes: dev.nodes.map((n) => snapshotNode(dev, n, now)),
  };
}
