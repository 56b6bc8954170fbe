import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { DEVICE_NAME_MAX, deviceDataError } from '@hearth/protocol';
import { MessageLine, useTimedMessage } from '../../../lib/screens';
import { useWizardStore } from '../model/wizard-store';

/** Spec 2 §5 device data: name (≤ 32), device id (18 hex, unless known) and serial id. */
export function DeviceDataStep({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation();
  const wizard = useWizardStore();
  const [name, setName] = useState(wizard.name);
  const [typedDevId, setDevId] = useState(wizard.devId);
  // A known id (from the flow or a valid devid query parameter, spec 2 §5) is the store's: it may
  // arrive after this step first rendered, which read the store before the query was applied.
  const devId = wizard.devIdKnown ? wizard.devId : typedDevId;
  const [serialId, setSerialId] = useState(wizard.serialId);
  const msg = useTimedMessage();
  const edit = (setter: (v: string) => void) => (e: { target: { value: string } }) => {
    msg.clear();
    setter(e.target.value);
  };

  const next = () => {
    const error = deviceDataError({ name, devId, serialId });
    if (error === 'fields') {
      const missing = [
        name.trim() === '' && t('addHome.device.name'),
        devId.trim() === '' && t('addHome.device.devId'),
        serialId.trim() === '' && t('addHome.device.serialId'),
      ].filter(Boolean);
      return msg.error(t('errors.fields', { fields: missing.join(', ') }));
    }
    if (error === 'errors.devId') return msg.error(t('addHome.errors.devId'));
    if (error === 'nameTooLong')
      return msg.error(t('addHome.errors.nameTooLong', { max: DEVICE_NAME_MAX }));
    wizard.set({ name: name.trim(), devId: devId.trim(), serialId: serialId.trim() });
    onNext();
  };

  return (
    <>
      <div className="hearth-form">
        <label htmlFor="device-name">{t('addHome.device.name')}</label>
        <input id="device-name" value={name} onChange={edit(setName)} />
        {!wizard.devIdKnown && (
          <>
            <label htmlFor="device-devid">{t('addHome.device.devId')}</label>
            <input id="device-devid" value={devId} onChange={edit(setDevId)} autoComplete="off" />
          </>
        )}
        {wizard.devIdKnown && (
          <p data-testid="known-devid">
            {t('addHome.device.devId')}: <code>{devId}</code>
          </p>
        )}
        <label htmlFor="device-serial">{t('addHome.device.serialId')}</label>
        <input id="device-serial" value={serialId} onChange={edit(setSerialId)} />
      </div>
      <MessageLine message={msg.message} />
      <IonButton expand="block" onClick={next}>
        {t('addHome.device.register')}
      </IonButton>
    </>
  );
}
