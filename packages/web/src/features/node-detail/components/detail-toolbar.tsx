import { IonFooter, IonIcon, IonToolbar } from '@ionic/react';
import { barChartOutline, calendarOutline, flashOutline, settingsOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { routes, useNodeRecordsLink, type NodeRef } from '../../../lib/devices';

interface DetailToolbarProps {
  homeId: string;
  node: NodeRef;
  scheduleAvailable: boolean;
  showBoost: boolean;
  boostKind: 'boost' | 'runback';
  onBoost: () => void;
}

/** Spec 3 §2: schedule (with the capability), records, settings; boost or runback on the right. */
export function DetailToolbar({
  homeId,
  node,
  scheduleAvailable,
  showBoost,
  boostKind,
  onBoost,
}: DetailToolbarProps) {
  const { t } = useTranslation();
  const { devId, type, addr } = node;
  const recordsLink = useNodeRecordsLink(homeId, devId, type, addr);
  return (
    <IonFooter>
      <IonToolbar>
        <nav className="detail-toolbar" aria-label={t('nodeDetail.toolbar')}>
          {scheduleAvailable && (
            <Link to={routes.nodeSchedule(homeId, devId, type, addr)} className="detail-tool">
              <IonIcon icon={calendarOutline} aria-hidden="true" />
              <span>{t('nodeDetail.schedule')}</span>
            </Link>
          )}
          <Link to={recordsLink} className="detail-tool">
            <IonIcon icon={barChartOutline} aria-hidden="true" />
            <span>{t('nodeDetail.records')}</span>
          </Link>
          <Link to={routes.nodeSettings(homeId, devId, type, addr)} className="detail-tool">
            <IonIcon icon={settingsOutline} aria-hidden="true" />
            <span>{t('nodeDetail.settings')}</span>
          </Link>
          {showBoost && (
            <button type="button" className="detail-tool detail-tool--end" onClick={onBoost}>
              <IonIcon icon={flashOutline} aria-hidden="true" />
              <span>{t(`nodeDetail.${boostKind}`)}</span>
            </button>
          )}
        </nav>
      </IonToolbar>
    </IonFooter>
  );
}
