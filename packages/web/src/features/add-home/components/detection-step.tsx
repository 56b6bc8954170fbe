import { useEffect, useRef, useState } from 'react';
import { IonButton, IonSpinner, useIonViewWillEnter, useIonViewWillLeave } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { DETECTION_MESSAGE_MS } from '@hearth/protocol';
import type { Detector } from '../model/detect-device';
import { useWizardStore } from '../model/wizard-store';

type Phase = 'searching' | 'found' | 'failed';

/**
 * Spec 2 §4 "Ethernet detection": search; on success "device detected" for 2 s, on failure the
 * detection error for 2 s, then the device data step (with or without a known device id).
 * The step stays mounted under the later ones (Ionic keeps its page); coming back to it starts a
 * new search, so the spinner it shows always stands for a search that is running.
 */
export function DetectionStep({ detect, onNext }: { detect: Detector; onNext: () => void }) {
  const { t } = useTranslation();
  const set = useWizardStore((s) => s.set);
  const [phase, setPhase] = useState<Phase>('searching');
  const [round, setRound] = useState(0);
  const search = useRef<AbortController | null>(null);
  /** True while a search runs and may still move the wizard on. */
  const running = useRef(false);
  // The wizard hands a new onNext on every move (its navigate follows the location), and this
  // step stays mounted under the later ones: a new onNext must not start a new search there,
  // whose end 32 s later took the user from the registration back to the form (issue 25).
  const latestOnNext = useRef(onNext);
  latestOnNext.current = onNext;

  useEffect(() => {
    const controller = new AbortController();
    search.current = controller;
    running.current = true;
    setPhase('searching');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const after = (next: Phase) => {
      setPhase(next);
      timer = setTimeout(() => {
        running.current = false;
        if (!controller.signal.aborted) latestOnNext.current();
      }, DETECTION_MESSAGE_MS);
    };
    detect(controller.signal).then(
      (devId) => {
        if (controller.signal.aborted) return;
        set({ devId, devIdKnown: true });
        after('found');
      },
      () => {
        if (controller.signal.aborted) return;
        set({ devIdKnown: false });
        after('failed');
      },
    );
    return () => {
      running.current = false;
      controller.abort();
      clearTimeout(timer);
    };
  }, [detect, set, round]);

  // Back on this step after the search ended (by hand entry, or after its message): search again.
  useIonViewWillEnter(() => {
    if (!running.current) setRound((n) => n + 1);
  });
  // Leaving for another screen (the menu) ends the search: it must not move the wizard on
  // from under that screen. Coming back searches again.
  useIonViewWillLeave(() => {
    running.current = false;
    search.current?.abort();
  });

  return (
    <section aria-live="polite">
      {phase === 'searching' && (
        <>
          <p role="status">
            <IonSpinner aria-hidden="true" /> <span>{t('addHome.detection.searching')}</span>
          </p>
          <IonButton
            fill="outline"
            onClick={() => {
              // The user types the data: a search still running must not fill in a device id or
              // move the wizard on again later (the step stays mounted under the next one).
              running.current = false;
              search.current?.abort();
              onNext();
            }}
          >
            {t('addHome.detection.manual')}
          </IonButton>
        </>
      )}
      {phase === 'found' && <p role="status">{t('addHome.detection.found')}</p>}
      {phase === 'failed' && <p role="alert">{t('addHome.errors.deviceDetection')}</p>}
    </section>
  );
}
