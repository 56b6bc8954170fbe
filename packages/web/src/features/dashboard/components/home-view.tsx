import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../lib/ui/icons';
import { showSelectionCount, tableViewOffered } from '../model/dashboard-rules';
import { readNodeView, writeNodeView, type NodeView } from '../model/view-preference';
import type { DashboardModel, PowerMonitorEntry } from '../use-dashboard';
import { useWindowWidth } from '../use-window-width';
import { NodeGrid } from './device-group';
import { EmptyHomeHint } from './empty-home-hint';
import { NodeTable } from './node-table';

export type RenderPowerMonitors = (monitors: readonly PowerMonitorEntry[]) => ReactNode;

/** The tab an arrow, Home or End key moves to (WAI-ARIA tabs: wraps around); none for others. */
function tabAfterKey(key: string, index: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

function Tabs({ model }: { model: DashboardModel }) {
  const { t } = useTranslation();
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabAfterKey(e.key, index, model.tabs.length);
    if (next === undefined) return;
    e.preventDefault();
    model.selectTab(next);
    document.getElementById(`dashboard-tab-${model.tabs[next]}`)?.focus();
  };
  return (
    <div className="dashboard-tabs" role="tablist" aria-label={t('dashboard.tabs')}>
      {model.tabs.map((tab, i) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={`dashboard-tab-${tab}`}
          aria-selected={model.tab === tab}
          aria-controls="dashboard-tabpanel"
          // One tab stop for the list; the arrows move between the tabs.
          tabIndex={model.tab === tab ? 0 : -1}
          className={`dashboard-tab${model.tab === tab ? ' dashboard-tab--active' : ''}`}
          onClick={() => model.selectTab(i)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {t(`dashboard.tab.${tab}`, {
            count: tab === 'heaters' ? model.heaters.length : model.monitors.length,
          })}
        </button>
      ))}
    </div>
  );
}

/** The chosen home's tabs: heaters as a grid or table, or the power monitors. */
export function HomeView({
  model,
  renderPowerMonitors,
}: {
  model: DashboardModel;
  renderPowerMonitors?: RenderPowerMonitors;
}) {
  const { t } = useTranslation();
  const width = useWindowWidth();
  const [view, setView] = useState<NodeView>(readNodeView);
  const home = model.home;
  if (!home) return null;
  const offered = tableViewOffered(width, model.heaters.length);
  const shown: NodeView = offered ? view : 'grid';
  const choose = (next: NodeView) => {
    setView(next);
    writeNodeView(next);
  };
  const empty = model.loaded && model.heaters.length === 0 && model.monitors.length === 0;

  return (
    <>
      <Tabs model={model} />
      <div
        id="dashboard-tabpanel"
        role="tabpanel"
        aria-labelledby={`dashboard-tab-${model.tab}`}
        className="dashboard-tabpanel"
      >
        {model.tab === 'heaters' && (
          <div className="dashboard-bar">
            {showSelectionCount(model.selected.length) && (
              <span data-testid="selection-count">
                {t('dashboard.selectedCount', {
                  count: model.selected.length,
                  total: model.selectableCount,
                })}
              </span>
            )}
            {offered && (
              <button
                type="button"
                className="dashboard-view-toggle"
                aria-pressed={shown === 'table'}
                onClick={() => choose(shown === 'table' ? 'grid' : 'table')}
              >
                <Icon name={shown === 'table' ? 'appsOutline' : 'listOutline'} />
                <span>
                  {shown === 'table' ? t('dashboard.gridView') : t('dashboard.tableView')}
                </span>
              </button>
            )}
          </div>
        )}
        {empty && <EmptyHomeHint />}
        {model.tab === 'heaters' &&
          (shown === 'table' ? (
            <NodeTable devices={model.devices} nodesOf={model.heatersOf} access={model.access} />
          ) : (
            <NodeGrid
              homeId={home.id}
              devices={model.devices}
              nodesOf={model.heatersOf}
              showCheckboxes={model.showCheckboxes}
              selected={model.selected}
              onToggle={model.toggle}
            />
          ))}
        {model.tab === 'pmo' && renderPowerMonitors?.(model.monitors)}
      </div>
    </>
  );
}
