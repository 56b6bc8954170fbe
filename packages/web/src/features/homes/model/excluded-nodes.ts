import type { PresenceConfig } from '../api/homes-api';

type Excluded = PresenceConfig['excluded_nodes'];

export function isExcluded(excluded: Excluded, devId: string, addr: number): boolean {
  return excluded.some((e) => e.devid === devId && e.nodes.includes(addr));
}

/** Adds or removes one node; a device left with no excluded nodes disappears from the list. */
export function toggleExcluded(excluded: Excluded, devId: string, addr: number): Excluded {
  const entry = excluded.find((e) => e.devid === devId);
  const nodes = entry?.nodes ?? [];
  const nextNodes = nodes.includes(addr) ? nodes.filter((a) => a !== addr) : [...nodes, addr];
  const others = excluded.filter((e) => e.devid !== devId);
  return nextNodes.length > 0 ? [...others, { devid: devId, nodes: nextNodes }] : others;
}
