import {
  deviceClockAt,
  type AwayStatus,
  type DeviceClock,
  type GatewaySample,
  type NodeType,
  type PmoSystem,
} from '@hearth/protocol';
import {
  createNode,
  STORAGE_OUTPUT_RATIO,
  type HeaterNode,
  type MeterNode,
  type SimNode,
} from './node';
import { updateAmbient, type SensorOverride } from './ambient';
import { slotAt } from './programme';
import { createRng, type Rng } from './rng';
import { heaterTargetC } from './targets';
import {
  ACTIVE_THRESHOLD,
  heatDemand,
  ROOM_TIME_CONSTANT_S,
  stepRoom,
  WINDOW_OPEN_LOSS_FACTOR,
} from './thermal';
import type { NodeSpec } from './types';

/** Longest step of the physics; longer advances are cut into steps of at most this. */
export const MAX_STEP_S = 60;
/** Discovery finds a new node this long after it is switched on. */
export const DISCOVERY_DELAY_MS = 5_000;

const NEW_NODE_LABEL: Record<NodeType, string> = {
  htr: 'Heater',
  acm: 'Storage heater',
  thm: 'Thermostat',
  pmo: 'Power monitor',
};

export interface DiscoveryState {
  discovery: 'on' | 'off';
  type?: NodeType;
  addr?: number;
}

export interface GatewayModelOptions {
  devId: string;
  timezone: string;
  outdoorC: number;
  nodes: SimNode[];
  startMs: number;
  seed: number;
  /** People and aired windows from the seeded day (default); off, sensors change only when told. */
  ambient?: boolean;
  /**
   * Windows aired by the seeded day (default: as `ambient`); false holds every window shut
   * unless setWindow opens one, so what a node shows does not change by chance.
   */
  airing?: boolean;
}

/** Everything a gateway knows, and how it evolves with time. No I/O. */
export class GatewayModel {
  readonly devId: string;
  /** IANA zone of the device clock; a `/geo_data` command changes it. */
  timezone: string;
  /** The home's geo data as last sent by the server; null until it is. */
  geo: Record<string, unknown> | null = null;
  outdoorC: number;
  nodes: SimNode[];
  away: AwayStatus = { enabled: true, away: false, forced: false };
  discovery: DiscoveryState = { discovery: 'off' };
  discoveryDueMs: number | null = null;
  private discoveryRequest: { type: NodeType; addr?: number } = { type: 'htr' };
  powerLimitW = 0;
  pmoSystem: PmoSystem = { main_circuit_pmos: [], max_power_config: { profiles: [], slots: [] } };
  timeMs: number;
  private readonly rng: Rng;
  private readonly ambient: boolean;
  private readonly airing: boolean;
  private readonly overrides = new Map<
    HeaterNode,
    { presence?: SensorOverride; window?: SensorOverride }
  >();

  constructor(o: GatewayModelOptions) {
    this.devId = o.devId;
    this.timezone = o.timezone;
    this.outdoorC = o.outdoorC;
    this.nodes = o.nodes;
    this.timeMs = o.startMs;
    this.rng = createRng(o.seed);
    this.ambient = o.ambient ?? true;
    this.airing = o.airing ?? this.ambient;
    this.pmoSystem.main_circuit_pmos = o.nodes.filter((n) => n.type === 'pmo').map((n) => n.addr);
  }

  heaters(): HeaterNode[] {
    return this.nodes.filter((n): n is HeaterNode => n.kind === 'heater');
  }

  meters(): MeterNode[] {
    return this.nodes.filter((n): n is MeterNode => n.kind === 'meter');
  }

  findNode(type: NodeType, addr: number): SimNode | undefined {
    return this.nodes.find((n) => n.type === type && n.addr === addr);
  }

  local(ms: number = this.timeMs): DeviceClock {
    return deviceClockAt(ms, this.timezone);
  }

  /** The temperature the node is heating to now, °C; null when it does not heat (targets.ts). */
  targetC(node: HeaterNode, t: DeviceClock = this.local()): number | null {
    return heaterTargetC(node, t, this.away.enabled && this.away.away);
  }

