import { useEffect, useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { DeviceSockets, homeAway, useHomeDevices, useHomes } from '../../lib/devices';
import { HttpError, needsOwnMessage, refusalOf } from '../../lib/http';
import { LoadFailedPanel, MessageLine, PageFrame, useTimedMessage } from '../../lib/screens';
import {
  homeKeys,
  setAwayStatus,
  setPresenceConfig,
  testPresence,
  usePresenceConfig,
  type PresenceConfig,
} from './api/homes-api';
import { homeRoutes } from './model/home-routes';

/** Spec 2 §2 home system config: at home / away on every gateway, quiet-home notifications. */
export function HomeConfigPage() {
  const { t } = useTranslation();
  const { homeId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const homes = useHomes();
  const home = homes.data?.find((h) => h.id === homeId);
  const devices = useHomeDevices(home);
  const reportedAway = homeAway(devices);
  // Ruling D21: owners set the home at home or away; guests are not offered it (the server
  // refuses them too).
  const owner = home?.owner === true;
  const [away, setAway] = useState<boolean | null>(null);
  const presence = usePresenceConfig(homeId);
  const [quiet, setQuiet] = useState<PresenceConfig | null>(null);
  const msg = useTimedMessage();
  const current = quiet ?? presence.data;
  const awayValue = away ?? reportedAway;

  useEffect(() => {
    if (presence.data && quiet === null) setQuiet(presence.data);
  }, [presence.data, quiet]);

  const savePresence = async (next: PresenceConfig) => {
    try {
      await setPresenceConfig(homeId, next);
      queryClient.setQueryData(homeKeys.presence(homeId), next);
      return true;
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      if (needsOwnMessage(err))
        msg.error(
          t(
            refusalOf(err).kind === 'throttled'
              ? 'homes.errors.tooManyRequests'
              : 'homes.errors.userRequest',
          ),
        );
      else msg.clear();
      return false;
    }
  };

  // Spec 2 §4: the quiet-home flag is saved as soon as it changes; a refused save (spec 2 §8)
  // shows the flag as the home still has it.
  const toggleQuiet = async (enabled: boolean) => {
    if (!current) return;
    const next = { ...current, enabled };
    setQuiet(next);
    msg.clear();
    if (!(await savePresence(next))) setQuiet((shown) => (shown === next ? current : shown));
  };

  const writeAway = async () => {
    try {
      // Spec 2 §4: on save the chosen status is set on every device of the home. The shown
      // status is "away if any device is", so a half-away home saved as away still has devices
      // to write: each device whose own status differs gets the choice. A device not heard
      // from yet gets it only when the user picked one, lest an untouched form undo its away.
      const differ = devices.filter((d) => {
        const own = d.live?.away_status?.away;
        return own === undefined ? away !== null : own !== awayValue;
      });
      await Promise.all(differ.map((d) => setAwayStatus(d.dev.dev_id, awayValue)));
      return true;
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      if (needsOwnMessage(err)) msg.error(t('homes.errors.userRequest'));
      else msg.clear();
      return false;
    }
  };

  const save = async () => {
    msg.clear();
    if (owner && !(await writeAway())) return;
    // Ruling D13: the quiet-home e-mail is written only over settings that were read.
    if (current && presence.data && current.email !== presence.data.email) {
      if (!(await savePresence(current))) return;
    }
    msg.success(t('homes.saved'), () => navigate(-1));
  };

  const sendTest = async () => {
    try {
      await testPresence(homeId);
      msg.success(t('homes.quiet.testSent'));
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      if (needsOwnMessage(err)) msg.error(t('homes.errors.userRequest'));
      else msg.clear();
    }
  };

  // Spec 2 §8: a link to a home the user does not have (any more) says so, with nothing to save.
  if (homes.isSuccess && !home)
    return (
      <PageFrame title={t('homes.title')} backLabel={t('homes.back')}>
        <p role="status">{t('homes.homeNotFound')}</p>
      </PageFrame>
    );

  return (
    <PageFrame
      title={t('homes.config.title', { name: home?.name ?? '' })}
      backLabel={t('homes.back')}
      footer={
        <div className="hearth-actions">
          <IonButton fill="outline" onClick={() => navigate(-1)}>
            {t('homes.cancel')}
          </IonButton>
          {owner && <IonButton onClick={() => void save()}>{t('homes.save')}</IonButton>}
        </div>
      }
    >
      <DeviceSockets devIds={devices.map((d) => d.dev.dev_id)} />
      {owner && (
        <fieldset className="hearth-form">
          <legend>{t('homes.config.presence')}</legend>
          {(['home', 'away'] as const).map((v) => (
            <label key={v} className="hearth-radio">
              <input
                type="radio"
                name="home-away"
                checked={awayValue === (v === 'away')}
                onChange={() => {
                  msg.clear();
                  setAway(v === 'away');
                }}
              />
              {t(`homes.config.${v}`)}
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className="hearth-form">
        <legend>{t('homes.quiet.title')}</legend>
        {presence.isError && !current ? (
          <LoadFailedPanel
            message={t('homes.quiet.loadFailed')}
            retryLabel={t('homes.retry')}
            onRetry={() => void presence.refetch()}
            retrying={presence.isFetching}
            testId="quiet-load-failed"
          />
        ) : (
          <>
            <label className="hearth-check">
              <input
                type="checkbox"
                role="switch"
                checked={current?.enabled ?? false}
                disabled={!current || !owner}
                onChange={(e) => void toggleQuiet(e.target.checked)}
              />
              {t('homes.quiet.enabled')}
            </label>
            {/* The server tells only the owner where the notices go. */}
            {owner && (
              <>
                <label htmlFor="quiet-email">{t('homes.quiet.email')}</label>
                <input
                  id="quiet-email"
                  type="email"
                  value={current?.email ?? ''}
                  disabled={!current}
                  onChange={(e) => {
                    msg.clear();
                    if (current) setQuiet({ ...current, email: e.target.value });
                  }}
                />
              </>
            )}
            {/* Spec 2 §6: a guest sees the home's data; only its owner changes it (the server
                refuses a guest's quiet-home save or test). */}
            {!owner && <p>{t('homes.quiet.ownerOnly')}</p>}
            {owner && current?.enabled && (
              <>
                <IonButton fill="outline" onClick={() => void sendTest()}>
                  {t('homes.quiet.test')}
                </IonButton>
                <Link to={homeRoutes.quietHomeNodes(homeId)}>{t('homes.quiet.excludeNodes')}</Link>
              </>
            )}
          </>
        )}
      </fieldset>
      {/* Issue 29: what the home's energy costs, and its power guard. */}
      <p>
        <Link to={`/homes/${encodeURIComponent(homeId)}/energy`}>{t('homes.config.energy')}</Link>
      </p>
      {/* Issue 28: holidays and one-off days replace the weekly programme for a while. */}
      <p>
        <Link to={`/homes/${encodeURIComponent(homeId)}/holidays`}>
          {t('homes.config.holidays')}
        </Link>
      </p>
      <MessageLine message={msg.message} />
    </PageFrame>
  );
}
