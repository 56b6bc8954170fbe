import { useState, type ReactNode } from 'react';
import {
  IonBackButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonPage,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  MINUTES_PER_HOUR,
  boostRemainingMinutes,
  isBoostLike,
  isHeaterType,
  parseNodeType,
  showBoostButton,
  type NodeType,
  type TemperatureUnits,
} from '@hearth/protocol';
import {
  DeviceSockets,
  homeAway,
  homeTimeZone,
  temperatureLimits,
  useHomeDevices,
  useHomes,
  useNodeSortMethod,
  sortNodes,
} from '../../lib/devices';
import { useStaleSince } from '../../lib/socket/data-age';
import { boostAllowed, nodeShared, scopedLimits, useMyAccess } from '../../lib/sharing';
import { BoostDialog } from './components/boost-dialog';
import { BoostStatus } from './components/boost-status';
import { DetailToolbar } from './components/detail-toolbar';
import { HeaterSummary } from './components/heater-summary';
import { LostNotice } from './components/lost-notice';
import { NodeControls } from './components/node-controls';
import { NodeHeader, type HeaderNode } from './components/node-header';
import { boostDefaults, nodeCapabilities } from './model/node-capabilities';
import { useModeParams } from './model/use-mode-params';
import { usePlanClock } from './model/use-plan-clock';
import { nodeActions } from './model/use-node-actions';
import './node-detail.css';

/** A part of the detail another feature shows (the comfort automation's), from the app. */
export type RenderRoomComfort = (props: {
  homeId: string;
  room: { devId: string; type: NodeType; addr: number };
  timeZone: string | undefined;
  units: TemperatureUnits | undefined;
}) => ReactNode;

