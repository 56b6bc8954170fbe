import {
  CloudDeviceBridge,
  UpstreamClient,
  UpstreamSession,
  type CloudUpstream,
  type UpstreamSessionState,
} from '@hearth/cloud-link';
import type { Logger } from '../logger';
import type {
  CloudAccountRow,
  CloudLinkRepository,
  CloudLinkWithDev,
} from './cloud-link.repository';
import type { BridgeControl } from './cloud-link.service';
import { importHistory } from './history-import';
import { decryptCloudPassword } from './password-crypto';
import { followSamples, SAMPLES_FOLLOW_MS } from './samples-follow';

/** last_update_at is written at most this often per device: the cloud may update every second. */
export const LAST_UPDATE_WRITE_MS = 60_000;

export interface CloudBridgesDeps {
  upstreams: readonly CloudUpstream[];
  repo: CloudLinkRepository;
  key: Buffer;
  gatewayKey: string;
  /** Hearth's gateway channel as a gateway reaches it. */
  mqttUrl: () => string;
  log: Logger;
  /** The cloud refused the account's stored password (told once per refusal). */
  onNeedsPassword: (account: CloudAccountRow) => Promise<void>;
  now?: () => number;
  /** The history import's span and chunk (tests shorten them). */
  history?: { spanMs: number; chunkMs: number };
  /** How often new samples are fetched after the import (SAMPLES_FOLLOW_MS). */
  samplesEveryMs?: number;
}

const fingerprint = (passwordEnc: string | null, links: Array<{ devId: string }>) =>
  `${passwordEnc ?? ''}|${links
    .map((l) => l.devId)
    .sort()
    .join(',')}`;

interface RunningAccount {
  upstream: CloudUpstream;
  /** The stored password the session was started with. */
  passwordEnc: string;
  session: UpstreamSession;
  client: UpstreamClient;
  bridges: Map<string, CloudDeviceBridge>;
  /** Each device's rounds of new samples, once its history is imported. */
  follows: Map<string, { stop(): void }>;
}

/**
 * The bridges of every linked device, one signed-in session per account: started from the
 * database, restarted when an account changes, stopped when a device is unlinked. Runs in
 * the server (CLOUD_LINK=server) or on its own (`npm run cloud-link`).
 */
