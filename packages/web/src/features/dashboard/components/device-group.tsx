import { useTranslation } from 'react-i18next';
import { isHeaterType, type Dev } from '@hearth/protocol';
import { useNodes } from '../api/get-nodes';
import { mergeNodes } from '../realtime/device-state';
import { useDeviceRealtime, useLiveDevice } from '../realtime/use-device-realtime';
import { NodeCard } from './node-card';

/** A device header and its nodes, kept live through the device's socket. */
export function DeviceGroup({ dev }: { dev: Dev }) {
  const { t } = useTranslation();
  const socketStatus = useDeviceRealtime(dev.dev_id);
  const live = useLiveDevice(dev.dev_id);
  const listed = useNodes(dev.dev_id);
  // Power monitors get their own tab (spec 1 §2); this grid lists the heating nodes.
  const nodes = mergeNodes(listed.data, live).filter((node) => isHeaterType(node.type));
  const disconnected = socketStatus === 'disconnected' || live?.connected === false;

  return (
    <section
      className="device-group"
      aria-label={dev.name}
      data-testid="device-group"
      data-dev-id={dev.dev_id}
    >
      <h3 className="device-group__name">{dev.name}</h3>
      {disconnected ? (
        <p
          className="device-group__status device-group__status--off"
          role="status"
          data-testid="device-disconnected"
        >
          {t('dashboard.deviceDisconnected')}
        </p>
      ) : (
        !live?.ready && (
          <p className="device-group__status" role="status">
            {t('dashboard.connecting')}
          </p>
        )
      )}
      {nodes.length > 0 ? (
        <div className="node-grid">
          {nodes.map((node) => (
            <NodeCard key={`${node.type}:${node.addr}`} node={node} />
          ))}
        </div>
      ) : (
        listed.isSuccess &&
        live?.ready && <p className="device-group__empty">{t('dashboard.noNodes')}</p>
      )}
    </section>
  );
}
