import type { IncomingMessage } from 'node:http';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../config';

type TrustFn = (address: string, hop: number) => boolean;

/** The same reading of TRUST_PROXY as Fastify's (fastify/lib/request.js `getTrustProxyFn`). */
function trustFnOf(trustProxy: TrustProxy): TrustFn | undefined {
  if (trustProxy === false) return undefined;
  if (trustProxy === true) return () => true;
  if (typeof trustProxy === 'function') return trustProxy;
  return proxyAddr.compile(trustProxy.split(',').map((value) => value.trim()));
}

/** Addresses that are not on the internet: a server inside the home sees its LAN's this way. */
const LOCAL = new BlockList();
for (const [net, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
] as const) {
  LOCAL.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  LOCAL.addSubnet(net, prefix, 'ipv6');
}
export const LOCAL_NETWORK = 'local';

/** The first 64 bits of an IPv6 address: one home's network (its devices share the prefix). */
function ipv6Prefix(address: string): string {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The network a client is on, as a search of the local network would see it: a public IPv4
 * address is one home behind NAT; a public IPv6 address's /64 prefix is one home; private,
 * loopback and link-local addresses are the server's own network (a server run inside the
 * home sees its LAN that way). IPv4-mapped IPv6 counts as IPv4.
 */
export function networkOf(address: string): string {
  const plain = address.replace(/%.*$/, '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIPv4(plain) ? 'ipv4' : isIPv6(plain) ? 'ipv6' : undefined;
  if (!family) return plain.toLowerCase();
  if (LOCAL.check(plain, family)) return LOCAL_NETWORK;
  return family === 'ipv4' ? plain : ipv6Prefix(plain.toLowerCase());
}

/**
 * Reads the client address of HTTP requests (a socket.io handshake, an MQTT WebSocket upgrade)
 * the way Fastify gives `request.ip`: X-Forwarded-For only through proxies TRUST_PROXY trusts.
 */
export function createClientAddress(trustProxy: TrustProxy) {
  const trust = trustFnOf(trustProxy);
  return (req: IncomingMessage): string | undefined => {
    const direct = req.socket.remoteAddress;
    if (direct === undefined) return undefined;
    if (!trust) return networkOf(direct);
    const chain = proxyAddr.all(req, trust);
    const address = chain[chain.length - 1];
    return address ? networkOf(address) : undefined;
  };
}
export type ClientAddress = ReturnType<typeof createClientAddress>;