export function createCloudBridges(deps: CloudBridgesDeps): BridgeControl & {
  start(): Promise<void>;
  /** Brings the running bridges in line with the database (a process apart from the API's). */
  sync(): Promise<void>;
  close(): Promise<void>;
  /** Stops every bridge; a later start or sync runs them again. */
  stopAll(): Promise<void>;
  running(): string[];
} {
  const { repo, log } = deps;
  const now = deps.now ?? Date.now;
  const accounts = new Map<string, RunningAccount>();
  const lastWritten = new Map<string, number>();
  /** What each running account was started from: its stored password and linked devices. */
  const startedFrom = new Map<string, string>();
  let closed = false;

  function touch(devId: string): void {
    const at = now();
    if (at - (lastWritten.get(devId) ?? 0) < LAST_UPDATE_WRITE_MS) return;
    lastWritten.set(devId, at);
    repo.touch(devId, new Date(at)).catch((err: unknown) => {
      log.warn({ err, devId }, 'cloud link: last update not stored');
    });
  }

  async function stateChanged(accountId: string, state: UpstreamSessionState): Promise<void> {
    const stored = await repo.account(accountId);
    if (!stored) return;
    const next =
      state.kind === 'needs-password'
        ? 'needs-password'
        : state.kind === 'unreachable'
          ? 'unreachable'
          : state.kind === 'signed-in'
            ? 'linked'
            : undefined;
    if (next === undefined || next === stored.state) return;
    await repo.setState(accountId, next);
    log.info({ accountId, state: next }, 'cloud account state changed');
    if (next === 'needs-password') await deps.onNeedsPassword(stored);
  }

  async function stopAccount(accountId: string): Promise<void> {
    const running = accounts.get(accountId);
    if (!running) return;
    accounts.delete(accountId);
    startedFrom.delete(accountId);
    running.session.close();
    for (const follow of running.follows.values()) follow.stop();
    running.follows.clear();
    const bridges = [...running.bridges.values()];
    running.bridges.clear();
    // An import sees its bridge gone and stops after its chunk; it is not waited for.
    await Promise.all(bridges.map((b) => b.stop().catch(() => undefined)));
  }

  /** One linked device's bridge in its running account, then its history and new samples. */
  async function startBridge(running: RunningAccount, link: CloudLinkWithDev): Promise<void> {
    const { upstream, session, client } = running;
    const bridge = new CloudDeviceBridge({
      upstream,
      session,
      client,
      upstreamDevId: link.upstreamDevId,
      mqttUrl: deps.mqttUrl(),
      gatewayKey: deps.gatewayKey,
      onUpstream: () => touch(link.devId),
    });
    running.bridges.set(link.devId, bridge);
    try {
      await bridge.start();
    } catch (err) {
      log.warn({ err, devId: link.devId }, 'cloud link: bridge did not start');
      return;
    }
    const stopped = () => closed || running.bridges.get(link.devId) !== bridge;
    void importHistory({ link, bridge, repo, log, ...(deps.history ?? {}), stopped })
      .then((imported) => {
        if (!imported || stopped()) return;
        // Then kept current: the samples since the last one stored, on a beat.
        running.follows.set(
          link.devId,
          followSamples({
            bridge,
            devId: link.devId,
            lastSampleAt: () => repo.lastSampleAt(link.devId),
            linkedAt: link.createdAt,
            now,
            everyMs: deps.samplesEveryMs ?? SAMPLES_FOLLOW_MS,
            log,
          }),
        );
      })
      .catch((err: unknown) => log.warn({ err, devId: link.devId }, 'cloud link: import'));
  }

  async function stopBridge(running: RunningAccount, devId: string): Promise<void> {
    const bridge = running.bridges.get(devId);
    if (!bridge) return;
    running.bridges.delete(devId);
    running.follows.get(devId)?.stop();
    running.follows.delete(devId);
    lastWritten.delete(devId);
    await bridge.stop().catch(() => undefined);
  }

  async function startAccount(accountId: string): Promise<void> {
    await stopAccount(accountId);
    if (closed) return;
    const account = await repo.account(accountId);
    const upstream = deps.upstreams.find((u) => u.name === account?.upstream);
    if (!account || !upstream || account.passwordEnc === null) return;
    const links = await repo.linksOf([account.id]);
    if (links.length === 0) return;
    const session = new UpstreamSession({
      upstream,
      username: account.email,
      password: decryptCloudPassword(deps.key, account.id, account.passwordEnc),
    });
    session.onState((state) => {
      stateChanged(account.id, state).catch((err: unknown) =>
        log.warn({ err, accountId: account.id }, 'cloud link: account state not stored'),
      );
    });
    const client = new UpstreamClient({ upstream, session });
    const running: RunningAccount = {
      upstream,
      passwordEnc: account.passwordEnc,
      session,
      client,
      bridges: new Map(),
      follows: new Map(),
    };
    accounts.set(account.id, running);
    startedFrom.set(account.id, fingerprint(account.passwordEnc, links));
    // Side by side: each waits on its own broker connection, none on another's.
    await Promise.all(links.map((link) => startBridge(running, link)));
    log.info({ accountId: account.id, devices: links.length }, 'cloud link bridges started');
  }

  /**
   * Brings a running account in line with its stored links: with the same password, only the
   * devices added are started and those gone stopped (the others keep running); otherwise the
   * account starts again.
   */
  async function updateAccount(accountId: string): Promise<void> {
    const running = accounts.get(accountId);
    const account = await repo.account(accountId);
    if (!running || !account || account.passwordEnc !== running.passwordEnc || closed)
      return startAccount(accountId);
    const links = await repo.linksOf([accountId]);
    if (links.length === 0) return stopAccount(accountId);
    const wanted = new Set(links.map((l) => l.devId));
    await Promise.all(
      [...running.bridges.keys()]
        .filter((devId) => !wanted.has(devId))
        .map((devId) => stopBridge(running, devId)),
    );
    startedFrom.set(accountId, fingerprint(account.passwordEnc, links));
    await Promise.all(
      links.filter((l) => !running.bridges.has(l.devId)).map((l) => startBridge(running, l)),
    );
  }

  return {
    async start() {
      const ids = new Set((await repo.allLinks()).map((l) => l.accountId));
      for (const id of ids) await startAccount(id);
    },
    async sync() {
      const links = await repo.allLinks();
      const wanted = new Map<string, string>();
      for (const id of new Set(links.map((l) => l.accountId))) {
        const own = links.filter((l) => l.accountId === id);
        wanted.set(id, fingerprint(own[0]?.account.passwordEnc ?? null, own));
      }
      for (const id of [...accounts.keys()]) if (!wanted.has(id)) await stopAccount(id);
      for (const [id, print] of wanted) {
        if (startedFrom.get(id) !== print) await updateAccount(id);
      }
    },
    accountChanged: (accountId) => updateAccount(accountId),
    async deviceUnlinked(devId) {
      for (const running of accounts.values()) await stopBridge(running, devId);
      lastWritten.delete(devId);
    },
    running: () => [...accounts.values()].flatMap((a) => [...a.bridges.keys()]),
    async stopAll() {
      await Promise.all([...accounts.keys()].map(stopAccount));
    },
    async close() {
      closed = true;
      await Promise.all([...accounts.keys()].map(stopAccount));
    },
  };
}
