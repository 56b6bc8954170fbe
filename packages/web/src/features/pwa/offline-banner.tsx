import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { IonIcon } from '@ionic/react';
import { cloudOfflineOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useOnline } from './use-online';
import './pwa.css';

/** The class on <body> while offline: pages grey out their data and stop taking input. */
export const OFFLINE_CLASS = 'hearth-offline';
const HEIGHT_VAR = '--hearth-offline-banner-height';

/**
 * A banner above the whole app while there is no connection. What the pages show is then
 * the last thing read, not live, so their content is greyed and its controls are off.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const body = document.body;
    body.classList.toggle(OFFLINE_CLASS, !online);
    // The app moves down by the banner's real height, which grows with the text on narrow screens.
    const banner = ref.current;
    const follow = () => body.style.setProperty(HEIGHT_VAR, `${banner?.offsetHeight ?? 0}px`);
    const observer =
      !online && banner && typeof ResizeObserver !== 'undefined'
        ? new ResizeObserver(follow)
        : null;
    if (banner) observer?.observe(banner);
    return () => {
      observer?.disconnect();
      body.classList.remove(OFFLINE_CLASS);
      body.style.removeProperty(HEIGHT_VAR);
    };
  }, [online]);
  // Outside <ion-app>, whose layout containment would pin a fixed child inside it.
  return createPortal(
    <div ref={ref} className="offline-banner" role="status" aria-live="polite">
      {!online && (
        <>
          <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
          <span>
            <strong>{t('pwa.offline.title')}</strong> {t('pwa.offline.detail')}
          </span>
        </>
      )}
    </div>,
    document.body,
  );
}
