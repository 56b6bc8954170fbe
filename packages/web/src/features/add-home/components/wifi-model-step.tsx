import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/branding';
import { wifiHeaterModels } from '../model/wifi-heater-models';
import { useWizardStore } from '../model/wizard-store';

/**
 * Spec 2 §2: the wifi heater path starts with the node model choice. The model is kept for its
 * image and label; registration sends the wifi heater product id (spec 2 §3). Spec 2 §3: a
 * model's label comes from the translations, not its catalogue code alone.
 */
export function WifiModelStep({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation();
  const models = wifiHeaterModels(useBrand().raw?.productos[0]);
  const [model, setModel] = useState(() => useWizardStore.getState().heaterModel);
  const chosen = models.includes(model) ? model : (models[0] ?? '');
  return (
    <>
      <fieldset className="hearth-form">
        <legend>{t('addHome.wifiModel.legend')}</legend>
        {models.map((m) => (
          <label key={m} className="hearth-radio">
            <input
              type="radio"
              name="wifi-heater-model"
              checked={chosen === m}
              onChange={() => setModel(m)}
            />
            {t('addHome.wifiModel.model', { code: m })}
          </label>
        ))}
      </fieldset>
      <IonButton
        expand="block"
        disabled={chosen === ''}
        onClick={() => {
          useWizardStore.getState().set({ heaterModel: chosen });
          onNext();
        }}
      >
        {t('addHome.next')}
      </IonButton>
    </>
  );
}
