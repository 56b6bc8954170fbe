import { useEffect, useRef, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BLUETOOTH_TIMEOUT_MS,
  PROGRESS_COMPLETION_MS,
  SUCCESS_TOAST_MS,
  type ProvisioningEvent,
  type ProvisioningState,
} from '@hearth/protocol';
import { MessageLine, useTimedMessage } from '../../../lib/screens';
import { AbortedError } from '../model/abortable';
import { runProvisioning } from '../model/run-provisioning';
import type { ProvisioningServices } from '../model/services';

const TICK_MS = 1_000;
/** The bar creeps over the methods' 60 s and never claims to be done before it is. */
const RUNNING_MAX_PERCENT = 95;

/**
 * Sub-step 4 (spec 2 §4): runs the chosen method, shows the progress, the access point's
 * success toast when the heater said its id, and completes the bar in 750 ms once the hub
 * discovery confirmed the heater.
 */
export function ProvisioningStep({
  state,
  dispatch,
  services,
  knownDevId,
  onDone,
}: {
  state: ProvisioningState;
  dispatch: Dispatch<ProvisioningEvent>;
  services: ProvisioningServices;
  knownDevId: string | null;
  onDone: (devId: string) => void;
}) {
  const { t } = useTranslation();
  const toast = useTimedMessage();
  const [elapsed, setElapsed] = useState(0);
  const latest = useRef({ state, services, knownDevId, onDone, toast, t });
  latest.current = { state, services, knownDevId, onDone, toast, t };
  const running = state.phase === 'editing' || state.phase === 'failed' ? null : state.method;

  useEffect(() => {
    if (running === null) return;
    const { state: s, services: svc, knownDevId: known } = latest.current;
    const controller = new AbortController();
    const started = Date.now();
    setElapsed(0);
    const tick = setInterval(() => setElapsed(Date.now() - started), TICK_MS);
    runProvisioning(
      {
        ...svc,
        method: running,
        essid: s.essid,
        password: s.password,
        knownDevId: known,
        onDeviceFound: (devId) => {
          dispatch({ type: 'deviceFound', devId });
          const { toast: msg, t: tr } = latest.current;
          msg.success(
            tr('wifiProvisioning.progress.deviceFound', { devId }),
            undefined,
            SUCCESS_TOAST_MS,
          );
        },
        onNetworkSent: () => dispatch({ type: 'networkSent' }),
      },
      controller.signal,
    ).then(
      (outcome) => {
        if (outcome.kind === 'confirmed') dispatch({ type: 'hubConfirmed', devId: outcome.devId });
        else if (outcome.kind === 'hubTimedOut') dispatch({ type: 'hubTimedOut' });
        else dispatch({ type: 'methodFailed' });
      },
      (err: unknown) => {
        if (!(err instanceof AbortedError)) dispatch({ type: 'methodFailed' });
      },
    );
    return () => {
      controller.abort();
      clearInterval(tick);
    };
  }, [running, dispatch]);

  const done = state.phase === 'done';
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      const { state: s, onDone: finish } = latest.current;
      if (s.devId) finish(s.devId);
    }, PROGRESS_COMPLETION_MS);
    return () => clearTimeout(timer);
  }, [done]);

  const percent = done
    ? 100
    : Math.min(RUNNING_MAX_PERCENT, Math.round((elapsed / BLUETOOTH_TIMEOUT_MS) * 100));
  const status =
    state.phase === 'confirming' || state.phase === 'done' || state.phase === 'deviceFound'
      ? t(`wifiProvisioning.progress.${state.phase === 'deviceFound' ? 'running' : state.phase}`)
      : t('wifiProvisioning.progress.running');
  return (
    <section className="wifi-progress" aria-live="polite">
      <div
        role="progressbar"
        aria-label={t('wifiProvisioning.progress.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="wifi-progress__track"
      >
        <div
          className="wifi-progress__bar"
          style={{ width: `${percent}%`, transition: `width ${PROGRESS_COMPLETION_MS}ms ease` }}
        />
      </div>
      <p role="status">{status}</p>
      <MessageLine message={toast.message} />
      {!done && (
        <button
          type="button"
          className="hearth-button"
          onClick={() => dispatch({ type: 'cancelled' })}
        >
          {t('wifiProvisioning.cancel')}
        </button>
      )}
    </section>
  );
}
