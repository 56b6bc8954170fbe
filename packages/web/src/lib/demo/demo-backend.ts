import { deviceClockAt, type DevData, type UpdateEvent } from '@hearth/protocol';
import { emitNode, emitNodeList, homeOf, type DemoContext } from './demo-context';
import { discoverDue } from './demo-discovery';
import { createDemoWorld, type DemoWorld } from './demo-model';
import { DemoBadRequest, endBoost } from './demo-node-writes';
import { DemoHttpFailure, dispatch, type DemoAnswer } from './demo-router';
import { accountRoutes } from './demo-routes-account';
import { catalogRoutes } from './demo-routes-catalog';
import { deviceRoutes } from './demo-routes-devices';
import { homeRoutes } from './demo-routes-homes';
import { devData } from './demo-wire';

export interface DemoBackendOptions {
  now?: () => number;
  random?: () => number;
  onDashboard?: () => boolean;
  world?: DemoWorld;
}

export type DemoListener = (event: UpdateEvent) => void;

/**
 * docs/design.md §4: the in-browser fake backend of demo mode. It answers the wire shapes of
 * docs/wire-contract.md from the five sample homes, applies writes to its own state and pushes the
 * resulting `update`s to its demo sockets; nothing leaves the browser.
 */
export function createDemoBackend(options: DemoBackendOptions = {}) {
  const listeners = new Map<string, Set<DemoListener>>();
  const ctx: DemoContext = {
    world: options.world ?? createDemoWorld(),
    now: options.now ?? (() => Date.now()),
    random: options.random ?? Math.random,
    onDashboard: options.onDashboard ?? (() => false),
    emit: (devId, event) => listeners.get(devId)?.forEach((l) => l(event)),
  };
  const routes = [
    ...catalogRoutes(),
    ...accountRoutes(ctx),
    ...homeRoutes(ctx),
    ...deviceRoutes(ctx),
  ];

  /**
   * What happens by itself: a boost or a runback ends when its time is up (spec 3 §4,
   * simulated locally), and a running discovery finds a node.
   */
  function tick(): void {
    const now = ctx.now();
    for (const dev of ctx.world.devices.values()) {
      const found = discoverDue(dev, now);
      if (found) {
        emitNodeList(ctx, dev);
        emitNode(ctx, dev, found);
      }
      // A new half hour may bring a new programme slot: auto heaters report their set point.
      const clock = deviceClockAt(now, dev.timeZone);
      const halfHour = clock.w * 48 + clock.h * 2 + (clock.m >= 30 ? 1 : 0);
      const slotChanged = dev.halfHour !== null && dev.halfHour !== halfHour;
      dev.halfHour = halfHour;
      for (const node of dev.nodes) {
        if (node.kind !== 'heater') continue;
        const boostOver = node.boostEndMs !== null && node.boostEndMs <= now;
        if (boostOver) endBoost(node);
        if (boostOver || (slotChanged && node.mode === 'auto')) emitNode(ctx, dev, node);
      }
    }
  }

  /** One request as the server would answer it: status and JSON body. */
  function handle(method: string, path: string, body?: unknown): DemoAnswer {
    tick();
    try {
      return dispatch(routes, method, path, body);
    } catch (error) {
      if (error instanceof DemoHttpFailure)
        return {
          status: error.status,
          body: { message: error.message, statusCode: error.status, error: error.code },
        };
      if (error instanceof DemoBadRequest)
        return {
          status: 400,
          body: { message: error.message, statusCode: 400, error: 'validation_failed' },
        };
      throw error;
    }
  }

  /** The snapshot a device's socket answers to `dev_data`; undefined for an unknown device. */
  function snapshot(devId: string): DevData | undefined {
    const dev = ctx.world.devices.get(devId);
    return dev ? devData(dev, homeOf(ctx, dev).geo, ctx.now()) : undefined;
  }

  function subscribe(devId: string, listener: DemoListener): () => void {
    const set = listeners.get(devId) ?? new Set<DemoListener>();
    set.add(listener);
    listeners.set(devId, set);
    return () => {
      set.delete(listener);
    };
  }

  return { handle, snapshot, subscribe, tick };
}

export type DemoBackend = ReturnType<typeof createDemoBackend>;
