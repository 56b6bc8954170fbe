import type { Config } from './config';
import { buildHearth, type Hearth } from './hearth';

export { loadConfig, ConfigError, type Config } from './config';
export type { Hearth } from './hearth';
export type { DemoSeed } from './demo/demo-seed';
export { DEMO_EMAIL, DEMO_PASSWORD, DEMO_HOMES } from './demo/demo-seed';

/** Builds the whole server (database migrated, broker or broker client ready); call listen() to serve. */
export function createHearth(config: Config): Promise<Hearth> {
  return buildHearth(config);
}
