import type { SimNode } from '@hearth/device-model';
import type { UpdateEvent } from '@hearth/protocol';
import type { DemoDevice, DemoHome, DemoWorld } from './demo-model';
import { DemoHttpFailure, notFound } from './demo-router';
import { changedObjects } from './demo-wire';

/** What the route handlers share: the state, the clock, and the realtime fan-out. */
export interface DemoContext {
  world: DemoWorld;
  now: () => number;
  random: () => number;
  /** Spec 1 §9: the dashboard reads a fixed demo power, other screens a random one. */
  onDashboard: () => boolean;
  emit: (devId: string, event: UpdateEvent) => void;
}

export function findDevice(ctx: DemoContext, devId: string): DemoDevice {
  const dev = ctx.world.devices.get(devId.toLowerCase());
  if (!dev) throw notFound('device');
  return dev;
}

export function findHome(ctx: DemoContext, homeId: string): DemoHome {
  const home = ctx.world.homes.find((h) => h.id === homeId);
  if (!home) throw notFound('home');
  return home;
}

export function homeOf(ctx: DemoContext, dev: DemoDevice): DemoHome {
  return findHome(ctx, dev.homeId);
}

export function findNode(dev: DemoDevice, type: string, addr: string): SimNode {
  // As the server: an address is digits only, so "0x2" or "2e0" is not node 2 (docs/wire-contract.md §1).
  if (!/^\d{1,10}$/.test(addr))
    throw new DemoHttpFailure(
      400,
      'validation_failed',
      'Invalid params at /addr: must be a node address, a whole number',
    );
  const type_ = type === 'htr_mod' ? 'htr' : type;
  const node = dev.model.nodes.find((n) => n.type === type_ && n.addr === Number(addr));
  if (!node) throw notFound('node');
  return node;
}

/**
 * Pushes what the device's gateway reports anew (the device model's objects that changed) to
 * its demo sockets, as the server forwards a gateway's reports.
 */
export function publish(ctx: DemoContext, dev: DemoDevice): void {
  for (const event of changedObjects(dev)) ctx.emit(dev.devId, event);
}

/**
 * Spec 2 §4: an erased node, or a device gone from the home, leaves its quiet-home exclusions;
 * a device left with no address loses its entry (as the server keeps them).
 */
export function forgetExcluded(home: DemoHome, devId: string, addr?: number): void {
  const ofDev = (devid: string) => devid.toLowerCase() === devId.toLowerCase();
  const excluded = (n: number) => addr === undefined || n === addr;
  home.presence.excluded_nodes = home.presence.excluded_nodes
    .map((e) => (ofDev(e.devid) ? { ...e, nodes: e.nodes.filter((n) => !excluded(n)) } : e))
    .filter((e) => e.nodes.length > 0);
}