  /** Someone is (or is not) in the node's room for the next `minutes`, whatever the seeded day says. */
  setPresence(node: HeaterNode, present: boolean, minutes: number): void {
    this.override(node, 'presence', present, minutes);
  }

  /** A window of the node's room is opened (or kept shut) for the next `minutes`. */
  setWindow(node: HeaterNode, open: boolean, minutes: number): void {
    this.override(node, 'window', open, minutes);
  }

  private override(node: HeaterNode, what: 'presence' | 'window', value: boolean, minutes: number) {
    const entry = this.overrides.get(node) ?? {};
    entry[what] = { value, untilMs: this.timeMs + minutes * 60_000 };
    this.overrides.set(node, entry);
    updateAmbient(node, this.timeMs, this.local(), entry, this.ambient, this.airing);
  }

  /** The next moment something changes by itself (a boost ends, discovery finds a node). */
  nextDeadline(): number | null {
    const times = this.heaters().flatMap((h) => (h.boostEndMs === null ? [] : [h.boostEndMs]));
    if (this.discoveryDueMs !== null) times.push(this.discoveryDueMs);
    return times.length ? Math.min(...times) : null;
  }

  advanceTo(ms: number, maxStepS: number = MAX_STEP_S): void {
    while (this.timeMs < ms) {
      let end = Math.min(ms, this.timeMs + maxStepS * 1000);
      const deadline = this.nextDeadline();
      if (deadline !== null && deadline > this.timeMs && deadline < end) end = deadline;
      this.physics(end - this.timeMs);
      this.timeMs = end;
      this.events();
    }
    this.events();
  }

  startBoost(node: HeaterNode, tempC: number, minutes: number): void {
    if (node.mode !== 'boost' && node.mode !== 'runback') node.resumeMode = node.mode;
    node.mode = 'boost';
    node.boostTempC = tempC;
    node.boostEndMs = this.timeMs + minutes * 60_000;
  }

  /** Runback: a set temperature for a while, then back to the weekly programme. */
  startRunback(node: HeaterNode, tempC: number, minutes: number): void {
    node.mode = 'runback';
    node.resumeMode = 'auto';
    node.modifiedSlot = null;
    node.boostTempC = tempC;
    node.boostEndMs = this.timeMs + minutes * 60_000;
  }

  /** Ends a boost (back to the mode before it) or a runback (back to the programme). */
  endBoost(node: HeaterNode): void {
    if (node.mode === 'boost' || node.mode === 'runback') node.mode = node.resumeMode;
    node.boostEndMs = null;
    node.boostTempC = null;
  }

  requestDiscovery(type: NodeType, addr?: number): void {
    this.discovery = { discovery: 'on' };
    this.discoveryRequest = addr === undefined ? { type } : { type, addr };
    this.discoveryDueMs = this.timeMs + DISCOVERY_DELAY_MS;
  }

  stopDiscovery(): void {
    this.discovery = { discovery: 'off' };
    this.discoveryDueMs = null;
  }

  /** Samples of every installed node at the model's time; pmo min/max restart after each. */
  samples(): GatewaySample[] {
    const t = Math.floor(this.timeMs / 1000);
    return this.nodes
      .filter((n) => n.installed)
      .map((n) => {
        const counter = Math.round(n.energyWh * 10) / 10;
        if (n.kind === 'meter') {
          const sample = {
            type: n.type,
            addr: n.addr,
            t,
            counter,
            max: Math.round(n.maxW),
            min: Math.round(n.minW),
          };
          n.minW = n.maxW = n.powerW;
          return sample;
        }
        return {
          type: n.type,
          addr: n.addr,
          t,
          counter,
          temp: (Math.round(n.roomC * 10) / 10).toFixed(1),
        };
      });
  }

  private inValley(node: HeaterNode, t: DeviceClock): boolean {
    const days = node.setup.charge_days;
    if (Array.isArray(days) && days[t.w] === false) return false;
    const conf = node.setup.charging_conf as
      Record<string, { start?: unknown; end?: unknown }> | undefined;
    const minute = t.h * 60 + t.m;
    return Object.values(conf ?? {}).some((slot) => {
      const start = Number(slot.start);
      const end = Number(slot.end);
      if (!Number.isFinite(start) || !Number.isFinite(end) || start === end) return false;
      return start < end ? minute >= start && minute < end : minute >= start || minute < end;
    });
  }

