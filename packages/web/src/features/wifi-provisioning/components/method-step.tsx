import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { ProvisioningMethod } from '@hearth/protocol';

/** Sub-step 2 (spec 2 §4): Bluetooth first and the default; the access point; espTouch where present. */
export function MethodStep({
  methods,
  current,
  onNext,
}: {
  methods: ProvisioningMethod[];
  current: ProvisioningMethod;
  onNext: (method: ProvisioningMethod) => void;
}) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<ProvisioningMethod>(
    methods.includes(current) ? current : (methods[0] ?? 'accessPoint'),
  );
  return (
    <>
      <fieldset className="hearth-form">
        <legend>{t('wifiProvisioning.method.legend')}</legend>
        {methods.map((m) => (
          <label key={m} className="hearth-radio">
            <input
              type="radio"
              name="wifi-method"
              checked={method === m}
              onChange={() => setMethod(m)}
            />
            {t(`wifiProvisioning.method.${m}`)}
          </label>
        ))}
      </fieldset>
      <IonButton expand="block" onClick={() => onNext(method)}>
        {t('wifiProvisioning.next')}
      </IonButton>
    </>
  );
}
