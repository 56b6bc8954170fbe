import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { routes, type HomeDevice, type LiveNode } from '../../../lib/devices';
import { Icon } from '../../../lib/ui/icons';
import { DeviceLinkState } from '../../../lib/cloud-link-state';
import { DataAge, useStaleSince } from '../../../lib/socket/data-age';
import { isSelectable, selectionKey } from '../model/dashboard-rules';
import { NodeCard } from './node-card';
import './stale-values.css';

export interface NodeGridProps {
  homeId: string;
  devices: readonly HomeDevice[];
  nodesOf: (device: HomeDevice) => LiveNode[];
  showCheckboxes: boolean;
  selected: readonly string[];
  onToggle: (key: string) => void;
}

function Cards({
  device,
  nodes,
  props,
  staleSince,
}: {
  device: HomeDevice;
  nodes: LiveNode[];
  props: NodeGridProps;
  /** Given for cards that say their own age (wifi heaters), not for a gateway's group. */
  staleSince?: number | undefined;
}) {
  return nodes.map((node) => {
    const key = selectionKey(props.homeId, { devId: device.dev.dev_id, ...node });
    return (
      <NodeCard
        key={`${device.dev.dev_id}:${node.type}:${node.addr}`}
        node={node}
        homeId={props.homeId}
        devId={device.dev.dev_id}
        deviceConnected={device.connected}
        showCheckbox={props.showCheckboxes && isSelectable(node)}
        selected={props.selected.includes(key)}
        selectionKey={key}
        onToggle={props.onToggle}
        staleSince={staleSince}
      />
    );
  });
}

/**
 * A gateway's nodes; while its values are stale (issue 25: the server not reached for longer
 * than a report interval) they are muted and marked, and the group header says their age.
 */
function StaleAwareGrid({ devId, children }: { devId: string; children: ReactNode }) {
  const stale = useStaleSince(devId) !== undefined;
  return (
    <div className={`node-grid${stale ? ' node-grid--stale' : ''}`} data-stale={stale}>
      {children}
    </div>
  );
}

/**
 * A wifi heater's cards: each wifi heater is a device of its own, with no group header of its
 * own to say its values are stale, so its cards say it, with their age (issue 25).
 */
function WifiHeaterCards({ device, props }: { device: HomeDevice; props: NodeGridProps }) {
  const staleSince = useStaleSince(device.dev.dev_id);
  return (
    <Cards device={device} nodes={props.nodesOf(device)} props={props} staleSince={staleSince} />
  );
}

function DeviceStatus({ device }: { device: HomeDevice }) {
  const { t } = useTranslation();
  const staleSince = useStaleSince(device.dev.dev_id);
  if (!device.connected) {
    return (
      <p
        className="device-group__status device-group__status--off"
        role="status"
        data-testid="device-disconnected"
      >
        {t('dashboard.deviceDisconnected')}
      </p>
    );
  }
  // Its last values, with their age: the app shell says the server is not reached.
  if (staleSince !== undefined) {
    return (
      <p className="device-group__status device-group__status--stale" role="status">
        <DataAge since={staleSince} />
      </p>
    );
  }
  if (!device.live?.ready) {
    return (
      <p className="device-group__status" role="status">
        {t('dashboard.connecting')}
      </p>
    );
  }
  return null;
}

/** Spec 1 §2: nodes grouped per gateway with a device header; wifi heaters grouped apart. */
export function NodeGrid(props: NodeGridProps) {
  const { t } = useTranslation();
  const gateways = props.devices.filter((d) => !d.wifiHeater);
  const wifi = props.devices.filter((d) => d.wifiHeater && props.nodesOf(d).length > 0);

  return (
    <>
      {gateways.map((device) => {
        const nodes = props.nodesOf(device);
        return (
          <section
            key={device.dev.dev_id}
            className="device-group"
            aria-label={device.dev.name}
            data-testid="device-group"
            data-dev-id={device.dev.dev_id}
          >
            <header className="device-group__header">
              <h3 className="device-group__name">{device.dev.name}</h3>
              {/* In the header row, so that the cards do not move when it goes (no layout shift). */}
              <DeviceStatus device={device} />
              <Link
                to={routes.deviceSettings(props.homeId, device.dev.dev_id)}
                className="device-group__config"
                aria-label={t('dashboard.configureDevice', { name: device.dev.name })}
              >
                <Icon name="settingsOutline" />
              </Link>
            </header>
            {/* A device linked from a vendor cloud: where from, and how its link is. */}
            <DeviceLinkState devId={device.dev.dev_id} />
            {nodes.length > 0 ? (
              <StaleAwareGrid devId={device.dev.dev_id}>
                <Cards device={device} nodes={nodes} props={props} />
              </StaleAwareGrid>
            ) : (
              device.loaded &&
              device.live?.ready && <p className="device-group__empty">{t('dashboard.noNodes')}</p>
            )}
          </section>
        );
      })}
      {wifi.length > 0 && (
        <section className="device-group" aria-label={t('dashboard.wifiHeaters')}>
          <h3 className="device-group__name">{t('dashboard.wifiHeaters')}</h3>
          <div className="node-grid">
            {wifi.map((device) => (
              <WifiHeaterCards key={device.dev.dev_id} device={device} props={props} />
            ))}
          </div>
        </section>
      )}
    </>
  );
}
