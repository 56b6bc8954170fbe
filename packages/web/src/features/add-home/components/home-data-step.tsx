import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import {
  HomeDataFields,
  homeDataError,
  homeDataErrorText,
  timeZoneOf,
  useLocationInfo,
} from '../../../lib/home-data';
import { MessageLine, useTimedMessage } from '../../../lib/screens';
import { useWizardStore } from '../model/wizard-store';

/** Spec 2 §2 step 1: where the home is and what it is called. */
export function HomeDataStep({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation();
  const info = useLocationInfo().data;
  const wizard = useWizardStore();
  // A finished wizard, or one that added a device to an existing home, leaves its data behind;
  // a new home starts from nothing (and with a new id).
  const [home, setHome] = useState(() => {
    const state = useWizardStore.getState();
    if (state.finished || state.homeId !== null) state.reset();
    return useWizardStore.getState().home;
  });
  const msg = useTimedMessage();
  const next = () => {
    const error = homeDataError(home, info);
    if (error) return msg.error(homeDataErrorText(error, t, 'addHome'));
    wizard.set({ home, tzCode: timeZoneOf(info, home.country, home.state) });
    onNext();
  };
  return (
    <>
      <HomeDataFields
        ns="addHome"
        value={home}
        info={info}
        onChange={(v) => {
          msg.clear();
          setHome(v);
        }}
      />
      <MessageLine message={msg.message} />
      <IonButton expand="block" onClick={next}>
        {t('addHome.next')}
      </IonButton>
    </>
  );
}
