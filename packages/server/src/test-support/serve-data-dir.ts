import { join } from 'node:path';
import { loadConfig, type Config } from '../config';
import { buildHearth, type HearthInternals } from '../hearth';
import { createRepositories, type Repositories } from '../repositories';
import type { Tracing } from '../tracing';
import { TEST_CLIENT } from './test-hearth';

export interface ServedDataDir {
  hearth: HearthInternals;
  repos: Repositories;
  url: string;
  config: Config;
}

/**
 * A server of its own on the data folder `dataDir`, listening: on the embedded database kept
 * there unless `database` names another (`memory://`, a PostgreSQL URL), without the demo.
 * What a test of a restart, a drain, a backup or tracing starts; it closes the server itself.
 */
export async function serveDataDir(
  dataDir: string,
  opts: {
    database?: string;
    /** The JWT secret and gateway key are generated into the folder, as outside tests. */
    generatedSecrets?: boolean;
    /** Tracing of set-point writes (an in-memory exporter) instead of TRACING's. */
    tracing?: Tracing;
  } = {},
): Promise<ServedDataDir> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: opts.database,
    CLIENT_ID: TEST_CLIENT.id,
    CLIENT_SECRET: TEST_CLIENT.secret,
    ...(opts.generatedSecrets
      ? {}
      : { JWT_SECRET: 'test-jwt-secret-0123456789', GATEWAY_KEY: 'test-gateway-key-0123456789' }),
    WEB_DIST: join(dataDir, 'no-web-app'),
    DEMO: 'false',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  const hearth = await buildHearth(config, { tracing: opts.tracing });
  const url = await hearth.listen();
  return { hearth, repos: createRepositories(hearth.db), url, config };
}
