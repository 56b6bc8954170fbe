import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_CLIENT_ID, DEV_CLIENT_SECRET } from '@hearth/protocol';
import { ConfigError, loadConfig } from './config';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has development defaults: port 8080, PGlite in the data folder, embedded broker, demo on', () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      database: { kind: 'pglite', dataDir: join(dir, 'db') },
      mqttUrl: undefined,
      clientId: DEV_CLIENT_ID,
      clientSecret: DEV_CLIENT_SECRET,
      demo: true,
      production: false,
    });
    expect(c.webDist.endsWith(join('packages', 'web', 'dist'))).toBe(true);
  });

  it('generates the JWT secret and gateway key once and keeps them across restarts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret).toHaveLength(64);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.gatewayKey).toBe(first.gatewayKey);
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'))).toEqual({
      jwtSecret: first.jwtSecret,
      gatewayKey: first.gatewayKey,
    });
  });

  it('uses PostgreSQL for a postgres URL and in-memory PGlite for memory://', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
    });
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'memory://' }).database).toEqual({
      kind: 'pglite',
      dataDir: undefined,
    });
  });

  it('refuses to start in production without its own secrets, and turns the demo off there', () => {
    const dir = dataDir();
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(
      /CLIENT_SECRET, JWT_SECRET, GATEWAY_KEY must be set/,
    );
    const c = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      CLIENT_SECRET: 'prod-client-secret',
      JWT_SECRET: 'a-long-enough-jwt-secret',
      GATEWAY_KEY: 'a-long-enough-gateway-key',
    });
    expect(c).toMatchObject({ production: true, demo: false, clientSecret: 'prod-client-secret' });
  });

  it('lists every bad variable in one clear error', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        DEMO: 'maybe',
        JWT_SECRET: 'short',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const key of ['PORT', 'DATABASE_URL', 'DEMO', 'JWT_SECRET'])
      expect(message).toContain(key);
  });

  it('takes the MQTT share group from the environment and refuses one with topic characters', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), MQTT_SHARE_GROUP: 'hearth' }).mqttShareGroup).toBe(
      'hearth',
    );
    expect(loadConfig({ DATA_DIR: dataDir() }).mqttShareGroup).toBeUndefined();
    for (const bad of ['a/b', 'g+', '#', 'two words'])
      expect(() => loadConfig({ DATA_DIR: dataDir(), MQTT_SHARE_GROUP: bad })).toThrow(
        /MQTT_SHARE_GROUP/,
      );
  });
  it('serves no metrics unless METRICS_PORT is set; then on loopback, with an optional token', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metrics).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
      token: undefined,
    });
    const token = 'a-metrics-token-0123';
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        METRICS_PORT: '9464',
        METRICS_HOST: '0.0.0.0',
        METRICS_TOKEN: token,
      }).metrics,
    ).toEqual({ port: 9464, host: '0.0.0.0', token });
    const refused: Array<[Record<string, string>, RegExp]> = [
      [{ METRICS_PORT: 'nine' }, /METRICS_PORT/],
      [{ METRICS_PORT: '70000' }, /METRICS_PORT/],
      [{ METRICS_PORT: '9464', METRICS_TOKEN: 'short' }, /METRICS_TOKEN: must be at least 16/],
      [{ METRICS_TOKEN: token }, /METRICS_TOKEN is set but METRICS_PORT is not/],
      [{ PORT: '8080', METRICS_PORT: '8080' }, /METRICS_PORT must differ from PORT/],
    ];
    for (const [env, message] of refused) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
    }
  });
});
