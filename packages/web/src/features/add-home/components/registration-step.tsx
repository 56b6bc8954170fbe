import { useEffect, useRef, useState } from 'react';
import { IonButton, useIonViewWillEnter, useIonViewWillLeave } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { CONNECTION_WAIT_MS, PROGRESS_COMPLETION_MS, PROGRESS_WAIT_FACTOR } from '@hearth/protocol';
import { registerDevice, type RegistrationDeps } from '../model/register-device';
import { ProgressRing } from './progress-ring';

export type RegistrationEnd = 'registered' | 'alreadyMine' | 'connectionError';
type View = 'registering' | 'conflict' | 'homeRegistered' | 'invalid';

const PROGRESS_TICK_MS = 500;
/** The bar never claims completion before the gateway confirms it. */
const PROGRESS_CAP = 90;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Props {
  devId: string;
  api: Omit<RegistrationDeps, 'sleep' | 'now'>;
  onEnd: (end: RegistrationEnd) => void;
  onAccept: () => void;
}

/** Spec 2 §2 and §4 "Device registration": progress, conflict view, then the outcome. */
export function RegistrationStep({ devId, api, onEnd, onAccept }: Props) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('registering');
  const [percent, setPercent] = useState(0);
  const [copied, setCopied] = useState(false);
  const [round, setRound] = useState(0);
  const started = useRef(-1);
  /** True while a registration runs and may still move the wizard on. */
  const running = useRef(false);
  const latest = useRef({ api, onEnd });
  latest.current = { api, onEnd };
  // A user who went back or elsewhere (the step left the screen) is not taken anywhere by a
  // registration that ends meanwhile.
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const end = (outcome: RegistrationEnd) => {
    if (shown.current) latest.current.onEnd(outcome);
  };

  useEffect(() => {
    // One registration per visit, even when React runs effects twice in development.
    if (started.current === round) return;
    started.current = round;
    running.current = true;
    setView('registering');
    setPercent(0);
    const begin = Date.now();
    const tick = setInterval(() => {
      const share = ((Date.now() - begin) / CONNECTION_WAIT_MS) * 100;
      setPercent(Math.min(PROGRESS_CAP, share));
    }, PROGRESS_TICK_MS);
    void registerDevice({ ...latest.current.api, sleep, now: () => Date.now() }).then(
      async (outcome) => {
        clearInterval(tick);
        if (outcome.kind !== 'registered' && outcome.kind !== 'alreadyMine')
          running.current = false;
        if (
          outcome.kind === 'conflict' ||
          outcome.kind === 'homeRegistered' ||
          outcome.kind === 'invalid'
        )
          return setView(outcome.kind);
        if (outcome.kind === 'connectionError') return end('connectionError');
        // Spec 2 §4: the bar completes in 750 ms, then a 1.25× wait before moving on.
        setPercent(100);
        await sleep(PROGRESS_COMPLETION_MS * PROGRESS_WAIT_FACTOR);
        running.current = false;
        end(outcome.kind);
      },
    );
  }, [round]);

  // The step stays mounted under the later ones (Ionic keeps its page): coming back to it, e.g.
  // from the connection-error help, registers again rather than showing a stopped progress.
  useIonViewWillEnter(() => {
    shown.current = true;
    if (!running.current) setRound((n) => n + 1);
  });
  useIonViewWillLeave(() => {
    shown.current = false;
  });

  if (view !== 'registering') {
    const text =
      view === 'conflict'
        ? t('addHome.errors.registerDevice').replace('DEVID', devId)
        : view === 'homeRegistered'
          ? t('addHome.errors.homeRegistered')
          : t('addHome.errors.invalidDevice');
    return (
      <section>
        <p role="alert" data-testid="registration-conflict">
          {text}
        </p>
        {view === 'conflict' && (
          <IonButton
            fill="outline"
            onClick={() => {
              void navigator.clipboard?.writeText(devId).then(() => setCopied(true));
            }}
          >
            {copied ? t('addHome.registration.copied') : t('addHome.registration.copyDevId')}
          </IonButton>
        )}
        <IonButton onClick={onAccept}>{t('addHome.accept')}</IonButton>
      </section>
    );
  }
  return (
    <section className="registration">
      <ProgressRing percent={percent} label={t('addHome.registration.progress')} />
      <p>{t('addHome.registration.text')}</p>
    </section>
  );
}
