import type { DevData, UpdateEvent } from '@hearth/protocol';
import { homeOf, publish, type DemoContext } from './demo-context';
import { createDemoWorld, type DemoWorld } from './demo-model';
import { DemoBadRequest } from './demo-node-writes';
import { DemoHttpFailure, dispatch, type DemoAnswer } from './demo-router';
import { accountRoutes } from './demo-routes-account';
import { catalogRoutes } from './demo-routes-catalog';
import { cloudLinkRoutes } from './demo-routes-cloud-link';
import { comfortRoutes } from './demo-routes-comfort';
import { deviceRoutes } from './demo-routes-devices';
import { energyRoutes } from './demo-routes-energy';
import { homeRoutes } from './demo-routes-homes';
import { sharingRoutes } from './demo-routes-sharing';
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
  const now = options.now ?? (() => Date.now());
  const ctx: DemoContext = {
    world: options.world ?? createDemoWorld(now()),
    now,
    random: options.random ?? Math.random,
    onDashboard: options.onDashboard ?? (() => false),
    emit: (devId, event) => listeners.get(devId)?.forEach((l) => l(event)),
  };
  const routes = [
    ...catalogRoutes(),
    ...accountRoutes(ctx),
    ...sharingRoutes(ctx),
    ...homeRoutes(ctx),
    ...deviceRoutes(ctx),
    ...cloudLinkRoutes(),
    ...energyRoutes(ctx),
    ...comfortRoutes(ctx),
  ];

  /**
   * What happens by itself, as the device model runs it on the demo clock: rooms warm and cool,
   * storage heaters charge, a boost or a runback ends when its time is up (spec 3 §4), the
   * programme steps to its next slot, a running discovery finds a node. What changed is pushed.
   */
  function tick(): void {
    const at = ctx.now();
    for (const dev of ctx.world.devices.values()) {
      dev.model.advanceTo(at);
      publish(ctx, dev);
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
    return dev ? devData(dev, homeOf(ctx, dev).geo) : undefined;
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
