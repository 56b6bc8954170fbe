import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_LINK_TIMING } from '@hearth/cloud-link';
import { SOCKET_NAMESPACE, type UpdateEvent } from '@hearth/protocol';
import { commands } from '../db/schema';
import { getJson, postJson } from '../test-support/http';
import type { TestGateway } from '../test-support/test-gateway';
import { startCloudLinkFixture, WAIT_MS, type CloudLinkFixture } from './cloud-link-fixture';

/*
 * The cloud going away and coming back, and a write the cloud never confirms: Hearth A plays
 * the cloud behind a relay the test cuts (every connection dropped, nothing listening) and
 * restores on the same address; Hearth B runs the bridge and the owner's app socket.
 */
let f: CloudLinkFixture;
let gateway: TestGateway;
let socket: Socket;
const updates: UpdateEvent[] = [];

const status = async () =>
  (await getJson(`${f.b.url}/api/v2/devs/${f.devId}/htr/2/status`, f.me.token)).body as Record<
    string,
    unknown
  >;

beforeAll(async () => {
  f = await startCloudLinkFixture({
    relay: true,
    gatewayStatus: { mode: 'manual', stemp: '18.0', units: 'C' },
  });
  gateway = f.gateway as TestGateway;
  const accountId = await f.linkAccount();
  expect((await f.bringDevice(accountId)).status).toBe(201);
  socket = io(`${f.b.url}${SOCKET_NAMESPACE}`, {
    path: '/socket.io/',
    query: { token: f.me.token, dev_id: f.devId },
    transports: ['websocket'],
    forceNew: true,
  });
  socket.on('update', (u: UpdateEvent) => updates.push(u));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
});

afterAll(async () => {
  socket?.close();
  await f?.stop();
});

describe('a linked device through the cloud’s outages', () => {
  it('reconnects when the cloud comes back and reads what changed while it was away', async () => {
    await expect.poll(status, { timeout: WAIT_MS }).toMatchObject({ stemp: '18.0' });
    await f.cloudDown();
    // The heater changes while the cloud cannot be reached from Hearth.
    await gateway.publishUp('/htr/2/status', { mode: 'manual', stemp: '20.0', units: 'C' });
    await f.a.hearth.gatewayIdle();
    expect(await status()).toMatchObject({ stemp: '18.0' });
    await f.cloudUp();
    // The reconnect schedule allows three quick connects, then waits out its window.
    await expect
      .poll(status, { timeout: WAIT_MS + CLOUD_LINK_TIMING.socketBurstWindowMs * 2 })
      .toMatchObject({ stemp: '20.0', mode: 'manual' });
  });

  it('fails a write the cloud never confirms after the confirmation time, and tells the app', async () => {
    const sentAt = Date.now();
    const write = await postJson(
      `${f.b.url}/api/v2/devs/${f.devId}/htr/2/status`,
      { stemp: '22.0', units: 'C' },
      f.me.token,
    );
    expect(write.status).toBeLessThan(300);
    expect(await status()).toMatchObject({ stemp: '22.0', sync_status: 'pending' });
    // It reaches the cloud's gateway, which neither carries it out nor answers.
    await expect
      .poll(() => gateway.commands.find((c) => (c.body as { stemp?: string }).stemp === '22.0'), {
        timeout: WAIT_MS,
      })
      .toBeDefined();
    const failed = async () =>
      (await f.b.hearth.db.select().from(commands).where(eq(commands.devId, f.devId))).find(
        (c) => c.status !== 'pending' && c.path === '/htr/2/status',
      );
    await expect.poll(failed, { timeout: WAIT_MS }).toMatchObject({
      status: 'failed',
      error: expect.stringContaining(`${CLOUD_LINK_TIMING.writeConfirmMs / 1000} s`),
    });
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(CLOUD_LINK_TIMING.writeConfirmMs);
    // No longer pending: the heater's own set point again, and the app's socket was told so.
    expect(await status()).toMatchObject({ stemp: '20.0', sync_status: 'ok' });
    await expect
      .poll(
        () =>
          updates.find(
            (u) =>
              u.path === '/htr/2/status' &&
              (u.body as { sync_status?: string }).sync_status === 'ok' &&
              (u.body as { stemp?: string }).stemp === '20.0',
          ),
        { timeout: WAIT_MS },
      )
      .toBeDefined();
  });
});
