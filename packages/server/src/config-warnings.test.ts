import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { configWarnings } from './config-warnings';

const dataDir = () => mkdtempSync(join(tmpdir(), 'hearth-config-warnings-'));
const warningsOf = (env: Record<string, string>) =>
  configWarnings(loadConfig({ DATA_DIR: dataDir(), ...env }), 'http://127.0.0.1:8080').map(
    (w) => w.msg.split(':')[0],
  );

describe('configWarnings', () => {
  it('warns of a cluster on one broker whose processes share no subscription group', () => {
    const cluster = { REDIS_URL: 'redis://127.0.0.1:6379', MQTT_URL: 'mqtt://127.0.0.1:1883' };
    expect(warningsOf(cluster)).toEqual([
      'REDIS_URL and MQTT_URL are set but MQTT_SHARE_GROUP is not',
    ]);
    expect(warningsOf({ ...cluster, MQTT_SHARE_GROUP: 'hearth' })).toEqual([]);
  });

  it('says nothing of one process, with its own broker or an external one', () => {
    expect(warningsOf({})).toEqual([]);
    expect(warningsOf({ MQTT_URL: 'mqtt://127.0.0.1:1883' })).toEqual([]);
    expect(warningsOf({ REDIS_URL: 'redis://127.0.0.1:6379' })).toEqual([]);
  });

  it('warns a production server with no PUBLIC_URL that mails link to where it listens', () => {
    const production = {
      NODE_ENV: 'production',
      CLIENT_SECRET: 'c'.repeat(32),
      JWT_SECRET: 'j'.repeat(32),
      GATEWAY_KEY: 'g'.repeat(32),
    };
    expect(warningsOf(production)).toEqual(['PUBLIC_URL is not set']);
    expect(warningsOf({ ...production, PUBLIC_URL: 'https://heat.example' })).toEqual([]);
  });
});