/** Spec 3 §2 node detail: /homes/{homeId}/devs/{devId}/{nodeType}/{addr}. */
export function NodeDetailPage({ renderComfort }: { renderComfort?: RenderRoomComfort }) {
  const { t } = useTranslation();
  const params = useParams<{ homeId: string; devId: string; nodeType: string; addr: string }>();
  const homes = useHomes();
  const home = homes.data?.find((h) => h.id === params.homeId);
  const devices = useHomeDevices(home);
  const device = devices.find((d) => d.dev.dev_id === params.devId);
  const type = parseNodeType(params.nodeType ?? '');
  const addr = Number(params.addr);
  const node = device?.nodes.find((n) => n.type === type && n.addr === addr);
  // docs/sharing.md: a guest is offered only the rooms, set points, modes and boost of the scope.
  const access = useMyAccess(home?.id, home?.owner).data;
  const [dialog, setDialog] = useState<'new' | 'time' | undefined>();
  const clock = usePlanClock(params.devId ?? '', homeTimeZone(devices));
  // Issue 25: the gateway's values not refreshed for longer than a report interval are stale.
  const staleSince = useStaleSince(params.devId ?? '');
  const kind = node && nodeCapabilities(node).offersRunback ? 'runback' : 'boost';
  const modeParams = useModeParams(
    `${params.devId}:${type}:${addr}:${kind}`,
    node ? boostDefaults(node, kind) : undefined,
  );

  // The header carousel follows the home's node sort method (heater system settings).
  const sortMethod = useNodeSortMethod(params.homeId ?? '');
  const headerNodes: HeaderNode[] = devices.flatMap((d) =>
    sortNodes(d.nodes, sortMethod).flatMap((n) =>
      isHeaterType(n.type) && n.installed && nodeShared(access, { ...n, devId: d.dev.dev_id })
        ? [{ devId: d.dev.dev_id, type: n.type, addr: n.addr, name: n.name }]
        : [],
    ),
  );
  const current = headerNodes.find(
    (n) => n.devId === params.devId && n.type === type && n.addr === addr,
  );

  let missing: string | undefined;
  if (homes.isSuccess && !home) missing = t('nodeDetail.homeNotFound');
  else if (home && !device) missing = t('nodeDetail.devNotFound');
  else if (access?.active === false && access.problem)
    missing = t(`sharing.problems.${access.problem}`);
  // The server does not list a room it does not share, so this comes before "not found".
  else if (type && !nodeShared(access, { devId: params.devId ?? '', type, addr }))
    missing = t('sharing.problems.node_not_shared');
  // A node the detail does not offer (a power monitor, one not installed) is not found either,
  // rather than an empty screen: the detail is for installed heaters (spec 3 §2).
  else if (device?.loaded && (!node || !current)) missing = t('nodeDetail.nodeNotFound');

  const body = () => {
    if (!home || !device || !node || !type || !current) return null;
    const ref = { devId: device.dev.dev_id, type, addr };
    const limits = scopedLimits(temperatureLimits(node), access);
    const actions = nodeActions(ref, limits.units);
    const caps = nodeCapabilities(node);
    const status = node.status ?? {};
    const boostActive = isBoostLike(status, caps.offersRunback === true) || status.boost === true;
    const defaults = modeParams.params ?? boostDefaults(node, kind);
    // Spec 3 §2 lost nodes: nothing sent reaches them, so the controls are off (issue 25).
    const lost = node.lost;
    // The server echoes a boost write at once (sync pending) with the old end: only the
    // device's own report says when the boost ends.
    const end =
      status.sync_status !== 'pending' &&
      typeof status.boost_end_day === 'number' &&
      typeof status.boost_end_min === 'number'
        ? { boost_end_day: status.boost_end_day, boost_end_min: status.boost_end_min }
        : undefined;
    // Edit time reopens on the time the boost has left (issue 25), not on a new boost's default.
    const left = boostActive && end ? boostRemainingMinutes(clock, end) : undefined;
    const newMinutes = kind === 'boost' ? defaults.time * MINUTES_PER_HOUR : defaults.time;
    const dialogMinutes = dialog === 'time' && left !== undefined && left > 0 ? left : newMinutes;
    return (
      <>
        <IonContent className="ion-padding">
          <NodeHeader
            homeId={home.id}
            homeName={home.name}
            nodes={headerNodes}
            current={current}
            away={homeAway(devices)}
            timeZone={homeTimeZone(devices)}
          />
          {lost && <LostNotice />}
          <HeaterSummary
            node={node}
            clock={clock}
            timer={caps.timer === true}
            staleSince={staleSince}
          />
          {boostActive && (
            <BoostStatus
              devId={device.dev.dev_id}
              kind={kind}
              end={end}
              storage={node.type === 'acm'}
              canEdit={!defaults.timeLocked}
              disabled={lost}
              onEdit={() => setDialog('time')}
              onCancel={() => actions.cancelBoost(kind)}
            />
          )}
          <NodeControls
            node={node}
            actions={actions}
            access={access}
            disabled={lost}
            staleSince={staleSince}
            onOpenBoost={() => setDialog('new')}
          />
          {/* Below the controls: it arrives with its own read, and must not move them under a finger. */}
          {renderComfort?.({
            homeId: home.id,
            room: ref,
            timeZone: homeTimeZone(devices),
            units: limits.units,
          })}
          {dialog && (
            <BoostDialog
              kind={kind}
              limits={limits}
              initial={{ temp: defaults.temperature, time: dialogMinutes }}
              timeLocked={defaults.timeLocked}
              timeOnly={dialog === 'time'}
              maxRunbackTime={defaults.maxRunbackTime}
              onCancel={() => setDialog(undefined)}
              onAccept={(choice) => {
                // A new boost's duration is what the dialog offers next time; an edit's
                // time left is not.
                if (dialog === 'new')
                  modeParams.choose({
                    temperature: choice.temp,
                    time: kind === 'boost' ? choice.time / MINUTES_PER_HOUR : choice.time,
                  });
                setDialog(undefined);
                actions.startBoost(kind, choice.temp, choice.time);
              }}
            />
          )}
        </IonContent>
        <DetailToolbar
          homeId={home.id}
          node={ref}
          // Spec 3 §2: a timer's schedule is ON/OFF slots, edited on the same screen. A guest
          // may not write weekly programmes (docs/sharing.md), so none is offered.
          scheduleAvailable={caps.scheduleAvailable && !lost && access?.role !== 'guest'}
          boostKind={kind}
          showBoost={showBoostButton({
            boostAvailable: caps.boostAvailable === true && !lost && boostAllowed(access),
            boostActive,
            timerActive: caps.timer === true,
          })}
          onBoost={() => setDialog('new')}
        />
      </>
    );
  };

  return (
    <IonPage>
      {home && <DeviceSockets devIds={home.devs.map((d) => d.dev_id)} />}
      <IonHeader>
        <IonToolbar color="primary">
          <IonButtons slot="start">
            <IonBackButton defaultHref="/" text="" aria-label={t('nodeDetail.back')} />
          </IonButtons>
          <IonTitle>
            <span className="node-detail__title">{node?.name ?? t('nodeDetail.title')}</span>
          </IonTitle>
        </IonToolbar>
      </IonHeader>
      {missing ? (
        <IonContent className="ion-padding">
          <p role="alert" data-testid="node-missing">
            {missing}
          </p>
        </IonContent>
      ) : (
        body()
      )}
    </IonPage>
  );
}
