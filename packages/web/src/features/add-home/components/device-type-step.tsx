import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { DeviceType } from '../../../lib/home-data';
import { useWizardStore } from '../model/wizard-store';

/** Spec 2 §2 step 2: which kind of gateway (shown only when there is a choice). */
export function DeviceTypeStep({ types, onNext }: { types: DeviceType[]; onNext: () => void }) {
  const { t } = useTranslation();
  const wizard = useWizardStore();
  const [type, setType] = useState<DeviceType>(
    types.includes(wizard.deviceType) ? wizard.deviceType : (types[0] ?? 'ethernet'),
  );
  return (
    <>
      <fieldset className="hearth-form">
        <legend>{t('addHome.deviceType.legend')}</legend>
        {types.map((d) => (
          <label key={d} className="hearth-radio">
            <input
              type="radio"
              name="device-type"
              checked={type === d}
              onChange={() => setType(d)}
            />
            {t(`addHome.deviceType.${d}`)}
          </label>
        ))}
      </fieldset>
      <IonButton
        expand="block"
        onClick={() => {
          wizard.set({ deviceType: type });
          onNext();
        }}
      >
        {t('addHome.next')}
      </IonButton>
    </>
  );
}
