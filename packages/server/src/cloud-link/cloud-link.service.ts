import { randomUUID } from 'node:crypto';
import { linkedDevId, type CloudUpstream } from '@hearth/cloud-link';
import type { CloudAccountState } from '../db/schema';
import { errors } from '../errors';
import type { HomeAccess } from '../homes/home-access';
import type { HomesAdminRepository } from '../homes/homes-admin.repository';
import type { Logger } from '../logger';
import type { RealtimeEmitter } from '../realtime/realtime.emitter';
import type { CloudAccountRow, CloudLinkRepository } from './cloud-link.repository';
import { presentAccount } from './cloud-link.presenter';
import { decryptCloudPassword, encryptCloudPassword } from './password-crypto';
import { outcomeOf, upstreamHttpError, withUpstream } from './upstream-access';

/** What runs the linked devices (bridges.ts); the API tells it of every change. */
export interface BridgeControl {
  accountChanged(accountId: string): Promise<void>;
  deviceUnlinked(devId: string): Promise<void>;
}

export interface CloudLinkDeps {
  upstreams: readonly CloudUpstream[];
  repo: CloudLinkRepository;
  homes: HomesAdminRepository;
  access: HomeAccess;
  realtime: Pick<RealtimeEmitter, 'revalidate'>;
  key: Buffer;
  log: Logger;
  bridges?: BridgeControl;
  /** Told when a call of the API finds the stored password refused (the owner is mailed). */
  onNeedsPassword?: (account: CloudAccountRow) => Promise<void>;
  now?: () => number;
  fetch?: typeof fetch;
}

