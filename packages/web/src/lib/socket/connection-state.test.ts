import { beforeEach, describe, expect, test } from 'vitest';
import { GATEWAY_REPORT_INTERVAL_MS } from '@hearth/protocol';
import { nextSocketEntry, reachabilityFrom, serverLink, staleSince } from './connection-state';
import { useConnectionStore } from './connection-store';

describe('connection state model', () => {
  test('no network, no answer from the server, and all well are three different states', () => {
    expect(serverLink(false, true)).toBe('offline');
    expect(serverLink(false, false)).toBe('offline');
    expect(serverLink(true, false)).toBe('unreachable');
    expect(serverLink(true, true)).toBe('ok');
  });

  test('a socket remembers when it stopped being connected, over every later failure', () => {
    let e = nextSocketEntry(undefined, 'connecting', 1_000);
    expect(e).toEqual({ status: 'connecting' });
    e = nextSocketEntry(e, 'connected', 2_000);
    expect(e).toEqual({ status: 'connected' });
    e = nextSocketEntry(e, 'reconnecting', 5_000);
    expect(e).toEqual({ status: 'reconnecting', lostAt: 5_000 });
    e = nextSocketEntry(e, 'unreachable', 9_000);
    expect(e).toEqual({ status: 'unreachable', lostAt: 5_000 });
    e = nextSocketEntry(e, 'connected', 20_000);
    expect(e).toEqual({ status: 'connected' });
  });

  test('values are stale only once a report interval has passed without the socket', () => {
    expect(GATEWAY_REPORT_INTERVAL_MS).toBe(30_000);
    const lost = { status: 'unreachable' as const, lostAt: 10_000 };
    expect(staleSince(lost, 10_000 + GATEWAY_REPORT_INTERVAL_MS)).toBeUndefined();
    expect(staleSince(lost, 10_001 + GATEWAY_REPORT_INTERVAL_MS)).toBe(10_000);
    expect(staleSince({ status: 'connected' }, 10 ** 9)).toBeUndefined();
    // Never connected: nothing live was ever shown, so nothing is passed off as live.
    expect(staleSince({ status: 'connecting' }, 10 ** 9)).toBeUndefined();
    expect(staleSince(undefined, 10 ** 9)).toBeUndefined();
  });

  test('a connection or a refusal is an answer; a socket still trying says nothing yet', () => {
    expect(reachabilityFrom('connected')).toBe(true);
    expect(reachabilityFrom('refused')).toBe(true);
    expect(reachabilityFrom('unreachable')).toBe(false);
    expect(reachabilityFrom('reconnecting')).toBeUndefined();
    expect(reachabilityFrom('connecting')).toBeUndefined();
  });
});

describe('connection store', () => {
  beforeEach(() => useConnectionStore.setState({ sockets: {}, reachable: true }));

  test('the latest word wins, from HTTP or from a socket', () => {
    const s = () => useConnectionStore.getState();
    s().reportSocket('a', 'connected', 1);
    s().reportSocket('a', 'reconnecting', 2);
    expect(s().reachable).toBe(true);
    s().reportSocket('a', 'unreachable', 3);
    expect(s().reachable).toBe(false);
    s().reportHttp(true);
    expect(s().reachable).toBe(true);
    s().reportHttp(false);
    expect(s().reachable).toBe(false);
    s().reportSocket('a', 'connected', 4);
    expect(s().reachable).toBe(true);
    expect(s().sockets.a).toEqual({ status: 'connected' });
    s().forgetSocket('a');
    expect(s().sockets).toEqual({});
  });
});
