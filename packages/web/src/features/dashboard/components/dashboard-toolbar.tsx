import { IonFooter, IonToolbar } from '@ionic/react';
import { Link } from 'react-router-dom';
import type { NodeType } from '@hearth/protocol';
import { useTranslation } from 'react-i18next';
import { platform } from '../../../lib/platform';
import { routes } from '../../../lib/devices';
import { Icon, type IconName } from '../../../lib/ui/icons';

interface ToolbarProps {
  homeId: string;
  owner: boolean;
  connected: boolean;
  anyInstalled: boolean;
  /** The kind of node the records button opens the home records of. */
  recordsType: NodeType;
  /** The selected nodes of this home. */
  selected: ReadonlyArray<{ devId: string; type: NodeType; addr: number }>;
  canSelectAll: boolean;
  onSelectAll: () => void;
  onDeselectAll: () => void;
}

function ToolLink({ to, icon, label }: { to: string; icon: IconName; label: string }) {
  return (
    <Link to={to} className="dashboard-tool">
      <Icon name={icon} />
      <span>{label}</span>
    </Link>
  );
}

/** Spec 1 §2 bottom toolbar, with and without a selection. */
export function DashboardToolbar(props: ToolbarProps) {
  const { t } = useTranslation();
  const { homeId } = props;
  return (
    <IonFooter>
      <IonToolbar>
        <nav className="dashboard-toolbar" aria-label={t('dashboard.toolbar')}>
          {props.selected.length > 0 ? (
            <>
              <ToolLink
                to={routes.multiNodeSchedule(homeId, props.selected)}
                icon="optionsOutline"
                label={t('dashboard.multiConfig')}
              />
              <button type="button" className="dashboard-tool" onClick={props.onDeselectAll}>
                <Icon name="closeCircleOutline" />
                <span>{t('dashboard.deselectAll')}</span>
              </button>
            </>
          ) : (
            <>
              {/* Spec 1 §2 visibility; spec 2 §2: it opens node installation (discovery). */}
              {((props.connected && props.owner) || platform.isNative) && (
                <ToolLink
                  to={routes.addNode(homeId)}
                  icon="addCircleOutline"
                  label={t('dashboard.addDevices')}
                />
              )}
              {props.connected && props.anyInstalled && (
                <ToolLink
                  to={routes.homeConfig(homeId)}
                  icon="homeOutline"
                  label={t('dashboard.homeConfig')}
                />
              )}
              {props.anyInstalled && (
                <ToolLink
                  to={routes.homeRecords(homeId, props.recordsType)}
                  icon="barChartOutline"
                  label={t('dashboard.records')}
                />
              )}
              {props.canSelectAll && (
                <button type="button" className="dashboard-tool" onClick={props.onSelectAll}>
                  <Icon name="checkboxOutline" />
                  <span>{t('dashboard.selectAll')}</span>
                </button>
              )}
              <ToolLink
                to={routes.weather(homeId)}
                icon="partlySunnyOutline"
                label={t('dashboard.weather')}
              />
            </>
          )}
        </nav>
      </IonToolbar>
    </IonFooter>
  );
}
