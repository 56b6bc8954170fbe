import {
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonMenuButton,
  IonPage,
  IonSpinner,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DeviceSockets, formatHomeDateTime, formatTemperature, routes } from '../../lib/devices';
import { useAddHomeOffered } from '../../lib/home-data';
import { Icon } from '../../lib/ui/icons';
import { whenIdle } from '../../lib/platform/when-idle';
import { DashboardToolbar } from './components/dashboard-toolbar';
import { HomeHeader, homeTitle } from './components/home-header';
import { HomePicker } from './components/home-picker';
import { HomeView, type RenderPowerMonitors } from './components/home-view';
import { NodeNoticeSlot, type RenderNodeNotice } from './components/node-notice-slot';
import { useDashboard } from './use-dashboard';
import { parseSelectionKey } from './model/dashboard-rules';
import { useAdminMode } from '../../lib/session/admin-mode';
import './dashboard.css';

/**
 * The first Intl formatters of a language load its data, tens of milliseconds on a slow phone:
 * they are built in idle time while the home list is on its way (each is kept for reuse),
 * not inside the render that first shows a clock or a temperature.
 */
function useWarmFormatters(language: string) {
  useEffect(() => {
    const steps = [
      () => formatHomeDateTime(new Date(), language, undefined),
      () => formatTemperature('0', undefined, language),
    ];
    let cancel = () => {};
    const next = () => {
      const step = steps.shift();
      if (!step) return;
      step();
      cancel = whenIdle(next);
    };
    cancel = whenIdle(next);
    return () => cancel();
  }, [language]);
}

/** The home's month-to-date cost (issue 29), from the energy feature. */
export type RenderMonthCost = (homeId: string) => ReactNode;

/**
 * Spec 1 §2 and spec 3 §2 dashboard. The power-monitor tab comes from its own feature,
 * handed in by the app (features never import each other).
 */
export function DashboardPage({
  renderPowerMonitors,
  renderNodeNotice,
  renderMonthCost,
}: {
  renderPowerMonitors?: RenderPowerMonitors;
  renderMonthCost?: RenderMonthCost;
  /** A card's notice from another feature (the comfort automation's window and warm-up). */
  renderNodeNotice?: RenderNodeNotice;
}) {
  const { t, i18n } = useTranslation();
  useWarmFormatters(i18n.language);
  const model = useDashboard();
  const addHomeOffered = useAddHomeOffered();
  // Spec 1 §2: `/?adminMode=1` turns admin mode on for the app.
  useAdminMode();
  const { homes, home } = model;
  const devIds = model.list.flatMap((h) => h.devs.map((d) => d.dev_id));
  const timeZone = model.timeZone;
  const notice = useMemo(
    () => (renderNodeNotice ? { render: renderNodeNotice, timeZone } : undefined),
    [renderNodeNotice, timeZone],
  );

  return (
    <IonPage>
      <DeviceSockets devIds={devIds} />
      <IonHeader>
        <IonToolbar color="primary">
          <IonButtons slot="start">
            <IonMenuButton aria-label={t('menu.open')} />
          </IonButtons>
          <IonTitle>
            <span className="dashboard__title">{t('dashboard.title')}</span>
          </IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        {homes.isPending && (
          <p role="status" className="dashboard__loading">
            <IonSpinner aria-hidden="true" /> <span>{t('dashboard.loading')}</span>
          </p>
        )}
        {homes.isError && (
          <div role="status" className="dashboard__error">
            <p>{t('dashboard.loadFailed')}</p>
            <IonButton onClick={() => void homes.refetch()}>{t('dashboard.retry')}</IonButton>
          </div>
        )}
        {homes.isSuccess && homes.data.length === 0 && (
          <div className="dashboard__empty">
            <p>{t('dashboard.noHomes')}</p>
            {/* Spec 1 §2 empty dashboard: the add-home hint with its plus button. */}
            {addHomeOffered && (
              <Link to={routes.addHome} className="dashboard-tool">
                <Icon name="addCircleOutline" />
                <span>{t('dashboard.addHome')}</span>
              </Link>
            )}
          </div>
        )}
        <HomePicker homes={model.list} index={model.homeIndex} onSelect={model.selectHome} />
        {home && (
          <section
            className="home-section"
            aria-label={homeTitle(home, t('dashboard.guest'))}
            data-testid="home-section"
            data-home-id={home.id}
          >
            <HomeHeader
              home={home}
              connected={model.connected}
              away={model.away}
              timeZone={model.timeZone}
            />
            {model.anyInstalled && renderMonthCost?.(home.id)}
            <NodeNoticeSlot.Provider value={notice}>
              <HomeView model={model} renderPowerMonitors={renderPowerMonitors} />
            </NodeNoticeSlot.Provider>
          </section>
        )}
      </IonContent>
      {home && (
        <DashboardToolbar
          homeId={home.id}
          owner={home.owner}
          connected={model.connected}
          anyInstalled={model.anyInstalled}
          recordsType={model.recordsType}
          selected={model.selected.flatMap((key) => parseSelectionKey(key) ?? [])}
          canSelectAll={model.canSelectAll && model.showCheckboxes}
          onSelectAll={model.selectAll}
          onDeselectAll={model.deselectAll}
        />
      )}
    </IonPage>
  );
}
