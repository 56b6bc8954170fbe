import { Aedes, type AuthenticateError } from 'aedes';
import { isGatewayOwnTopic, SERVER_SUBSCRIPTIONS } from '@hearth/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { gatewaySecret } from './identity';

/**
 * Test support: a real MQTT broker that checks gateway secrets and the topic ACL as
 * docs/device-protocol.md describes, and an observer client in the server's seat.
 */
export const OBSERVER = { username: 'hearth-server', password: 'observer-secret' };

export interface Received {
  topic: string;
  body: unknown;
  retain: boolean;
}

export interface TestBroker {
  url: string;
  close(): Promise<void>;
}

export async function startTestBroker(gatewayKey: string): Promise<TestBroker> {
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const pass = password?.toString('utf8');
      const ok =
        (username === OBSERVER.username && pass === OBSERVER.password) ||
        (username !== undefined &&
          username === client.id &&
          pass === gatewaySecret(gatewayKey, username));
      if (ok) return done(null, true);
      const err = Object.assign(new Error('bad user name or password'), {
        returnCode: 4 as AuthenticateError['returnCode'],
      });
      return done(err, false);
    },
    authorizePublish: (client, packet, done) => {
      const mayPublish =
        !client || client.id === OBSERVER.username || isGatewayOwnTopic(client.id, packet.topic);
      done(mayPublish ? null : new Error('not your topic'));
    },
    authorizeSubscribe: (client, sub, done) => {
      const maySubscribe =
        client.id === OBSERVER.username || isGatewayOwnTopic(client.id, sub.topic);
      done(maySubscribe ? null : new Error('not your topic'), maySubscribe ? sub : null);
    },
  });
  const server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface Observer {
  client: MqttClient;
  messages: Received[];
  /** Resolves with the first message at or after index `from` that matches. */
  waitFor(match: (m: Received) => boolean, from?: number): Promise<Received>;
  close(): Promise<void>;
}

export async function startObserver(url: string): Promise<Observer> {
  const client = await mqtt.connectAsync(url, {
    clientId: OBSERVER.username,
    username: OBSERVER.username,
    password: OBSERVER.password,
    reconnectPeriod: 0,
  });
  const messages: Received[] = [];
  const waiters: Array<() => void> = [];
  client.on('message', (topic, payload, packet) => {
    messages.push({ topic, body: JSON.parse(payload.toString('utf8')), retain: packet.retain });
    for (const w of waiters.splice(0)) w();
  });
  await client.subscribeAsync([...SERVER_SUBSCRIPTIONS], { qos: 1 });
  const waitFor = (match: (m: Received) => boolean, from = 0): Promise<Received> =>
    new Promise((resolve) => {
      const check = (): void => {
        const found = messages.slice(from).find(match);
        if (found) resolve(found);
        else waiters.push(check);
      };
      check();
    });
  return { client, messages, waitFor, close: () => client.endAsync() };
}