  private physics(dtMs: number): void {
    const dtS = dtMs / 1000;
    const dtH = dtS / 3600;
    const t = this.local();
    for (const h of this.heaters())
      updateAmbient(h, this.timeMs, t, this.overrides.get(h), this.ambient, this.airing);
    const plans = this.heaters().map((h) => {
      const working = h.installed && !h.lost;
      const u = working ? heatDemand(h.roomC, this.targetC(h, t), this.outdoorC) : 0;
      const storage = h.storage;
      if (!storage) return { h, u, elecW: u * h.ratedPowerW };
      const charging =
        working && h.mode !== 'off' && storage.chargeWh < storage.capacityWh && this.inValley(h, t);
      return { h, u, elecW: charging ? h.ratedPowerW : 0 };
    });
    const total = plans.reduce((s, p) => s + p.elecW, 0);
    const scale = this.powerLimitW > 0 && total > this.powerLimitW ? this.powerLimitW / total : 1;
    let sumW = 0;
    for (const { h, u, elecW } of plans) {
      const powerW = elecW * scale;
      const heatMaxW = h.storage ? h.ratedPowerW * STORAGE_OUTPUT_RATIO : h.ratedPowerW;
      let heatW = h.storage ? u * heatMaxW : powerW;
      if (h.storage) {
        const s = h.storage;
        const available = s.chargeWh + powerW * dtH;
        heatW = Math.min(heatW, available / dtH);
        s.chargeWh = Math.min(s.capacityWh, Math.max(0, available - heatW * dtH));
        s.charging = powerW > 0;
      }
      h.powerW = powerW;
      h.active = heatW > ACTIVE_THRESHOLD * heatMaxW;
      const tau = h.windowOpen
        ? ROOM_TIME_CONSTANT_S / WINDOW_OPEN_LOSS_FACTOR
        : ROOM_TIME_CONSTANT_S;
      h.roomC = stepRoom(h.roomC, this.outdoorC, heatW / heatMaxW, dtS, tau);
      h.energyWh += powerW * dtH;
      sumW += powerW;
    }
    for (const m of this.meters()) {
      m.powerW = m.installed && !m.lost ? sumW : 0;
      m.energyWh += m.powerW * dtH;
      m.minW = Math.min(m.minW, m.powerW);
      m.maxW = Math.max(m.maxW, m.powerW);
    }
  }

  private events(): void {
    const t = this.local();
    for (const h of this.heaters()) {
      if (h.boostEndMs !== null && h.boostEndMs <= this.timeMs) this.endBoost(h);
      if (h.mode === 'modified_auto' && h.modifiedSlot !== slotAt(h.prog, t)) {
        h.mode = 'auto';
        h.modifiedSlot = null;
      }
    }
    if (this.discoveryDueMs !== null && this.discoveryDueMs <= this.timeMs) this.discoverNode();
  }

  private discoverNode(): void {
    const { type, addr } = this.discoveryRequest;
    this.discoveryDueMs = null;
    const replaced =
      addr === undefined ? undefined : this.nodes.find((n) => n.addr === addr && !n.installed);
    const newAddr = replaced?.addr ?? addr ?? Math.max(0, ...this.nodes.map((n) => n.addr)) + 1;
    if (this.nodes.some((n) => n.addr === newAddr && n !== replaced)) return;
    const spec: NodeSpec = { type, name: replaced?.name ?? `${NEW_NODE_LABEL[type]} ${newAddr}` };
    const uid = `${this.devId.slice(-8)}${Math.floor(this.rng() * 0xffff)
      .toString(16)
      .padStart(4, '0')}`;
    const node = createNode(spec, newAddr, uid, this.rng);
    node.energyWh = 0;
    this.nodes = replaced
      ? this.nodes.map((n) => (n === replaced ? node : n))
      : [...this.nodes, node];
    if (node.kind === 'meter') this.pmoSystem.main_circuit_pmos.push(node.addr);
    this.discovery = { discovery: 'on', type, addr: newAddr };
  }
}
