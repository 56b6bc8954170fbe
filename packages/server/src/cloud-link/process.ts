import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createLogger } from '../logger';
import { createMailer, DEFAULT_MAIL_FROM } from '../mail';
import { createRepositories } from '../repositories';
import { createServerCloudBridges } from './server-bridges';

/**
 * `npm run cloud-link`: the linked devices' bridges as their own process (CLOUD_LINK=process
 * on the servers), reaching Hearth over the MQTT broker its gateways use and reading the
 * links from the shared PostgreSQL database.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  if (config.database.kind !== 'postgres')
    throw new ConfigError('npm run cloud-link needs DATABASE_URL (the servers’ PostgreSQL)');
  if (config.mqttUrl === undefined)
    throw new ConfigError('npm run cloud-link needs MQTT_URL (the broker the gateways use)');
  if (config.cloudUpstreams.length === 0) log.warn('no cloud is configured: nothing to run');
  const database = await openDatabase(config.database, log);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    from: DEFAULT_MAIL_FROM,
    log,
  });
  const publicUrl = config.publicUrl;
  if (publicUrl === undefined) throw new ConfigError('npm run cloud-link needs PUBLIC_URL');
  const mqttUrl = config.mqttUrl;
  const bridges = createServerCloudBridges({
    config,
    db: database.db,
    repos: createRepositories(database.db),
    mailer,
    log,
    mqttUrl: () => mqttUrl,
    publicUrl: () => publicUrl,
  });
  // Runs the bridges while it holds their lock (one such process per deployment; another
  // started beside it stands by), reading the API's links every CLOUD_LINK_SYNC_MS.
  await bridges.start();
  log.info('cloud link running');
  const stop = (signal: string) => {
    log.info({ signal }, 'cloud link stopping');
    void bridges
      .close()
      .then(async () => {
        mailer.close();
        await database.close();
      })
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  const log = createLogger('info');
  if (err instanceof ConfigError) log.fatal(err.message);
  else log.fatal({ err }, 'cloud link failed to start');
  process.exit(1);
});
