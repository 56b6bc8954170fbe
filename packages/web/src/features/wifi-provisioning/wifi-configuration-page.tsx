import { useCallback, useState, type ReactNode } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { isWifiHeaterProduct } from '@hearth/protocol';
import { useHomes } from '../../lib/devices';
import type { DeviceType } from '../../lib/home-data';
import { PageFrame } from '../../lib/screens';
import type { ProvisioningServices } from './model/services';
import { wifiConfigurationPath } from './model/wifi-configuration-path';
import { WifiProvisioningFlow } from './wifi-provisioning-flow';

/**
 * The connection-error help screen of spec 2 §2 (the add-home feature's), composed in by app/:
 * a feature never imports another one.
 */
export type ConnectionHelpSlot = (props: {
  type: DeviceType;
  wifiConfigLink: string;
  onAccept: () => void;
}) => ReactNode;

/**
 * Spec 2 §2: /list/homes/{homeId}/{option}/{devId}/wifiConfiguration gives a wifi heater a new
 * network through the device installation flow, and returns to / when done. A failure shows
 * the connection-error help (spec 2 §8), as the installation flow does.
 */
export function WifiConfigurationPage({
  services,
  connectionHelp,
}: {
  services?: ProvisioningServices;
  connectionHelp?: ConnectionHelpSlot;
}) {
  const { t } = useTranslation();
  const { homeId = '', devId = '' } = useParams();
  const { key } = useLocation();
  const navigate = useNavigate();
  const dev = useHomes()
    .data?.find((h) => h.id === homeId)
    ?.devs.find((d) => d.dev_id === devId);
  // The help's illustrations follow the device type; a device given a wifi network is a wifi
  // heater or a wifi smartbox.
  const type: DeviceType = dev && !isWifiHeaterProduct(dev.product_id) ? 'wifi' : 'wifiHtr';
  // A failure belongs to this visit, so the help's wifi configuration link starts afresh.
  const [failedAt, setFailedAt] = useState<string | null>(null);
  const failed = failedAt === key;
  const toStart = useCallback(() => navigate('/', { replace: true }), [navigate]);
  const onError = useCallback(() => setFailedAt(key), [key]);
  const help = failed
    ? connectionHelp?.({
        type,
        wifiConfigLink: wifiConfigurationPath(homeId, devId),
        onAccept: toStart,
      })
    : null;
  return (
    <PageFrame title={t('wifiProvisioning.title')} backLabel={t('wifiProvisioning.back')}>
      {failed && help}
      {failed && !help && (
        <>
          <p role="alert">{t('wifiProvisioning.failed')}</p>
          <IonButton expand="block" onClick={toStart}>
            {t('wifiProvisioning.accept')}
          </IonButton>
        </>
      )}
      {!failed && (
        <WifiProvisioningFlow
          knownDevId={devId}
          onDone={toStart}
          onConnectionError={onError}
          services={services}
        />
      )}
    </PageFrame>
  );
}
