import { useTranslation } from 'react-i18next';
import { PowerMonitorCard, type PowerMonitorItem } from './components/power-monitor-card';
import './power-monitor.css';

/** The power monitor tab: one gauge per monitor; polling runs only while this is shown. */
export function PowerMonitorPanel({ monitors }: { monitors: readonly PowerMonitorItem[] }) {
  const { t } = useTranslation();
  if (monitors.length === 0) return <p>{t('powerMonitor.none')}</p>;
  return (
    <div className="power-monitors">
      {monitors.map((m) => (
        <PowerMonitorCard key={`${m.devId}:${m.node.addr}`} item={m} />
      ))}
    </div>
  );
}
