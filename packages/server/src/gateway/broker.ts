import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { createServer, type Server as NetServer } from 'node:net';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { gatewayTopics, isGatewayOwnTopic, isValidDevId } from '@hearth/protocol';
import type { Logger } from '../logger';
import { networkOf, type ClientAddress } from '../realtime/client-address';
import { isGatewaySecret } from './gateway-secret';

export const MQTT_WS_PATH = '/mqtt';
// aedes exports the return codes as a const enum, which isolatedModules cannot inline.
const BAD_USERNAME_OR_PASSWORD = 4;

export interface EmbeddedBroker {
  aedes: Aedes;
  /** Serves MQTT over WebSocket at /mqtt on the HTTP server. */
  attach(server: HttpServer): void;
  /** Also serves plain MQTT over TCP; resolves with the bound port. */
  listenTcp(port: number, host: string): Promise<number>;
  /** The network address a connected gateway reached the broker from. */
  gatewayAddress(devId: string): string | undefined;
  /** The gateways connected from this network address, most recently connected first. */
  gatewaysAt(address: string): string[];
  close(): Promise<void>;
}

/**
 * What a gateway may publish: topics under its own root, never another gateway's, and never
 * its own `cmd` (or below it), which only the server writes. A topic under its root that ingest
 * does not know is let through to be dropped and counted there, so a gateway that sends an
 * unknown message keeps its connection (and its QoS 1 publish its PUBACK).
 */
export function mayGatewayPublish(devId: string, topic: string): boolean {
  const cmd = gatewayTopics.cmd(devId);
  return (
    isValidDevId(devId) &&
    isGatewayOwnTopic(devId, topic) &&
    topic !== cmd &&
    !topic.startsWith(`${cmd}/`)
  );
}

/** The one subscription a gateway needs: its own `cmd` topic, without wildcards. */
export function mayGatewaySubscribe(devId: string, topic: string): boolean {
  return isValidDevId(devId) && topic === gatewayTopics.cmd(devId);
}

function authError(message: string): AuthenticateError {
  return Object.assign(new Error(message), {
    returnCode: BAD_USERNAME_OR_PASSWORD,
  }) as AuthenticateError;
}

export async function createEmbeddedBroker(opts: {
  gatewayKey: string;
  log: Logger;
  /** The client address of a WebSocket upgrade request (X-Forwarded-For per TRUST_PROXY). */
  clientAddress: ClientAddress;
  onCommandSubscription(devId: string): void;
}): Promise<EmbeddedBroker> {
  const { gatewayKey, log } = opts;
  const aedes = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      // Client id and username are both the dev_id: a gateway can neither pose as another
      // nor knock another's session off by reusing its client id.
      const ok =
        username !== undefined &&
        isValidDevId(username) &&
        client.id === username &&
        isGatewaySecret(gatewayKey, username, password);
      if (!ok) log.warn({ clientId: client.id, username }, 'gateway refused at sign-in');
      done(ok ? null : authError('Bad username or password'), ok);
    },
    authorizePublish(client, packet, callback) {
      const devId = client?.id;
      // No client: aedes publishing a will of a session it no longer holds.
      if (devId === undefined || mayGatewayPublish(devId, packet.topic)) return callback(null);
      log.warn({ devId, topic: packet.topic }, 'gateway publish outside its topics refused');
      // MQTT 3.1.1 cannot refuse a PUBLISH; the message is dropped and the connection closed.
      callback(new Error('publish not allowed'));
    },
    authorizeSubscribe(client, subscription, callback) {
      if (!mayGatewaySubscribe(client.id, subscription.topic)) {
        log.warn(
          { devId: client.id, topic: subscription.topic },
          'gateway subscribe outside its topics refused',
        );
        // A null grant answers SUBACK 0x80 for this topic instead of dropping the connection.
        return callback(null, null);
      }
      callback(null, subscription);
    },
  });
  aedes.on('subscribe', (subscriptions, client) => {
    if (client && subscriptions.some((s) => s.topic === gatewayTopics.cmd(client.id))) {
      opts.onCommandSubscription(client.id);
    }
  });
  // Who is connected from where, in order of connection: a LAN search (docs/wire-contract.md §7) matches it.
  const present = new Map<string, { client: Client; address: string }>();
  const addressOf = (client: Client): string | undefined => {
    if (client.req) return opts.clientAddress(client.req);
    const remote = (client.conn as { remoteAddress?: string }).remoteAddress;
    return remote === undefined ? undefined : networkOf(remote);
  };
  aedes.on('client', (client) => {
    const address = addressOf(client);
    present.delete(client.id);
    if (address !== undefined) present.set(client.id, { client, address });
  });
  aedes.on('clientDisconnect', (client) => {
    // A session taken over by a new connection of the same gateway keeps the new entry.
    if (present.get(client.id)?.client === client) present.delete(client.id);
  });
  aedes.on('clientError', (client, err) =>
    log.debug({ clientId: client.id, err: err.message }, 'mqtt client error'),
  );

  const wss = new WebSocketServer({ noServer: true });
  wss.on('connection', (socket, request: IncomingMessage) => {
    const stream = createWebSocketStream(socket);
    stream.on('error', (err) => log.debug({ err: err.message }, 'mqtt websocket stream error'));
    aedes.handle(stream, request);
  });
  let tcp: NetServer | undefined;

  return {
    aedes,
    attach(server) {
      server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        const path = (request.url ?? '').split('?')[0];
        if (path !== MQTT_WS_PATH) return;
        wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
      });
    },
    listenTcp(port, host) {
      tcp = createServer((socket) => aedes.handle(socket));
      const server = tcp;
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const address = server.address();
          resolve(typeof address === 'object' && address ? address.port : port);
        });
      });
    },
    gatewayAddress(devId) {
      return present.get(devId)?.address;
    },
    gatewaysAt(address) {
      const here = [...present].filter(([, p]) => p.address === address).map(([devId]) => devId);
      return here.reverse();
    },
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      if (tcp) {
        const server = tcp;
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}
