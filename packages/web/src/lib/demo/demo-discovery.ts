import { createHeater, createMeter, type DemoDevice, type DemoNode } from './demo-model';

/** How long the demo takes to "find" a node once discovery is on (spec 2 §4 in demo). */
export const DEMO_DISCOVERY_FIND_MS = 3_000;

const HEATER_TYPES = ['htr', 'acm', 'thm'] as const;

/** POST /mgr/discovery: on (with an optional type and address) or off. */
export function setDiscovery(dev: DemoDevice, body: DemoDevice['discovery'], now: number): void {
  // As the server, the state is the write as sent (docs/wire-contract.md §5 /mgr/discovery).
  dev.discovery = { ...body };
  dev.discoveryFindAt = body.discovery === 'on' ? now + DEMO_DISCOVERY_FIND_MS : null;
}

/**
 * The node the running discovery finds once its time has come: the uninstalled node at the
 * asked address (a replacement), or a new node of the asked type at the next free address.
 */
export function discoverDue(dev: DemoDevice, now: number): DemoNode | null {
  if (dev.discovery.discovery !== 'on' || dev.discoveryFindAt === null || dev.discoveryFindAt > now)
    return null;
  dev.discoveryFindAt = null;
  const { type = 'htr', addr } = dev.discovery;
  const replaced = dev.nodes.find((n) => n.addr === addr && !n.installed);
  if (replaced) {
    replaced.installed = true;
    return replaced;
  }
  const used = new Set(dev.nodes.map((n) => n.addr));
  let next = addr !== undefined && !used.has(addr) ? addr : 1;
  while (used.has(next)) next += 1;
  const heaterType = HEATER_TYPES.find((t) => t === type);
  const node: DemoNode = heaterType
    ? createHeater(dev.devId, { name: `Heater ${next}`, type: heaterType, ratedW: 1000 }, next)
    : createMeter(dev.devId, `Power monitor ${next}`, next);
  dev.nodes.push(node);
  if (node.kind === 'meter') dev.pmoSystem.main_circuit_pmos.push(node.addr);
  return node;
}