/** Linking vendor cloud accounts and bringing their devices into the caller's homes. */
export function createCloudLinkService(deps: CloudLinkDeps) {
  const { repo, homes, access, key, log } = deps;
  const now = deps.now ?? Date.now;

  function upstreamNamed(name: string): CloudUpstream {
    const upstream = deps.upstreams.find((u) => u.name === name);
    if (!upstream) throw errors.validation(`No cloud named "${name}" is offered here`);
    return upstream;
  }

  async function ownAccount(userId: string, accountId: string): Promise<CloudAccountRow> {
    const account = /^[0-9a-f-]{36}$/i.test(accountId) ? await repo.account(accountId) : undefined;
    if (!account || account.userId !== userId) throw errors.notFound('Cloud account not found');
    return account;
  }

  async function setState(account: CloudAccountRow, state: CloudAccountState) {
    if (account.state === state) return;
    await repo.setState(account.id, state);
    log.info({ accountId: account.id, state }, 'cloud account state changed');
    if (state === 'needs-password') {
      await deps.onNeedsPassword?.(account);
      // Its bridges stop: the password they hold is refused too.
      await deps.bridges?.accountChanged(account.id);
    }
  }

  /** Runs a call on the account's cloud with its stored password; a refusal is stored. */
  async function onCloud<T>(
    account: CloudAccountRow,
    work: Parameters<typeof withUpstream<T>>[3],
  ): Promise<T> {
    const upstream = upstreamNamed(account.upstream);
    if (account.passwordEnc === null) {
      throw errors.validation('The cloud refused the stored password: link the account again');
    }
    const password = decryptCloudPassword(key, account.id, account.passwordEnc);
    try {
      const result = await withUpstream(upstream, account.email, password, work, deps.fetch);
      await setState(account, 'linked');
      return result;
    } catch (error) {
      const outcome = outcomeOf(error);
      if (outcome === undefined) throw error;
      await setState(account, outcome);
      throw upstreamHttpError(upstream, error);
    }
  }

  /**
   * The device stops coming from the cloud: its bridge stops (it shows as disconnected) and its
   * link goes; it stays in its home with its records until its owner deletes it.
   */
  async function unlink(devId: string): Promise<void> {
    await deps.bridges?.deviceUnlinked(devId);
    await repo.deleteLink(devId);
    deps.realtime.revalidate(devId);
  }

  return {
    clouds() {
      return deps.upstreams.map((u) => ({ name: u.name, label: u.label ?? u.name }));
    },

    async accounts(userId: string) {
      const accounts = await repo.accountsOf(userId);
      const links = await repo.linksOf(accounts.map((a) => a.id));
      return accounts.map((a) =>
        presentAccount(
          a,
          links.filter((l) => l.accountId === a.id),
          deps.upstreams.find((u) => u.name === a.upstream),
          now(),
        ),
      );
    },

    /** Signs in upstream first: a refused password stores nothing; a known account takes it. */
    async linkAccount(userId: string, body: { cloud: string; email: string; password: string }) {
      const upstream = upstreamNamed(body.cloud);
      const email = body.email.trim();
      try {
        await withUpstream(upstream, email, body.password, async () => undefined, deps.fetch);
      } catch (error) {
        if (outcomeOf(error) === undefined) throw error;
        throw upstreamHttpError(upstream, error);
      }
      const known = await repo.findAccount(userId, upstream.name, email);
      let account: CloudAccountRow;
      if (known) {
        await repo.setPassword(known.id, encryptCloudPassword(key, known.id, body.password));
        account = (await repo.account(known.id)) ?? known;
      } else {
        const id = randomUUID();
        account = await repo.insertAccount({
          id,
          userId,
          upstream: upstream.name,
          email,
          passwordEnc: encryptCloudPassword(key, id, body.password),
        });
      }
      log.info({ accountId: account.id, upstream: upstream.name }, 'cloud account linked');
      await deps.bridges?.accountChanged(account.id);
      const links = await repo.linksOf([account.id]);
      return presentAccount(account, links, upstream, now());
    },

    /** The account's homes and devices on the cloud, each marked when already in Hearth. */
    async upstreamHomes(userId: string, accountId: string) {
      const account = await ownAccount(userId, accountId);
      const upstreamHomes = await onCloud(account, (client) => client.groupedDevs());
      const linked = new Set((await repo.linksOf([account.id])).map((l) => l.upstreamDevId));
      return upstreamHomes.map((home) => ({
        id: home.id,
        name: home.name ?? home.id,
        devs: home.devs.map((dev) => ({
          dev_id: dev.dev_id,
          name: dev.name ?? dev.dev_id,
          product_id: dev.product_id ?? '',
          hearth_dev_id: linkedDevId(account.upstream, dev.dev_id),
          linked: linked.has(dev.dev_id),
        })),
      }));
    },

    /** Brings the chosen cloud devices into one of the caller's homes (owner only). */
    async bringDevices(
      userId: string,
      accountId: string,
      body: { group_id: string; devs: string[] },
    ) {
      const account = await ownAccount(userId, accountId);
      const { home } = await access.home(userId, body.group_id, 'owner');
      const upstreamHomes = await onCloud(account, (client) => client.groupedDevs());
      const offered = new Map(upstreamHomes.flatMap((h) => h.devs).map((d) => [d.dev_id, d]));
      const wanted = [...new Set(body.devs)];
      const missing = wanted.filter((id) => !offered.has(id));
      if (missing.length > 0) {
        throw errors.validation(`Not a device of this cloud account: ${missing.join(', ')}`);
      }
      const added = [];
      for (const upstreamDevId of wanted) {
        const dev = offered.get(upstreamDevId);
        if (!dev) continue;
        const devId = linkedDevId(account.upstream, upstreamDevId);
        const existing = await repo.link(devId);
        if (existing && existing.accountId !== account.id) {
          throw errors.deviceConflict(`Device ${upstreamDevId} is linked by another account`);
        }
        const claimed = await homes.claimFree(devId, home.id, {
          name: dev.name ?? upstreamDevId,
          productId: dev.product_id ?? '',
          serialId: dev.serial_id ?? '',
        });
        if (!claimed) {
          if (existing) continue; // already in one of the caller's homes
          // Unlinked before and kept: linked again where it is, if the caller owns that home.
          const where = await repo.homeOf(devId);
          const own = where
            ? await access.home(userId, where, 'owner').catch(() => undefined)
            : undefined;
          if (!own) throw errors.deviceConflict(`Device ${upstreamDevId} belongs to another home`);
        }
        await repo.insertLink({ devId, accountId: account.id, upstreamDevId });
        added.push({
          dev_id: devId,
          upstream_dev_id: upstreamDevId,
          name: dev.name ?? upstreamDevId,
        });
      }
      log.info({ accountId: account.id, count: added.length }, 'cloud devices linked');
      await deps.bridges?.accountChanged(account.id);
      return { group_id: home.id, devs: added };
    },

    /**
     * The device stops coming from the cloud and stays in Hearth with its records (deleting
     * it is the device's own Delete); nothing is sent to the cloud.
     */
    async unlinkDevice(userId: string, devId: string) {
      const link = /^[0-9a-f]{18}$/.test(devId) ? await repo.link(devId) : undefined;
      const account = link ? await repo.account(link.accountId) : undefined;
      if (!link || !account || account.userId !== userId) throw errors.missing('dev');
      await unlink(devId);
    },

    /** Every device of the account is unlinked (and kept), then the account and its password go. */
    async unlinkAccount(userId: string, accountId: string) {
      const account = await ownAccount(userId, accountId);
      for (const link of await repo.linksOf([account.id])) await unlink(link.devId);
      await repo.deleteAccount(account.id);
      await deps.bridges?.accountChanged(account.id);
      log.info({ accountId: account.id }, 'cloud account unlinked');
    },
  };
}
export type CloudLinkService = ReturnType<typeof createCloudLinkService>;
