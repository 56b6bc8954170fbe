import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import type { Mailer } from '../mail';
import type { Repositories } from '../repositories';
import { holdBridgeLease, openPgLockSession, type LockSession } from './bridge-lease';
import { createCloudBridges } from './bridges';
import { createCloudLinkRepository, type CloudAccountRow } from './cloud-link.repository';
import { needsPasswordMail } from './needs-password-mail';
import { cloudPasswordKey } from './password-crypto';

/** Mails the owner once when a cloud refuses an account's stored password (PUBLIC_URL link). */
export function needsPasswordNotifier(deps: {
  upstreams: Config['cloudUpstreams'];
  users: Pick<Repositories['users'], 'findById'>;
  mailer: Mailer;
  log: Logger;
  publicUrl: () => string;
}) {
  return async (account: CloudAccountRow): Promise<void> => {
    const user = await deps.users.findById(account.userId);
    if (!user) return;
    const upstream = deps.upstreams.find((u) => u.name === account.upstream);
    try {
      await deps.mailer.send(
        needsPasswordMail({
          to: user.email,
          lang: user.lang,
          cloud: upstream?.label ?? account.upstream,
          email: account.email,
          link: `${deps.publicUrl()}/`,
        }),
      );
    } catch (err) {
      deps.log.warn({ err, accountId: account.id }, 'cloud link: needs-password mail not sent');
    }
  };
}

/** How often the process running the bridges reads the links other processes changed. */
export const CLOUD_LINK_SYNC_MS = 15_000;

/**
 * The bridges of every linked device as a Hearth process runs them (the server, or
 * `npm run cloud-link`): the owner is mailed once when a cloud refuses the stored password,
 * with a link to PUBLIC_URL (never to an address a caller gave). On PostgreSQL, where several
 * processes may share the database, only the holder of the bridges' lock runs them
 * (bridge-lease.ts): it reads the links every CLOUD_LINK_SYNC_MS, so a change made through
 * another process reaches it; the others stand by and take over if it goes.
 */
export function createServerCloudBridges(deps: {
  config: Config;
  db: Db;
  repos: Pick<Repositories, 'users'>;
  mailer: Mailer;
  log: Logger;
  mqttUrl: () => string;
  publicUrl: () => string;
  history?: { spanMs: number; chunkMs: number };
  samplesEveryMs?: number;
  /** The lock's sessions (tests); by default one on DATABASE_URL when it is PostgreSQL. */
  openLock?: () => Promise<LockSession>;
  syncMs?: number;
}) {
  const { config, log } = deps;
  const onNeedsPassword = needsPasswordNotifier({
    upstreams: config.cloudUpstreams,
    users: deps.repos.users,
    mailer: deps.mailer,
    log,
    publicUrl: deps.publicUrl,
  });
  const bridges = createCloudBridges({
    upstreams: config.cloudUpstreams,
    repo: createCloudLinkRepository(deps.db),
    key: cloudPasswordKey(config.gatewayKey),
    gatewayKey: config.gatewayKey,
    mqttUrl: deps.mqttUrl,
    log,
    onNeedsPassword,
    ...(deps.history ? { history: deps.history } : {}),
    ...(deps.samplesEveryMs === undefined ? {} : { samplesEveryMs: deps.samplesEveryMs }),
  });
  const database = config.database;
  const openLock =
    deps.openLock ??
    (database.kind === 'postgres' ? () => openPgLockSession(database.url) : undefined);
  // One process (PGlite): nothing to share the bridges with.
  if (openLock === undefined) return bridges;
  const syncMs = deps.syncMs ?? CLOUD_LINK_SYNC_MS;
  let timer: ReturnType<typeof setInterval> | undefined;
  let lease: ReturnType<typeof holdBridgeLease> | undefined;
  const leading = () => lease?.leading() === true;
  const sync = () =>
    bridges.sync().catch((err: unknown) => log.warn({ err }, 'cloud link: sync failed'));
  return {
    ...bridges,
    async start() {
      lease ??= holdBridgeLease({
        open: openLock,
        retryMs: syncMs,
        log,
        lead: async () => {
          await sync();
          timer = setInterval(() => void sync(), syncMs);
          timer.unref();
        },
        follow: async () => {
          clearInterval(timer);
          await bridges.stopAll();
        },
      });
    },
    sync: async () => {
      if (leading()) await bridges.sync();
    },
    accountChanged: async (accountId: string) => {
      if (leading()) await bridges.accountChanged(accountId);
    },
    deviceUnlinked: async (devId: string) => {
      if (leading()) await bridges.deviceUnlinked(devId);
    },
    leading,
    async close() {
      clearInterval(timer);
      await lease?.stop();
      await bridges.close();
    },
  };
}
