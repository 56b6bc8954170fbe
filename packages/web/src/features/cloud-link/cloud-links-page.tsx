import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { deviceKeys } from '../../lib/devices';
import { useSessionStore } from '../../lib/session/session-store';
import { LoadFailedPanel, PageFrame } from '../../lib/screens';
import {
  cloudLinkKeys,
  unlinkAccount,
  unlinkDevice,
  useCloudAccounts,
  useClouds,
} from './cloud-link-api';
import { LinkAccountForm } from './link-account-form';
import { LinkedAccountCard } from './linked-account-card';
import './cloud-link.css';

/** Link a vendor cloud account and see, fix or end the links (docs/cloud-link.md). */
export function CloudLinksPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const demo = useSessionStore((s) => s.demo);
  const clouds = useClouds();
  const accounts = useCloudAccounts();
  const offered = clouds.data?.clouds ?? [];
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: cloudLinkKeys.accounts() });
    void queryClient.invalidateQueries({ queryKey: deviceKeys.homes() });
  };
  const safely = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (err) {
      // The app's error toast tells a failed unlink; the list is read again either way.
      if (!(err instanceof Error)) throw err;
    }
    refresh();
  };
  return (
    <PageFrame title={t('cloudLink.title')} backLabel={t('cloudLink.back')}>
      <p>{t('cloudLink.intro')}</p>
      <h2>{t('cloudLink.linkedHeading')}</h2>
      {accounts.isError ? (
        <LoadFailedPanel
          message={t('cloudLink.loadFailed')}
          retryLabel={t('cloudLink.retry')}
          onRetry={() => void accounts.refetch()}
          retrying={accounts.isFetching}
          testId="cloud-accounts-failed"
        />
      ) : accounts.data?.accounts.length === 0 ? (
        <p>{t('cloudLink.noAccounts')}</p>
      ) : (
        accounts.data?.accounts.map((account) => (
          <LinkedAccountCard
            key={account.id}
            account={account}
            clouds={offered}
            onChanged={refresh}
            onUnlinkAccount={() => safely(() => unlinkAccount(account.id))}
            onUnlinkDev={(devId) => safely(() => unlinkDevice(devId))}
          />
        ))
      )}
      <h2>{t('cloudLink.linkHeading')}</h2>
      {clouds.isSuccess && offered.length === 0 ? (
        <p>{demo ? t('cloudLink.noCloudsDemo') : t('cloudLink.noClouds')}</p>
      ) : (
        clouds.isSuccess && (
          <LinkAccountForm
            clouds={offered}
            onLinked={(account) => {
              refresh();
              navigate(`/cloud-links/${encodeURIComponent(account.id)}/devices`);
            }}
          />
        )
      )}
    </PageFrame>
  );
}
