import { ConfigError, createHearth, loadConfig } from './index';
import { createLogger } from './logger';

const log = createLogger(process.env.LOG_LEVEL ?? 'info');

async function main(): Promise<void> {
  const config = loadConfig();
  const hearth = await createHearth(config);
  const url = await hearth.listen();
  const demo = await hearth.seedDemo();
  log.info({ url, mqtt: hearth.gatewayMqttUrl() }, `Hearth is listening on ${url}`);
  if (demo) log.info({ email: demo.email, password: demo.password }, 'demo account ready');
  const stop = (signal: string) => {
    log.info({ signal }, 'shutting down');
    hearth.close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) log.fatal(err.message);
  else log.fatal({ err }, 'Hearth failed to start');
  process.exit(1);
});
