import { useState } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useHomeDevices, useHomes } from '../../lib/devices';
import { HttpError, needsOwnMessage, refusalOf } from '../../lib/http';
import { LoadFailedPanel, MessageLine, PageFrame, useTimedMessage } from '../../lib/screens';
import {
  homeKeys,
  setPresenceConfig,
  usePresenceConfig,
  type PresenceConfig,
} from './api/homes-api';
import { isExcluded, toggleExcluded } from './model/excluded-nodes';

/** Spec 2 §2 "Quiet-home node exclusion": nodes that never raise a quiet-home notification. */
export function QuietHomeNodesPage() {
  const { t } = useTranslation();
  const { homeId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const homes = useHomes();
  const home = homes.data?.find((h) => h.id === homeId);
  const devices = useHomeDevices(home);
  const presence = usePresenceConfig(homeId);
  const [excluded, setExcluded] = useState<PresenceConfig['excluded_nodes'] | null>(null);
  // Ruling D13: the nodes are offered, and saved, only over the settings as read.
  const read = presence.data;
  const list = excluded ?? read?.excluded_nodes ?? [];
  const msg = useTimedMessage();

  const save = async () => {
    if (!read) return;
    const next = { ...read, excluded_nodes: list };
    try {
      await setPresenceConfig(homeId, next);
      queryClient.setQueryData(homeKeys.presence(homeId), next);
      msg.success(t('homes.saved'), () => navigate(-1));
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
    }
  };

  // Spec 2 §8: a link to a home the user does not have (any more) says so, with nothing to save.
  if (homes.isSuccess && !home)
    return (
      <PageFrame title={t('homes.quiet.excludeNodes')} backLabel={t('homes.back')}>
        <p role="status">{t('homes.homeNotFound')}</p>
      </PageFrame>
    );

  return (
    <PageFrame
      title={t('homes.quiet.excludeNodes')}
      backLabel={t('homes.back')}
      footer={
        read && (
          <div className="hearth-actions">
            <IonButton onClick={() => void save()}>{t('homes.save')}</IonButton>
          </div>
        )
      }
    >
      {presence.isPending && <IonSpinner aria-label={t('homes.loading')} />}
      {presence.isError && !read && (
        <LoadFailedPanel
          message={t('homes.quiet.loadFailed')}
          retryLabel={t('homes.retry')}
          onRetry={() => void presence.refetch()}
          retrying={presence.isFetching}
          testId="quiet-load-failed"
        />
      )}
      {read &&
        devices.map(({ dev, nodes }) => (
          <fieldset key={dev.dev_id} className="hearth-form">
            <legend>{dev.name}</legend>
            {nodes
              .filter((n) => n.installed)
              .map((n) => (
                <label key={`${n.type}${n.addr}`} className="hearth-check">
                  <input
                    type="checkbox"
                    checked={isExcluded(list, dev.dev_id, n.addr)}
                    onChange={() => {
                      // Spec 2 §5: a changed field hides the error.
                      msg.clear();
                      setExcluded(toggleExcluded(list, dev.dev_id, n.addr));
                    }}
                  />
                  {t('homes.quiet.excludeNode', { name: n.name || `${n.type} ${n.addr}` })}
                </label>
              ))}
          </fieldset>
        ))}
      <MessageLine message={msg.message} />
    </PageFrame>
  );
}
