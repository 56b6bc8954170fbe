import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { GroupedHome } from '@hearth/protocol';
import { DeviceSockets, useHomeDevices } from '../../../lib/devices';
import { homeRoutes } from '../model/home-routes';

/** Spec 2 §2 device list: name and connected indicator per device; owners may add one. */
export function DevicesTab({ home }: { home: GroupedHome }) {
  const { t } = useTranslation();
  const devices = useHomeDevices(home);
  return (
    <section aria-label={t('homes.details.devices')}>
      <DeviceSockets devIds={home.devs.map((d) => d.dev_id)} />
      <ul className="homes-list">
        {devices.map(({ dev, connected }) => (
          <li key={dev.dev_id} className="device-row">
            <Link to={homeRoutes.deviceSettings(home.id, dev.dev_id)}>{dev.name}</Link>
            <span data-testid="device-connection">
              {connected ? t('homes.devices.connected') : t('homes.devices.disconnected')}
            </span>
          </li>
        ))}
      </ul>
      {home.owner && (
        <IonButton routerLink={homeRoutes.addDevice(home.id)}>{t('homes.devices.add')}</IonButton>
      )}
    </section>
  );
}
