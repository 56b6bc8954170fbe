import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { formatHomeDateTime, useHomeDevices, useHomes, homeTimeZone } from '../../lib/devices';
import { LoadFailedPanel, MessageLine, PageFrame, useTimedMessage } from '../../lib/screens';
import { fetchActivityCsv, useActivity } from './api/sharing-api';
import { actionText, sourceText } from './model/activity-words';
import { downloadText } from '../../lib/ui/download';
import { roomKey } from './model/scope-form';
import { useRooms } from './model/use-rooms';
import './sharing.css';

/**
 * docs/sharing.md "Activity log": who changed what in the home, when and from where, newest
 * first, 90 days; owners and residents; the whole log as CSV.
 */
export function ActivityPage() {
  const { t, i18n } = useTranslation();
  const { homeId = '' } = useParams();
  const homes = useHomes();
  const home = homes.data?.find((h) => h.id === homeId);
  const timeZone = homeTimeZone(useHomeDevices(home));
  const activity = useActivity(homeId);
  const { name } = useRooms(homeId);
  const msg = useTimedMessage();
  const [downloading, setDownloading] = useState(false);
  const entries = activity.data?.pages.flatMap((p) => p.entries) ?? [];

  const download = async () => {
    setDownloading(true);
    msg.clear();
    try {
      downloadText(await fetchActivityCsv(homeId), 'activity.csv', 'text/csv');
    } catch (err) {
      if (!(err instanceof Error)) throw err;
      msg.error(t('sharing.activity.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  const title = home ? `${t('sharing.activity.title')}: ${home.name}` : t('sharing.activity.title');
  return (
    <PageFrame
      title={title}
      backLabel={t('sharing.activity.back')}
      backTo={`/list/homes/${encodeURIComponent(homeId)}/data`}
    >
      <div className="sharing-page">
        <p>{t('sharing.activity.intro')}</p>
        <IonButton
          className="sharing-quiet"
          fill="outline"
          disabled={downloading}
          onClick={() => void download()}
        >
          {t('sharing.activity.download')}
        </IonButton>
        <MessageLine message={msg.message} />
        {activity.isError && !activity.data && (
          <LoadFailedPanel
            message={t('sharing.activity.loadFailed')}
            retryLabel={t('sharing.retry')}
            onRetry={() => void activity.refetch()}
            retrying={activity.isFetching}
            testId="activity-load-failed"
          />
        )}
        {activity.isSuccess && entries.length === 0 && <p>{t('sharing.activity.none')}</p>}
        {entries.length > 0 && (
          <ol className="sharing-activity" aria-label={t('sharing.activity.list')}>
            {entries.map((e) => {
              const room =
                e.dev_id && e.node_type && e.node_addr !== null
                  ? name(roomKey({ devId: e.dev_id, type: e.node_type, addr: e.node_addr }))
                  : undefined;
              return (
                <li key={e.id} className="sharing-activity__entry" data-testid="activity-entry">
                  <time dateTime={e.at} className="sharing-activity__when">
                    {formatHomeDateTime(new Date(e.at), i18n.language, timeZone)}
                  </time>
                  <span className="sharing-activity__who">{e.actor}</span>
                  <span className="sharing-activity__what">
                    {room ? `${room} · ` : ''}
                    {actionText(e, t)}
                  </span>
                  <span className="sharing-activity__via">
                    {t('sharing.activity.via')}: {sourceText(e, t)}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
        {activity.hasNextPage && (
          <IonButton
            className="sharing-quiet"
            fill="clear"
            disabled={activity.isFetchingNextPage}
            onClick={() => void activity.fetchNextPage()}
          >
            {t('sharing.activity.more')}
          </IonButton>
        )}
      </div>
    </PageFrame>
  );
}
