import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createClientAddress, LOCAL_NETWORK, networkOf } from './client-address';

function request(remoteAddress: string, forwardedFor?: string): IncomingMessage {
  const headers = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  return { socket: { remoteAddress }, headers } as unknown as IncomingMessage;
}

describe('client address', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY trusts the peer', () => {
    expect(createClientAddress(false)(request('198.51.100.7', '203.0.113.1'))).toBe('198.51.100.7');
    const behindLoopback = createClientAddress('loopback');
    expect(behindLoopback(request('127.0.0.1', '203.0.113.1'))).toBe('203.0.113.1');
    expect(behindLoopback(request('198.51.100.7', '203.0.113.1'))).toBe('198.51.100.7');
  });

  it('takes the address the last trusted proxy saw, as Fastify does', () => {
    const trustAll = createClientAddress(true);
    expect(trustAll(request('127.0.0.1', '203.0.113.1, 10.0.0.2'))).toBe('203.0.113.1');
    const oneHop = createClientAddress((_address, hop) => hop < 1);
    expect(oneHop(request('10.0.0.2', '203.0.113.1, 192.0.2.9'))).toBe('192.0.2.9');
  });

  it('tells networks apart as a search of the local network would', () => {
    expect(networkOf('::ffff:203.0.113.1')).toBe('203.0.113.1');
    // The server's own network: loopback, private and link-local addresses are all one.
    for (const local of ['::1', '127.0.0.1', '::ffff:127.0.0.1', '192.168.1.20', '10.1.2.3'])
      expect(networkOf(local)).toBe(LOCAL_NETWORK);
    expect(networkOf('172.20.0.5')).toBe(LOCAL_NETWORK);
    expect(networkOf('fd00:1::5')).toBe(LOCAL_NETWORK);
    expect(networkOf('fe80::1%eth0')).toBe(LOCAL_NETWORK);
    expect(networkOf('172.32.0.5')).toBe('172.32.0.5');
    // One home's IPv6 devices share the /64 prefix; another home's does not.
    expect(networkOf('2001:DB8:1:2::10')).toBe(networkOf('2001:db8:1:2:aaaa:bbbb:cccc:dddd'));
    expect(networkOf('2001:db8:1:2::10')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('2001:db8:1:3::10')).not.toBe(networkOf('2001:db8:1:2::10'));
  });
});
