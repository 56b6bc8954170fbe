import { describe, expect, it } from 'vitest';
import { gatewayTopics, isGatewayOwnTopic, parseGatewayTopic } from './gateway';

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
