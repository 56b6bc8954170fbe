import {
  celsiusToFahrenheit,
  type GuestScope,
  type NodeMode,
  type TemperatureUnits,
} from '@hearth/protocol';
import type { MyAccess } from './my-access';

/**
 * What the app offers a member (docs/sharing.md): the owner and residents every control; a
 * guest only the rooms, set points, modes and boost of the scope, and nothing outside its
 * window. `undefined` access (the owner, or rights not read yet) restricts nothing; the server
 * checks every write anyway.
 */
export function guestScope(access: MyAccess | undefined): GuestScope | undefined {
  return access?.role === 'guest' ? access.scope : undefined;
}

export interface NodeRef {
  devId: string;
  type: string;
  addr: number;
}

/** Whether the member may see and control the node. */
export function nodeShared(access: MyAccess | undefined, node: NodeRef): boolean {
  const scope = guestScope(access);
  if (access?.role === 'guest' && !access.active) return false;
  if (!scope?.nodes) return true;
  return scope.nodes.some(
    (n) => n.devId === node.devId && n.type === node.type && n.addr === node.addr,
  );
}

/** A guest's set-point bounds in the node's units, inside the node's own limits. */
export function scopedLimits<L extends { min: number; max: number; units: TemperatureUnits }>(
  limits: L,
  access: MyAccess | undefined,
): L {
  const scope = guestScope(access);
  if (!scope) return limits;
  const toUnits = (c: number) => (limits.units === 'F' ? celsiusToFahrenheit(c) : c);
  // Fahrenheit steps are whole degrees: the bound rounds inward so a chosen value stays inside.
  const min = scope.minC === undefined ? limits.min : Math.ceil(toUnits(scope.minC) * 2) / 2;
  const max = scope.maxC === undefined ? limits.max : Math.floor(toUnits(scope.maxC) * 2) / 2;
  const lo = limits.units === 'F' ? Math.ceil(min) : min;
  const hi = limits.units === 'F' ? Math.floor(max) : max;
  return { ...limits, min: Math.max(limits.min, lo), max: Math.min(limits.max, hi) };
}

/** The modes of `offered` the member may choose; a boost is the scope's `boost`, not a mode. */
export function scopedModes(
  offered: readonly NodeMode[],
  access: MyAccess | undefined,
): NodeMode[] {
  const scope = guestScope(access);
  if (!scope) return [...offered];
  return offered.filter((m) =>
    m === 'boost' ? scope.boost !== false : !scope.modes || scope.modes.includes(m),
  );
}

/** Whether the member may start a boost. */
export function boostAllowed(access: MyAccess | undefined): boolean {
  return guestScope(access)?.boost !== false;
}
