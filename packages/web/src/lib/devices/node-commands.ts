import {
  NODE_WRITES,
  nodeWriteUrl,
  type NodeMode,
  type NodeType,
  type NodeWriteAction,
  type NodeWriteBody,
  type TemperatureUnits,
} from '@hearth/protocol';
import { http } from '../http';

/** A node as the write paths of docs/wire-contract.md §5 address it. */
export interface NodeRef {
  devId: string;
  type: NodeType;
  addr: number;
}

/**
 * A write to a node, at the method and path protocol's node write table gives it, with the
 * body that write takes (the server checks the same schema). `quiet`: the caller ignores a
 * failure, so no global toast.
 */
export function postNodeWrite<A extends NodeWriteAction>(
  node: NodeRef,
  action: A,
  body: NodeWriteBody<A>,
  options: { quiet?: boolean } = {},
): Promise<unknown> {
  return http.request<unknown>(nodeWriteUrl(node.devId, node, action), {
    method: NODE_WRITES[action].method,
    json: body,
    ...options,
  });
}

/**
 * The mode a write sets for a mode the app holds: modified_auto arises only on the device and
 * no write sets it (spec 3 §4); as the last on mode does (protocol `lastOnModeAfter`), it is
 * written as auto.
 */
function writableMode(mode: NodeMode): NodeWriteBody<'mode'>['mode'] {
  return mode === 'modified_auto' ? 'auto' : mode;
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
  const { mode, stemp, comf_temp, eco_temp, ice_temp, ...rest } = write;
  const body: NodeWriteBody<'status'> = { ...rest };
  if (mode !== undefined) body.mode = writableMode(mode);
  if (stemp !== undefined) body.stemp = wireTemperature(stemp);
  if (comf_temp !== undefined) body.comf_temp = wireTemperature(comf_temp);
  if (eco_temp !== undefined) body.eco_temp = wireTemperature(eco_temp);
  if (ice_temp !== undefined) body.ice_temp = wireTemperature(ice_temp);
  return postNodeWrite(node, 'status', body);
}

export function postMode(
  node: NodeRef,
  mode: NodeMode,
  temperature?: { stemp: number; units: TemperatureUnits },
): Promise<unknown> {
  const body = temperature
    ? {
        mode: writableMode(mode),
        stemp: wireTemperature(temperature.stemp),
        units: temperature.units,
      }
    : { mode: writableMode(mode) };
  return postNodeWrite(node, 'mode', body);
}

/**
 * POST /status `{mode:"runback",stemp,units,time}`: a runback at a temperature for `time`
 * minutes (spec 3 §4; docs/device-protocol.md). Also edits a running runback's time.
 */
export function postRunback(
  node: NodeRef,
  write: { stemp: number; units: TemperatureUnits; time: number },
): Promise<unknown> {
  return postNodeWrite(node, 'status', {
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
  return postNodeWrite(
    node,
    'boost',
    write.active ? { ...write, temperature: wireTemperature(write.temperature) } : write,
  );
}

export function postLock(node: NodeRef, locked: boolean): Promise<unknown> {
  return postNodeWrite(node, 'lock', { locked });
}

export function postSelect(node: NodeRef, select: boolean): Promise<unknown> {
  return postNodeWrite(node, 'select', { select });
}
