import { isValidDevId } from '@hearth/protocol';
import { assertTimeZone, realClock } from './clock';
import { SimGateway } from './gateway';
import { GatewayModel } from './model';
import { createNodes, PRESETS } from './node';
import { createRng, hashString } from './rng';
import { silentLogger, type FleetOptions, type GatewaySpec } from './types';

export const DEFAULT_REPORT_INTERVAL_MS = 30_000;
export const DEFAULT_OUTDOOR_C = 8;

export interface Fleet {
  gateways: SimGateway[];
  stop(): Promise<void>;
}

/** The model of one gateway as its spec describes it, deterministic for a seed. */
export function createGatewayModel(spec: GatewaySpec, startMs: number, seed = 0): GatewayModel {
  if (!isValidDevId(spec.devId)) throw new Error(`dev_id must be 18 hex characters: ${spec.devId}`);
  assertTimeZone(spec.timezone);
  const gatewaySeed = (seed ^ hashString(spec.devId)) >>> 0;
  const specs = spec.nodes ?? PRESETS[spec.preset ?? 'house'];
  return new GatewayModel({
    devId: spec.devId,
    timezone: spec.timezone,
    outdoorC: spec.outdoorTemp ?? DEFAULT_OUTDOOR_C,
    nodes: createNodes(spec.devId, specs, createRng(gatewaySeed)),
    startMs,
    seed: gatewaySeed,
  });
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const clock = options.clock ?? realClock;
  const logger = options.logger ?? silentLogger;
  const reportIntervalMs = options.reportIntervalMs ?? DEFAULT_REPORT_INTERVAL_MS;
  if (!(reportIntervalMs >= 1)) throw new Error('reportIntervalMs must be at least 1 ms');
  const gateways = options.gateways.map(
    (spec) =>
      new SimGateway({
        devId: spec.devId,
        secret: spec.secret,
        mqttUrl: options.mqttUrl,
        model: createGatewayModel(spec, clock.now(), options.seed ?? 0),
        clock,
        reportIntervalMs,
        logger,
      }),
  );
  await Promise.all(gateways.map((g) => g.start()));
  return {
    gateways,
    stop: async () => {
      await Promise.all(gateways.map((g) => g.disconnect()));
    },
  };
}
