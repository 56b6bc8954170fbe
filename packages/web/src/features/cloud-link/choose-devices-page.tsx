import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { deviceKeys, useHomes } from '../../lib/devices';
import { isConflict } from '../../lib/http';
import { LoadFailedPanel, MessageLine, PageFrame, useTimedMessage } from '../../lib/screens';
import { bringDevices, cloudLinkKeys, useUpstreamHomes } from './cloud-link-api';
import './cloud-link.css';

/** The linked account's homes and devices on the cloud: pick some, and the Hearth home for them. */
export function ChooseDevicesPage() {
  const { t } = useTranslation();
  const { account = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const msg = useTimedMessage();
  const upstream = useUpstreamHomes(account);
  const homes = useHomes();
  // Only the owner of a home brings devices into it.
  const owned = (homes.data ?? []).filter((h) => h.owner !== false);
  const [home, setHome] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const firstHome = owned[0]?.id;
  useEffect(() => {
    if (home === '' && firstHome !== undefined) setHome(firstHome);
  }, [home, firstHome]);
  const toggle = (devId: string, on: boolean) => {
    msg.clear();
    const next = new Set(picked);
    if (on) next.add(devId);
    else next.delete(devId);
    setPicked(next);
  };
  const bring = async () => {
    setBusy(true);
    try {
      await bringDevices(account, { group_id: home, devs: [...picked] });
      void queryClient.invalidateQueries({ queryKey: cloudLinkKeys.accounts() });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.homes() });
      msg.success(t('cloudLink.choose.done'), () => navigate('/cloud-links'));
    } catch (err) {
      if (isConflict(err)) msg.error(t('cloudLink.choose.conflict'));
      else if (!(err instanceof Error)) throw err;
    } finally {
      setBusy(false);
    }
  };
  return (
    <PageFrame
      title={t('cloudLink.choose.title')}
      backLabel={t('cloudLink.back')}
      backTo="/cloud-links"
    >
      {upstream.isError ? (
        <LoadFailedPanel
          message={t('cloudLink.choose.loadFailed')}
          retryLabel={t('cloudLink.retry')}
          onRetry={() => void upstream.refetch()}
          retrying={upstream.isFetching}
          testId="cloud-homes-failed"
        />
      ) : (
        upstream.data?.homes.map((h) => (
          <fieldset key={h.id} className="hearth-form cloud-link__choose">
            <legend>{h.name}</legend>
            {h.devs.length === 0 && <p>{t('cloudLink.choose.emptyHome')}</p>}
            {h.devs.map((d) => (
              <label key={d.dev_id} className="hearth-check">
                <input
                  type="checkbox"
                  checked={d.linked || picked.has(d.dev_id)}
                  disabled={d.linked}
                  onChange={(e) => toggle(d.dev_id, e.target.checked)}
                />
                {d.linked ? t('cloudLink.choose.alreadyLinked', { name: d.name }) : d.name}
              </label>
            ))}
          </fieldset>
        ))
      )}
      {upstream.data?.homes.length === 0 && <p>{t('cloudLink.choose.noHomes')}</p>}
      <fieldset className="hearth-form cloud-link__choose">
        <legend>{t('cloudLink.choose.intoHome')}</legend>
        {owned.map((h) => (
          <label key={h.id} className="hearth-radio">
            <input
              type="radio"
              name="hearth-home"
              checked={home === h.id}
              onChange={() => setHome(h.id)}
            />
            <span>{h.name}</span>
          </label>
        ))}
        {homes.isSuccess && owned.length === 0 && (
          <p>
            {t('cloudLink.choose.noOwnHome')}{' '}
            <Link to="/list/addHome/homeData">{t('cloudLink.choose.addHome')}</Link>
          </p>
        )}
      </fieldset>
      <MessageLine message={msg.message} />
      <button
        type="button"
        className="auth-button"
        disabled={busy || home === '' || picked.size === 0}
        onClick={() => void bring()}
      >
        {t('cloudLink.choose.bring', { count: picked.size })}
      </button>
    </PageFrame>
  );
}
