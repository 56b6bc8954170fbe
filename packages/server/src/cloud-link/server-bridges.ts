import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import type { Mailer } from '../mail';
import type { Repositories } from '../repositories';
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

/**
 * The bridges of every linked device as a Hearth process runs them (the server, or
 * `npm run cloud-link`): the owner is mailed once when a cloud refuses the stored password,
 * with a link to PUBLIC_URL (never to an address a caller gave).
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
}) {
  const { config, log } = deps;
  const onNeedsPassword = needsPasswordNotifier({
    upstreams: config.cloudUpstreams,
    users: deps.repos.users,
    mailer: deps.mailer,
    log,
    publicUrl: deps.publicUrl,
  });
  return createCloudBridges({
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
}
