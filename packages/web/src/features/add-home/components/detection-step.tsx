import { useEffect, useRef, useState } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { DETECTION_MESSAGE_MS } from '@hearth/protocol';
import type { Detector } from '../model/detect-device';
import { useWizardStore } from '../model/wizard-store';

type Phase = 'searching' | 'found' | 'failed';

/**
 * Spec 2 §4 "Ethernet detection": search; on success "device detected" for 2 s, on failure the
 * detection error for 2 s, then the device data step (with or without a known device id).
 */
export function DetectionStep({ detect, onNext }: { detect: Detector; onNext: () => void }) {
  const { t } = useTranslation();
  const set = useWizardStore((s) => s.set);
  const [phase, setPhase] = useState<Phase>('searching');
  const search = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    search.current = controller;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const after = (next: Phase) => {
      setPhase(next);
      timer = setTimeout(onNext, DETECTION_MESSAGE_MS);
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
      controller.abort();
      clearTimeout(timer);
    };
  }, [detect, onNext, set]);

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
