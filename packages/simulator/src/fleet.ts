import { isValidDevId } from '@hearth/protocol';
import { assertTimeZone, realClock } from '@hearth/device-model';
import { SimGateway } from './gateway';
import { GatewayModel } from '@hearth/device-model';
import { createNodes, PRESETS } from '@hearth/device-model';
import { createRng, hashString } from '@hearth/device-model';
import { silentLogger, type FleetOptions, type GatewaySpec, type WindowsOption } from './types';

export const DEFAULT_REPORT_INTERVAL_MS = 30_000;
export const DEFAULT_OUTDOOR_C = 8;

export interface Fleet {
  gateways: SimGateway[];
  stop(): Promise<void>;
}

/** The windows option as the CLI (--windows) or the launcher (SIM_WINDOWS) spells it. */
export function windowsOption(value: string | undefined, name: string): WindowsOption {
  if (value === undefined || value === '') return 'aired';
  if (value === 'aired' || value === 'shut') return value;
  throw new Error(`${name} must be aired or shut, not ${value}`);
}

/** The model of one gateway as its spec describes it, deterministic for a seed. */
export function createGatewayModel(
  spec: GatewaySpec,
  startMs: number,
  seed = 0,
  windows: WindowsOption = 'aired',
): GatewayModel {
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
    airing: windows === 'aired',
  });
}

/**
 * A gateway's first periodic report in a spread fleet: a fixed point within the interval
 * (at least 1 ms in), the same for a dev_id and seed from run to run.
 */
export function reportPhaseMs(devId: string, seed: number, intervalMs: number): number {
  const rng = createRng((hashString(`report-phase:${devId}`) ^ seed) >>> 0);
  return 1 + Math.floor(rng() * Math.max(1, intervalMs - 1));
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
        model: createGatewayModel(spec, clock.now(), options.seed ?? 0, options.windows),
        clock,
        reportIntervalMs,
        firstReportMs:
          options.reportPhase === 'spread'
            ? reportPhaseMs(spec.devId, options.seed ?? 0, reportIntervalMs)
            : undefined,
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
