import { describe, expect, it } from 'vitest';
import {
  gatewayDeviceObjectSchema,
  gatewayTopics,
  isGatewayOwnTopic,
  parseGatewayTopic,
} from './gateway';

describe('gateway topics', () => {
  it('round-trips an up path through the topic', () => {
    const topic = gatewayTopics.up('0123456789abcdef01', '/htr/2/status');
    expect(topic).toBe('hearth/gw/0123456789abcdef01/up/htr/2/status');
    expect(parseGatewayTopic(topic)).toEqual({
      devId: '0123456789abcdef01',
      kind: 'up',
      path: '/htr/2/status',
    });
  });

  it('reads the fixed kinds and rejects anything else', () => {
    expect(parseGatewayTopic('hearth/gw/abc/connected')).toEqual({
      devId: 'abc',
      kind: 'connected',
    });
    expect(parseGatewayTopic('hearth/gw/abc/ack')).toEqual({ devId: 'abc', kind: 'ack' });
    expect(parseGatewayTopic('hearth/gw/abc/connected/extra')).toBeUndefined();
    expect(parseGatewayTopic('hearth/gw/abc/unknown')).toBeUndefined();
    expect(parseGatewayTopic('hearth/gw/abc/up')).toBeUndefined();
    expect(parseGatewayTopic('other/abc/connected')).toBeUndefined();
  });

  it('lets a gateway touch only its own topics', () => {
    expect(isGatewayOwnTopic('abc', 'hearth/gw/abc/cmd')).toBe(true);
    expect(isGatewayOwnTopic('abc', 'hearth/gw/abc/up/htr/1/status')).toBe(true);
    expect(isGatewayOwnTopic('abc', 'hearth/gw/abd/cmd')).toBe(false);
    expect(isGatewayOwnTopic('abc', 'hearth/gw/+/cmd')).toBe(false);
    expect(isGatewayOwnTopic('abc', 'hearth/gw/#')).toBe(false);
    expect(isGatewayOwnTopic('+', 'hearth/gw/+/cmd')).toBe(false);
  });
});

describe('device objects a gateway publishes', () => {
  const valid = (path: string, body: unknown) =>
    gatewayDeviceObjectSchema(path)?.safeParse(body).success;

  it('has a schema for each documented device path and none for others', () => {
    for (const path of [
      '/mgr/away_status',
      '/mgr/discovery',
      '/mgr/rtc/time',
      '/geo_data',
      '/htr_system/power_limit',
      '/pmo_system',
      '/pmo/5/power_limit',
      '/pmo/5/power',
    ]) {
      expect(gatewayDeviceObjectSchema(path), path).toBeDefined();
    }
    for (const path of ['/whatever', '/htr/2/power', '/pmo/x/power', '/toString', '/mgr']) {
      expect(gatewayDeviceObjectSchema(path), path).toBeUndefined();
    }
  });

  it('takes the shapes the app reads at those paths (docs/wire-contract.md §1, §5)', () => {
    expect(valid('/mgr/away_status', { enabled: true, away: false, forced: false })).toBe(true);
    expect(valid('/mgr/away_status', { away: 'yes' })).toBe(false);
    expect(valid('/htr_system/power_limit', { power_limit: '2000' })).toBe(true);
    expect(valid('/htr_system/power_limit', { power_limit: 2000 })).toBe(false);
    expect(valid('/pmo/5/power', { power: '1234.0' })).toBe(true);
    expect(valid('/pmo/5/power', { power: 1234 })).toBe(false);
    expect(valid('/mgr/rtc/time', { y: 2026, n: 1, d: 2, h: 3, m: 4, s: 5, w: 5 })).toBe(true);
    expect(valid('/mgr/discovery', { discovery: 'maybe' })).toBe(false);
  });
});
