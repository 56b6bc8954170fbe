import { useCallback, useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { PageFrame } from '../../lib/screens';
import type { ProvisioningServices } from './model/services';
import { WifiProvisioningFlow } from './wifi-provisioning-flow';

/**
 * Spec 2 §2: /list/homes/{homeId}/{option}/{devId}/wifiConfiguration gives a wifi heater a new
 * network through the device installation flow, and returns to / when done.
 */
export function WifiConfigurationPage({ services }: { services?: ProvisioningServices }) {
  const { t } = useTranslation();
  const { devId = '' } = useParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const toStart = useCallback(() => navigate('/', { replace: true }), [navigate]);
  const onError = useCallback(() => setFailed(true), []);
  return (
    <PageFrame title={t('wifiProvisioning.title')} backLabel={t('wifiProvisioning.back')}>
      {failed ? (
        <>
          <p role="alert">{t('wifiProvisioning.failed')}</p>
          <IonButton expand="block" onClick={toStart}>
            {t('wifiProvisioning.accept')}
          </IonButton>
        </>
      ) : (
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
