import type { NodeType } from '@hearth/protocol';

/** Spec 2 §4: a thermostat node type is treated as a heater when discovery is set. */
export function discoveryType(type: NodeType): NodeType {
  return type === 'thm' ? 'htr' : type;
}

/** Spec 2 §4: a specific address, or a power monitor, ends discovery after the first find. */
export function endsAfterFirstFind(type: NodeType, addr: number | undefined): boolean {
  return addr !== undefined || type === 'pmo';
}

/** Each increase of the installed node count counts as found nodes. */
export function foundSince(baseline: number, installedNow: number): number {
  return Math.max(0, installedNow - baseline);
}

/**
 * Spec 3 §5: the main-circuit toggle is disabled when only one power monitor is installed and it
 * is in the main circuit (a home always keeps one main-circuit meter).
 */
export function mainCircuitLocked(installedPmos: number[], mainCircuit: number[], addr: number) {
  return installedPmos.length === 1 && installedPmos[0] === addr && mainCircuit.includes(addr);
}
