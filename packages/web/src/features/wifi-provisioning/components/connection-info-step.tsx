import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { ACCESS_POINT_PREFIX, type ProvisioningMethod } from '@hearth/protocol';

/** Sub-step 3 (spec 2 §4): how to get the heater ready for the chosen method. */
export function ConnectionInfoStep({
  method,
  essid,
  fellBackFrom,
  onNext,
}: {
  method: ProvisioningMethod;
  essid: string;
  fellBackFrom: ProvisioningMethod | null;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {fellBackFrom && (
        <p role="alert" className="hearth-message hearth-message--error">
          {t('wifiProvisioning.info.fellBack', {
            method: t(`wifiProvisioning.method.${fellBackFrom}`),
          })}
        </p>
      )}
      <p>{t(`wifiProvisioning.info.${method}`, { name: `${ACCESS_POINT_PREFIX}_xxxx`, essid })}</p>
      <IonButton expand="block" onClick={onNext}>
        {t('wifiProvisioning.info.ready')}
      </IonButton>
    </>
  );
}
