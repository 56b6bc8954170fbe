import { memo, useContext } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isTimerOn } from '@hearth/protocol';
import { formatTemperature, routes, useNodeRecordsLink, type LiveNode } from '../../../lib/devices';
import { DataAge } from '../../../lib/socket/data-age';
import { Icon } from '../../../lib/ui/icons';
import { cardState, isSelectable, opensDetail } from '../model/dashboard-rules';
import { ChargeBar, ModeIcon, StatusIndicators } from './node-badges';
import { NodeNoticeSlot } from './node-notice-slot';

interface NodeCardProps {
  node: LiveNode;
  homeId: string;
  devId: string;
  deviceConnected: boolean;
  showCheckbox: boolean;
  selected: boolean;
  /** The node's selection key, handed to `onToggle`. */
  selectionKey: string;
  onToggle: (selectionKey: string) => void;
  /**
   * Since when the card's own values are stale (a wifi heater is its own device: no group header
   * says it for it), shown on the card with their age; unset while live.
   */
  staleSince?: number | undefined;
}

/**
 * One node (spec 3 §2 "Node display states" and "Node card"). Memoised: with stable props
 * (nodes keep their identity while unchanged) a device event renders only the cards it touched.
 */
export const NodeCard = memo(function NodeCard(props: NodeCardProps) {
  const {
    node,
    homeId,
    devId,
    deviceConnected,
    showCheckbox,
    selected,
    selectionKey,
    onToggle,
    staleSince,
  } = props;
  const { t, i18n } = useTranslation();
  const state = cardState(node, deviceConnected);
  const units = node.status?.units;
  const showMeasured = state !== 'uninstalled' && state !== 'timer';
  const selectable = isSelectable(node);
  // docs/design.md §4: a write the device has not confirmed yet (sync pending) shows as pending.
  const pending =
    node.status?.sync_status === 'pending' && state !== 'uninstalled' && state !== 'offline';
  const recordsLink = useNodeRecordsLink(homeId, devId, node.type, node.addr);
  const notice = useContext(NodeNoticeSlot);
  const target = opensDetail(node, deviceConnected)
    ? routes.node(homeId, devId, node.type, node.addr)
    : recordsLink;

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
      className={`node-card node-card--${state}${selected ? ' node-card--selected' : ''}${pending ? ' node-card--pending' : ''}${staleSince !== undefined ? ' node-card--stale' : ''}`}
      aria-label={node.name}
      data-testid="node-card"
      data-node-type={node.type}
      data-node-addr={node.addr}
      data-state={state}
      data-stale={staleSince !== undefined ? 'true' : undefined}
    >
      <div className="node-card__corner">
        {selectable && showCheckbox && (
          <input
            type="checkbox"
            className="node-card__check"
            checked={selected}
            onChange={() => onToggle(selectionKey)}
            aria-label={t('dashboard.selectNode', { name: node.name })}
          />
        )}
        {!selectable && (
          <>
            {node.lost ? (
              <Icon
                name="cloudOffline"
                className="node-card__lost blink"
                label={t('dashboard.lost')}
              />
            ) : (
              // Spec 3 §2: every node without a checkbox (uninstalled, out of sync) shows the
              // warning beside its config button; a lost one shows the lost icon instead.
              <Icon name="warning" label={t('dashboard.warning')} />
            )}
            <Link
              className="node-card__config"
              to={routes.nodeSettings(homeId, devId, node.type, node.addr)}
              aria-label={t('dashboard.configureNode', { name: node.name })}
            >
              <Icon name="settingsOutline" />
            </Link>
          </>
        )}
      </div>
      <Link className="node-card__body" to={target}>
        {/* The whole name, wrapped if long (issue 25): the mode icon and the indicators sit
            in their own row, so that no name cuts them off. */}
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
          {state === 'temperature' && (
            <span className="node-card__label">{t('node.setPoint')} </span>
          )}
          <span data-testid="node-stemp">{setPoint}</span>
        </p>
        {staleSince !== undefined && (
          <p className="node-card__age">
            <DataAge since={staleSince} />
          </p>
        )}
        {pending && (
          <p className="node-card__pending" data-testid="node-pending">
            {t('dashboard.pending')}
          </p>
        )}
        {node.type === 'acm' && state !== 'uninstalled' && <ChargeBar status={node.status} />}
        <div className="node-card__badges" data-testid="node-badges">
          {/* An offline node's warning takes the mode icon's place, so the card's content
              does not move when the device's first report arrives. */}
          {state === 'offline' ? (
            <Icon name="warning" className="mode-icon" />
          ) : (
            <ModeIcon status={node.status} />
          )}
          {showMeasured && state !== 'offline' && <StatusIndicators status={node.status} />}
        </div>
      </Link>
      {/* Outside the card's link: the notice has its own button (one tap to resume heating). */}
      {notice &&
        state !== 'uninstalled' &&
        state !== 'offline' &&
        notice.render({
          homeId,
          room: { devId, type: node.type, addr: node.addr },
          name: node.name,
          timeZone: notice.timeZone,
          units,
        })}
    </article>
  );
});
