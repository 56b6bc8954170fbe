import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { DestinationStream } from 'pino';
import { gatewaySecret, linkedDevId, type CloudUpstream } from '@hearth/cloud-link';
import { getJson, login, postJson } from '../test-support/http';
import { connectGateway, type TestGateway } from '../test-support/test-gateway';
import {
  createHomeWithDevice,
  createUser,
  startTestHearth,
  TEST_CLIENT,
  type TestHearth,
} from '../test-support/test-hearth';

/*
 * The cloud-link tests' shared world: Hearth A plays the vendor cloud (same wire format) with
 * owner@example.com, one home and, when asked, a real gateway with the Lounge radiator (htr 2)
 * behind it; Hearth B is the owner's own, with A listed by the operator as "hearth-a".
 * Optionally A is reached through a relay the test can cut and restore: the cloud going away
 * and coming back on the same address.
 */

/** The gateway key every test Hearth is given (test-hearth.ts). */
export const FIXTURE_GATEWAY_KEY = 'test-gateway-key-0123456789';
/** How long a step may take on a busy machine: these wait for the system, they time nothing. */
export const WAIT_MS = 30_000;
export const CLOUD_EMAIL = 'owner@example.com';

export interface CloudLinkFixtureOptions {
  /** The cloud account's password (default "cloud_password"). */
  cloudPassword?: string;
  /** The name of the cloud owner's home on A (default "Home"). */
  cloudHomeName?: string;
  /** The label the operator gives A. */
  label?: string;
  /** A real gateway behind A's device with the Lounge radiator (htr 2) reporting this status. */
  gatewayStatus?: Record<string, unknown>;
  /** Reach A through a relay the test can cut (`cloudDown`) and restore (`cloudUp`). */
  relay?: boolean;
  /** Runs on A once its gateway is connected, before B starts (history to import, say). */
  beforeLink?: (f: {
    a: TestHearth;
    gateway: TestGateway | undefined;
    upstreamDevId: string;
  }) => Promise<void>;
  /** B's environment beyond the upstream list. */
  env?: Record<string, string>;
  logDestination?: DestinationStream;
}

export interface CloudLinkFixture {
  a: TestHearth;
  b: TestHearth;
  upstreams: CloudUpstream[];
  /** A's device, and the id it gets in B when brought in. */
  upstreamDevId: string;
  devId: string;
  cloudOwnerId: string;
  gateway: TestGateway | undefined;
  /** B's user me@example.com, owner of `homeId`. */
  me: { id: string; email: string; token: string };
  homeId: string;
  /** Links A's account into B through the API; returns the account id. */
  linkAccount(password?: string): Promise<string>;
  /** Brings A's device into `homeId` through the API. */
  bringDevice(accountId: string): Promise<{ status: number; body: unknown }>;
  /** B's GET /cloud_links/accounts as the owner. */
  accounts(): Promise<CloudAccountView[]>;
  /** The relay stops answering and drops every connection through it (relay only). */
  cloudDown(): Promise<void>;
  /** The relay listens again on the same address (relay only). */
  cloudUp(): Promise<void>;
  stop(): Promise<void>;
}

export interface CloudAccountView {
  id: string;
  state: string;
  devs: Array<{
    dev_id: string;
    last_update_at: string | null;
    stale: boolean;
    history: { state: string; from: string | null; done_until: string | null };
  }>;
}

/** A TCP relay to `target`, on a fixed port once started, that can be cut and restored. */
class Relay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    const server = createServer((inbound) => {
      const outbound = connect(this.target.port, this.target.host);
      for (const s of [inbound, outbound]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      inbound.pipe(outbound).pipe(inbound);
      inbound.on('close', () => outbound.destroy());
      outbound.on('close', () => inbound.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export async function startCloudLinkFixture(
  opts: CloudLinkFixtureOptions = {},
): Promise<CloudLinkFixture> {
  const cloudPassword = opts.cloudPassword ?? 'cloud_password';
  const a = await startTestHearth({ embeddedBroker: true });
  const cloudOwner = await createUser(a.repos, CLOUD_EMAIL, cloudPassword);
  const { devId: upstreamDevId } = await createHomeWithDevice(
    a.repos,
    cloudOwner.id,
    undefined,
    opts.cloudHomeName,
  );
  let gateway: TestGateway | undefined;
  if (opts.gatewayStatus) {
    await a.repos.nodes.replaceList(upstreamDevId, [
      { name: 'Lounge', addr: 2, type: 'htr', installed: true, lost: false },
    ]);
    gateway = await connectGateway(
      `${a.url.replace(/^http/, 'ws')}/mqtt`,
      upstreamDevId,
      gatewaySecret(FIXTURE_GATEWAY_KEY, upstreamDevId),
    );
    await gateway.publishUp('/htr/2/status', opts.gatewayStatus);
  }
  await opts.beforeLink?.({ a, gateway, upstreamDevId });
  let relay: Relay | undefined;
  let apiBaseUrl = a.url;
  if (opts.relay) {
    const target = new URL(a.url);
    relay = new Relay({ host: target.hostname, port: Number(target.port) });
    await relay.up();
    apiBaseUrl = `http://127.0.0.1:${relay.port}`;
  }
  const upstreams: CloudUpstream[] = [
    {
      name: 'hearth-a',
      ...(opts.label === undefined ? {} : { label: opts.label }),
      apiBaseUrl,
      clientId: TEST_CLIENT.id,
      clientSecret: TEST_CLIENT.secret,
      serialId: '01.01',
      referer: 'https://app.example.com',
      clockMonthFrom: 1,
    },
  ];
  const b = await startTestHearth({
    embeddedBroker: true,
    env: { CLOUD_UPSTREAMS_JSON: JSON.stringify(upstreams), ...opts.env },
    ...(opts.logDestination ? { logDestination: opts.logDestination } : {}),
  });
  const local = await createUser(b.repos, 'me@example.com', 'local password');
  const { homeId } = await createHomeWithDevice(b.repos, local.id);
  const token = (await login(b.url, local.email, local.password)).access_token;
  const accountsUrl = `${b.url}/api/v2/cloud_links/accounts`;
  return {
    a,
    b,
    upstreams,
    upstreamDevId,
    devId: linkedDevId('hearth-a', upstreamDevId),
    cloudOwnerId: cloudOwner.id,
    gateway,
    me: { id: local.id, email: local.email, token },
    homeId,
    async linkAccount(password = cloudPassword) {
      const res = await postJson(
        accountsUrl,
        { cloud: 'hearth-a', email: CLOUD_EMAIL, password },
        token,
      );
      if (res.status !== 201) throw new Error(`link failed: ${res.status}`);
      return (res.body as { id: string }).id;
    },
    bringDevice: (accountId) =>
      postJson(
        `${accountsUrl}/${accountId}/devs`,
        { group_id: homeId, devs: [upstreamDevId] },
        token,
      ),
    async accounts() {
      return ((await getJson(accountsUrl, token)).body as { accounts: CloudAccountView[] })
        .accounts;
    },
    cloudDown: async () => relay?.down(),
    cloudUp: async () => relay?.up(),
    async stop() {
      await gateway?.client.endAsync();
      await b.stop();
      await relay?.down();
      await a.stop();
    },
  };
}
