import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../lib/screens';
import type { Cloud, CloudAccount, LinkedDev } from './cloud-link-api';
import { LinkAccountForm } from './link-account-form';

type Asked = { kind: 'account' } | { kind: 'dev'; dev: LinkedDev };

function DevLine({ dev, onUnlink }: { dev: LinkedDev; onUnlink: () => void }) {
  const { t, i18n } = useTranslation();
  const doneUntil = dev.history.done_until
    ? new Date(dev.history.done_until).toLocaleDateString(i18n.language)
    : '';
  return (
    <li className="cloud-link__dev">
      <span className="cloud-link__dev-name">{dev.name}</span>
      <span className={dev.stale ? 'cloud-link__stale' : undefined}>
        {dev.stale ? t(`cloudLink.stale.${dev.stale_reason ?? 'no-updates'}`) : t('cloudLink.live')}
      </span>
      <span>
        {dev.history.state === 'importing' && doneUntil
          ? t('cloudLink.history.importingUntil', { date: doneUntil })
          : t(`cloudLink.history.${dev.history.state}`)}
      </span>
      <button type="button" className="hearth-button" onClick={onUnlink}>
        {t('cloudLink.unlinkDev', { name: dev.name })}
      </button>
    </li>
  );
}

/** A linked account: its state in words, its devices, and how to unlink either. */
export function LinkedAccountCard(props: {
  account: CloudAccount;
  clouds: Cloud[];
  onUnlinkAccount: () => Promise<void>;
  onUnlinkDev: (devId: string) => Promise<void>;
  onChanged: () => void;
}) {
  const { account } = props;
  const { t } = useTranslation();
  const [asked, setAsked] = useState<Asked | null>(null);
  const headingId = `cloud-account-${account.id}`;
  return (
    <section className="cloud-link__account" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {account.label} · {account.email}
      </h3>
      <p
        role={account.state === 'linked' ? undefined : 'alert'}
        className={account.state === 'linked' ? undefined : 'cloud-link__stale'}
      >
        {t(`cloudLink.state.${account.state}`)}
      </p>
      {account.state === 'needs-password' && (
        <LinkAccountForm
          clouds={props.clouds}
          again={{ cloud: account.cloud, email: account.email }}
          onLinked={props.onChanged}
        />
      )}
      {account.devs.length === 0 ? (
        <p>{t('cloudLink.noDevs')}</p>
      ) : (
        <ul className="cloud-link__devs">
          {account.devs.map((dev) => (
            <DevLine key={dev.dev_id} dev={dev} onUnlink={() => setAsked({ kind: 'dev', dev })} />
          ))}
        </ul>
      )}
      <div className="hearth-actions">
        <Link to={`/cloud-links/${encodeURIComponent(account.id)}/devices`}>
          {t('cloudLink.chooseDevices')}
        </Link>
        <button type="button" onClick={() => setAsked({ kind: 'account' })}>
          {t('cloudLink.unlinkAccount')}
        </button>
      </div>
      {asked && (
        <ConfirmDialog
          message={
            asked.kind === 'account'
              ? t('cloudLink.confirmUnlinkAccount', { email: account.email })
              : t('cloudLink.confirmUnlinkDev', { name: asked.dev.name })
          }
          confirmLabel={t('cloudLink.unlink')}
          cancelLabel={t('cloudLink.cancel')}
          onCancel={() => setAsked(null)}
          onConfirm={() => {
            const done = asked;
            setAsked(null);
            void (done.kind === 'account'
              ? props.onUnlinkAccount()
              : props.onUnlinkDev(done.dev.dev_id));
          }}
        />
      )}
    </section>
  );
}
