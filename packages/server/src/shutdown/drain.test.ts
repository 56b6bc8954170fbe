import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { SOCKET_NAMESPACE, gatewayTopics } from '@hearth/protocol';
import { basic, login } from '../test-support/http';
import { connectGateway } from '../test-support/test-gateway';
import { serveDataDir } from '../test-support/serve-data-dir';
import { createHomeWithDevice, createUser } from '../test-support/test-hearth';

/** A token request whose body is sent only when `finish` is called; the server has its headers. */
async function slowLogin(url: string, email: string, password: string) {
  const body = new URLSearchParams({
    grant_type: 'password',
    username: email,
    password,
  }).toString();
  const half = Math.floor(body.length / 2);
  const req = request(`${url}/client/token`, {
    method: 'POST',
    headers: {
      authorization: basic(),
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength(body)),
      // The server answers 100 Continue as it takes the request in: then it is in flight.
      expect: '100-continue',
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.once('error', reject);
  });
  await new Promise<void>((resolve) => req.once('continue', () => resolve()));
  req.write(body.slice(0, half));
  return {
    response,
    finish: () => req.end(body.slice(half)),
  };
}

describe('drain (SIGTERM)', () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  // A server on an embedded database kept on disk, so that what a drain stored can be read after.
  async function start(dataDir: string) {
    const served = await serveDataDir(dataDir);
    cleanup.push(() => served.hearth.close());
    return served;
  }

  it('finishes the request in flight, refuses new connections, sends sockets to reconnect and stores batched samples', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hearth-drain-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const { hearth, url, repos } = await start(dataDir);
    const user = await createUser(repos, 'owner@example.com');
    const { devId } = await createHomeWithDevice(repos, user.id);
    const token = (await login(url, user.email, user.password)).access_token;

    // An app socket with socket.io's own retries on, as third-party clients use it.
    const socket = io(`${url}${SOCKET_NAMESPACE}`, {
      query: { token, dev_id: devId },
      forceNew: true,
      reconnectionDelay: 60_000,
    });
    cleanup.push(() => void socket.disconnect());
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const gw = await connectGateway(hearth.gatewayMqttUrl(), devId, hearth.gatewaySecret(devId));
    cleanup.push(() => gw.client.endAsync(true));
    const gatewayClosed = new Promise<void>((resolve) => gw.client.once('close', () => resolve()));
    // Samples gather for a second before they are stored (ingest.service.ts): these still are.
    await gw.client.publishAsync(
      gatewayTopics.samples(devId),
      JSON.stringify({ samples: [{ type: 'htr', addr: 2, t: 1000, counter: 5 }] }),
      { qos: 1 },
    );

    const inFlight = await slowLogin(url, user.email, user.password);
    const disconnected = new Promise<string>((resolve) =>
      socket.once('disconnect', (reason) => resolve(reason)),
    );
    const retrying = new Promise<void>((resolve) =>
      socket.io.once('reconnect_attempt', () => resolve()),
    );
    const drained = hearth.drain(30_000);

    // A lost transport, not a server-side namespace disconnect: clients reconnect on their own.
    expect(await disconnected).toBe('transport close');
    await retrying;
    await expect(fetch(`${url}/health_check`)).rejects.toThrow();
    inFlight.finish();
    const answer = await inFlight.response;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ token_type: 'bearer' });
    await drained;
    await gatewayClosed;

    // Started again on the same data: the samples that were gathering are stored.
    const again = await start(dataDir);
    const stored = await again.repos.samples.range(devId, 'htr', 2, 0, 2000);
    expect(stored.map((s) => s.t)).toEqual([1000]);
  });

  it('stops waiting for an unfinished request at the drain timeout', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hearth-drain-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const { hearth, url, repos } = await start(dataDir);
    const user = await createUser(repos, 'owner@example.com');
    const stuck = await slowLogin(url, user.email, user.password);
    const outcome = stuck.response.then(
      () => 'answered',
      () => 'cut',
    );
    await hearth.drain(50);
    expect(await outcome).toBe('cut');
  });
});
