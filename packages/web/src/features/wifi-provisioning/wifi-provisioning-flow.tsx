import { useEffect, useMemo, useReducer, useState } from 'react';
import { useIonViewWillEnter, useIonViewWillLeave } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import {
  WIFI_SUB_STEPS,
  initialProvisioning,
  provisioningMethods,
  provisioningReducer,
} from '@hearth/protocol';
import type { WifiCapabilities } from '../../lib/platform';
import { ConnectionInfoStep } from './components/connection-info-step';
import { MethodStep } from './components/method-step';
import { NetworkStep } from './components/network-step';
import { ProvisioningStep } from './components/provisioning-step';
import { defaultServices, type ProvisioningServices } from './model/services';
import './wifi-provisioning.css';

export interface WifiProvisioningProps {
  /** The heater when it is configured again (device settings); null in the add-device wizard. */
  knownDevId?: string | null;
  /** The hub discovery confirmed the heater: its device id. */
  onDone: (devId: string) => void;
  /** Nothing worked: the caller shows the connection-error help (spec 2 §8). */
  onConnectionError: () => void;
  services?: ProvisioningServices;
}

const NO_CAPABILITIES: WifiCapabilities = { scan: false, espTouch: false, qr: false };
const TOTAL = Object.keys(WIFI_SUB_STEPS).length;

/** Spec 2 §2 and §4: the wifi sub-steps of adding (or reconfiguring) a wifi heater. */
export function WifiProvisioningFlow({
  knownDevId = null,
  onDone,
  onConnectionError,
  services: given,
}: WifiProvisioningProps) {
  const { t } = useTranslation();
  const services = useMemo(() => given ?? defaultServices(), [given]);
  const [state, dispatch] = useReducer(provisioningReducer, undefined, () => initialProvisioning());
  const [capabilities, setCapabilities] = useState<WifiCapabilities | null>(null);

  useEffect(() => {
    services.wifi.capabilities().then(setCapabilities, () => setCapabilities(NO_CAPABILITIES));
  }, [services]);

  // The screen stays mounted under the wizard's later steps (Ionic keeps its page): coming back
  // to it after it ended offers to connect the heater again rather than an ended progress.
  useIonViewWillEnter(() => dispatch({ type: 'reentered' }));
  // Leaving for another screen (the menu) stops a running method, as Cancel does: its end must
  // not move the wizard on from under that screen.
  useIonViewWillLeave(() => dispatch({ type: 'cancelled' }));

  const failed = state.phase === 'failed';
  useEffect(() => {
    if (failed) onConnectionError();
  }, [failed, onConnectionError]);

  if (!services.wifi.available) return <p role="alert">{t('wifiProvisioning.notAvailable')}</p>;
  if (!capabilities) return null;
  const methods = provisioningMethods({
    bluetooth: services.ble.available,
    espTouch: capabilities.espTouch,
  });

  return (
    <section className="wifi-provisioning" aria-labelledby="wifi-sub-step">
      <h2 id="wifi-sub-step" className="wifi-provisioning__step" data-testid="wifi-sub-step">
        {t('wifiProvisioning.subStep', {
          n: state.subStep,
          total: TOTAL,
          title: t(`wifiProvisioning.steps.${state.subStep}`),
        })}
      </h2>
      {state.subStep === WIFI_SUB_STEPS.network && (
        <NetworkStep
          wifi={services.wifi}
          capabilities={capabilities}
          essid={state.essid}
          password={state.password}
          onNext={(essid, password) => dispatch({ type: 'networkSubmitted', essid, password })}
        />
      )}
      {state.subStep === WIFI_SUB_STEPS.method && (
        <MethodStep
          methods={methods}
          current={state.method}
          onNext={(method) => dispatch({ type: 'methodChosen', method })}
        />
      )}
      {state.subStep === WIFI_SUB_STEPS.connectionInfo && (
        <ConnectionInfoStep
          method={state.method}
          essid={state.essid}
          fellBackFrom={state.fellBackFrom}
          onNext={() => dispatch({ type: 'connectionInfoAccepted' })}
        />
      )}
      {state.subStep === WIFI_SUB_STEPS.provisioning && (
        <ProvisioningStep
          state={state}
          dispatch={dispatch}
          services={services}
          knownDevId={knownDevId}
          onDone={onDone}
        />
      )}
      {state.subStep > WIFI_SUB_STEPS.network && state.phase === 'editing' && (
        <button type="button" className="hearth-button" onClick={() => dispatch({ type: 'back' })}>
          {t('wifiProvisioning.back')}
        </button>
      )}
    </section>
  );
}
