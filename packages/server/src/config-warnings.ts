import type { Config } from './config';

export interface ConfigWarning {
  msg: string;
  fields: Record<string, string>;
}

/**
 * Settings that start a working server which will still surprise its operator, said once at
 * start: mailed links on the listening address in production, and several processes on one
 * broker (Redis shared) that would each take every gateway message without a share group.
 */
export function configWarnings(config: Config, listeningAt: string): ConfigWarning[] {
  const warnings: ConfigWarning[] = [];
  if (config.production && !config.publicUrl)
    warnings.push({
      msg: 'PUBLIC_URL is not set: mailed links open this address',
      fields: { url: listeningAt },
    });
  if (config.redisUrl && config.mqttUrl && !config.mqttShareGroup)
    warnings.push({
      msg: 'REDIS_URL and MQTT_URL are set but MQTT_SHARE_GROUP is not: every process of the cluster takes every gateway message, so the apps get each update once per process',
      fields: { fix: 'set MQTT_SHARE_GROUP to the same name in every process' },
    });
  return warnings;
}
