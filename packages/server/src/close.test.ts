import { describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { SOCKET_NAMESPACE } from '@hearth/protocol';
import { login } from './test-support/http';
import { connectGateway } from './test-support/test-gateway';
import { createHomeWithDevice, createUser, startTestHearth } from './test-support/test-hearth';

describe('close()', () => {
  it('ends sockets, gateways and HTTP, and frees the port', async () => {
    const t = await startTestHearth({ embeddedBroker: true });
    const user = await createUser(t.repos, 'owner@example.com');
    const { devId } = await createHomeWithDevice(t.repos, user.id);
    const token = (await login(t.url, user.email, user.password)).access_token;
    const socket = io(`${t.url}${SOCKET_NAMESPACE}`, {
      query: { token, dev_id: devId },
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const gw = await connectGateway(
      t.hearth.gatewayMqttUrl(),
      devId,
      t.hearth.gatewaySecret(devId),
    );
    const socketClosed = new Promise<string>((resolve) =>
      socket.once('disconnect', (reason) => resolve(reason)),
    );
    const gatewayClosed = new Promise<void>((resolve) => gw.client.once('close', () => resolve()));

    await t.stop();

    expect(await socketClosed).toEqual(expect.any(String));
    await gatewayClosed;
    await expect(fetch(`${t.url}/health_check`)).rejects.toThrow();
    socket.disconnect();
    await gw.client.endAsync(true);
  });
});
