import { useTranslation } from 'react-i18next';
import { modeIcon, type NodeStatus } from '@hearth/protocol';
import {
  CHARGE_SEGMENTS,
  chargeFraction,
  litSegments,
  statusIndicators,
  type StatusIndicator,
} from '../model/node-badges';
import { Icon, type IconName } from '../../../lib/ui/icons';

const MODE_ICONS: Record<string, IconName> = {
  auto: 'time',
  modified_auto: 'time',
  manual: 'handLeft',
  off: 'power',
  setback: 'moon',
  setback_active: 'moon',
  runback: 'hourglass',
  boost: 'hourglass',
  on: 'timer',
};

const INDICATOR_ICONS: Record<StatusIndicator, IconName> = {
  fan: 'aperture',
  heating: 'flame',
  ventilation: 'swapHorizontal',
  resistor: 'flash',
  presence: 'body',
  easy: 'leaf',
};

/** Spec 3 §2 mode icon, labelled with the mode's name. */
export function ModeIcon({ status }: { status: NodeStatus | undefined }) {
  const { t } = useTranslation();
  const icon = status ? modeIcon(status) : undefined;
  if (!icon) return null;
  const label = t(`dashboard.modes.${icon}`);
  return (
    <span className="mode-icon" role="img" aria-label={label} title={label} data-mode-icon={icon}>
      <Icon name={MODE_ICONS[icon] ?? 'time'} />
    </span>
  );
}

export function StatusIndicators({ status }: { status: NodeStatus | undefined }) {
  const { t } = useTranslation();
  const list = statusIndicators(status);
  if (list.length === 0) return null;
  return (
    <ul className="status-indicators" aria-label={t('dashboard.indicators.title')}>
      {list.map((k) => (
        <li key={k} data-indicator={k} title={t(`dashboard.indicators.${k}`)}>
          <Icon name={INDICATOR_ICONS[k]} />
          <span className="visually-hidden">{t(`dashboard.indicators.${k}`)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Spec 3 §2: storage heaters show an 8-segment charge bar, blinking while charging. */
export function ChargeBar({ status }: { status: NodeStatus | undefined }) {
  const { t } = useTranslation();
  const fraction = chargeFraction(status);
  if (fraction === undefined) return null;
  const lit = litSegments(fraction);
  const charging = status?.charging === true;
  return (
    <div
      className={`charge-bar${charging ? ' charge-bar--charging' : ''}`}
      role="meter"
      aria-label={charging ? t('dashboard.charging') : t('dashboard.charge')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(fraction * 100)}
      data-testid="charge-bar"
      data-lit={lit}
    >
      {Array.from({ length: CHARGE_SEGMENTS }, (_, i) => (
        <span
          key={i}
          className={`charge-bar__segment${i < lit ? ' charge-bar__segment--lit' : ''}`}
        />
      ))}
    </div>
  );
}
