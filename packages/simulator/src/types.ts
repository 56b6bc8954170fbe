import type { NodeSpec, SimClock } from '@hearth/device-model';

export type { NodeSpec, SimClock } from '@hearth/device-model';

export interface Logger {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
  error(...a: unknown[]): void;
}

export interface GatewaySpec {
  devId: string;
  secret: string;
  /** IANA zone of the home, e.g. "Europe/Madrid": the device clock and programme follow it. */
  timezone: string;
  preset?: 'house' | 'flat';
  nodes?: NodeSpec[];
  /** °C; default 8. */
  outdoorTemp?: number;
}

export interface FleetOptions {
  /** mqtt://host:port, or ws://host:port/mqtt (the server's embedded broker). */
  mqttUrl: string;
  gateways: GatewaySpec[];
  /** How often changing values (mtemp, power, charge) and samples are published; default 30000. */
  reportIntervalMs?: number;
  /**
   * When each gateway's periodic reports fall: 'aligned' (default) reports every gateway one
   * interval after it starts, so gateways started together report together; 'spread' gives
   * each a fixed phase within the interval, derived from its dev_id and the seed, as the
   * gateways of a real fleet, powered up at different times, report.
   */
  reportPhase?: 'aligned' | 'spread';
  /** Injectable time for deterministic tests (default real time). */
  clock?: SimClock;
  seed?: number;
  /**
   * 'aired' (default): the simulated day airs a room's window now and then, as people do;
   * 'shut': every window stays shut for the whole run unless a test hook opens one
   * (GatewayModel.setWindow), so what the nodes show does not change by chance.
   */
  windows?: WindowsOption;
  logger?: Logger;
}

export type WindowsOption = 'aired' | 'shut';

export const silentLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
