import { IonIcon } from '@ionic/react';
import { barChartOutline, settingsOutline } from 'ionicons/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { routes, useLiveDevice, useNodeRecordsLink, type LiveNode } from '../../../lib/devices';
import { usePower } from '../api/get-power';
import { gaugeLimitW } from '../model/gauge';
import { PowerGauge } from './power-gauge';

export interface PowerMonitorItem {
  homeId: string;
  devId: string;
  node: LiveNode;
  deviceConnected: boolean;
}

/** One power monitor: gauge, current power in W, records and settings (spec 3 §2). */
export function PowerMonitorCard({ item }: { item: PowerMonitorItem }) {
  const { t, i18n } = useTranslation();
  const { homeId, devId, node } = item;
  const live = useLiveDevice(devId);
  const recordsLink = useNodeRecordsLink(homeId, devId, 'pmo', node.addr);
  // Spec 3 §4: a device in discovery does not answer power reads.
  const discovering = live?.discovery !== undefined && live.discovery.discovery !== 'off';
  const usable = node.installed && !node.lost && item.deviceConnected && !discovering;
  const power = usePower(devId, node.addr, usable);
  const limitW = gaugeLimitW(node.power_limit ?? node.setup?.power_limit);
  const watts = power.data;

  return (
    <article className="power-monitor" aria-label={node.name} data-testid="power-monitor">
      <h3 className="power-monitor__name">{node.name}</h3>
      <PowerGauge
        powerW={watts}
        limitW={limitW}
        label={t('powerMonitor.gauge', { name: node.name })}
      />
      <p className="power-monitor__reading">
        <span data-testid="power-watts">
          {watts === undefined
            ? '–'
            : t('powerMonitor.watts', {
                value: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(
                  watts,
                ),
              })}
        </span>
        <span className="power-monitor__label">{t('powerMonitor.current')}</span>
      </p>
      <div className="power-monitor__actions">
        <Link to={recordsLink} className="power-monitor__action">
          <IonIcon icon={barChartOutline} aria-hidden="true" />
          <span>{t('powerMonitor.records')}</span>
        </Link>
        <Link
          to={routes.nodeSettings(homeId, devId, 'pmo', node.addr)}
          className="power-monitor__action"
        >
          <IonIcon icon={settingsOutline} aria-hidden="true" />
          <span>{t('powerMonitor.settings')}</span>
        </Link>
      </div>
    </article>
  );
}
