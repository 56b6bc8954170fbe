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
  // SIGTERM (a rolling restart, docker stop, Kubernetes) drains: no new connections, the
  // requests in flight finish (DRAIN_TIMEOUT_MS at most), app sockets and gateways are sent
  // to reconnect elsewhere, batched writes are stored. A second Ctrl-C stops at once (a
  // supervisor's SIGTERM after the terminal's SIGINT does not).
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      if (signal !== 'SIGINT') return;
      log.warn({ signal }, 'stopping at once');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down');
    hearth.drain().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) log.fatal(err.message);
  else log.fatal({ err }, 'Hearth failed to start');
  process.exit(1);
});
