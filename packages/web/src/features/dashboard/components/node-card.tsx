import { useTranslation } from 'react-i18next';
import { isTimerOn, nodeDisplayState } from '@hearth/protocol';
import type { LiveNode } from '../realtime/device-state';
import { formatTemperature } from '../format-temperature';

/** One node of a device: name, measured temperature and set point (spec 3 §2 display states). */
export function NodeCard({ node }: { node: LiveNode }) {
  const { t, i18n } = useTranslation();
  const state = nodeDisplayState(node);
  const units = node.status?.units;
  const showMeasured = state !== 'uninstalled' && state !== 'timer';

  let setPoint: string;
  switch (state) {
    case 'uninstalled':
      setPoint = t('node.uninstalled');
      break;
    case 'offline':
      setPoint = t('node.offline');
      break;
    case 'timer':
      setPoint = isTimerOn(node) ? t('node.on') : t('node.off');
      break;
    case 'off':
      setPoint = t('node.off');
      break;
    case 'unsync':
      setPoint = t('node.unsync');
      break;
    case 'temperature':
      setPoint = formatTemperature(node.status?.stemp, units, i18n.language);
      break;
  }

  return (
    <article
      className={`node-card node-card--${state}`}
      aria-label={node.name}
      data-testid="node-card"
      data-node-type={node.type}
      data-node-addr={node.addr}
      data-state={state}
    >
      <h4 className="node-card__name">{node.name}</h4>
      {showMeasured && (
        <p className="node-card__measured">
          <span className="node-card__label">{t('node.measured')}</span>
          <span className="node-card__temperature" data-testid="node-mtemp">
            {formatTemperature(node.status?.mtemp, units, i18n.language)}
          </span>
        </p>
      )}
      <p className="node-card__set">
        {state === 'temperature' && <span className="node-card__label">{t('node.setPoint')} </span>}
        <span data-testid="node-stemp">{setPoint}</span>
      </p>
    </article>
  );
}
