import type { NodeMode, NodeType, TemperatureUnits } from '@hearth/protocol';
import { http } from '../http';

/** A node as the write paths of docs/wire-contract.md §5 address it. */
export interface NodeRef {
  devId: string;
  type: NodeType;
  addr: number;
}

export function nodePath(node: NodeRef, suffix = ''): string {
  return `/api/v2/devs/${encodeURIComponent(node.devId)}/${node.type}/${node.addr}${suffix}`;
}

function post(path: string, body: unknown): Promise<unknown> {
  return http.request<unknown>(path, { method: 'POST', json: body });
}

/** Temperatures travel as strings with one decimal (docs/wire-contract.md §1). */
export function wireTemperature(value: number): string {
  return value.toFixed(1);
}

export type StatusWrite = Partial<{
  stemp: number;
  mode: NodeMode;
  comf_temp: number;
  eco_temp: number;
  ice_temp: number;
  locked: boolean;
}> & { units?: TemperatureUnits };

/** POST /status: partial writes; `units` goes with any temperature. */
export function postStatus(node: NodeRef, write: StatusWrite): Promise<unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(write)) {
    body[key] = typeof value === 'number' ? wireTemperature(value) : value;
  }
  return post(nodePath(node, '/status'), body);
}

export function postMode(
  node: NodeRef,
  mode: NodeMode,
  temperature?: { stemp: number; units: TemperatureUnits },
): Promise<unknown> {
  const body = temperature
    ? { mode, stemp: wireTemperature(temperature.stemp), units: temperature.units }
    : { mode };
  return post(nodePath(node, '/mode'), body);
}

/**
 * POST /status `{mode:"runback",stemp,units,time}`: a runback at a temperature for `time`
 * minutes (spec 3 §4; docs/device-protocol.md). Also edits a running runback's time.
 */
export function postRunback(
  node: NodeRef,
  write: { stemp: number; units: TemperatureUnits; time: number },
): Promise<unknown> {
  return post(nodePath(node, '/status'), {
    mode: 'runback',
    stemp: wireTemperature(write.stemp),
    units: write.units,
    time: write.time,
  });
}

export type BoostWrite =
  | {
      active: true;
      temperature: number;
      units: TemperatureUnits;
      /** Minutes, as the gateway counts them. */
      time: number;
    }
  | { active: false };

export function postBoost(node: NodeRef, write: BoostWrite): Promise<unknown> {
  return post(
    nodePath(node, '/boost'),
    write.active ? { ...write, temperature: wireTemperature(write.temperature) } : write,
  );
}

export function postLock(node: NodeRef, locked: boolean): Promise<unknown> {
  return post(nodePath(node, '/lock'), { locked });
}

export function postSelect(node: NodeRef, select: boolean): Promise<unknown> {
  return post(nodePath(node, '/select'), { select });
}
