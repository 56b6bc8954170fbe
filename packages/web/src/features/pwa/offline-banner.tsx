import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { IonIcon } from '@ionic/react';
import { cloudOfflineOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { serverLink } from '../../lib/socket/connection-state';
import { useConnectionStore } from '../../lib/socket/connection-store';
import { wakeConnections } from '../../lib/socket/wake';
import { useOnline } from './use-online';
import './pwa.css';

/**
 * The class on <body> while offline or while the server is not reached: pages grey out their
 * data and stop taking input.
 */
export const OFFLINE_CLASS = 'hearth-offline';
const HEIGHT_VAR = '--hearth-offline-banner-height';

/**
 * A banner above the whole app while there is no connection: no network at all, or a server
 * that does not answer (issue 25: told apart from a gateway that is disconnected, which its own
 * home says). What the pages show is then the last thing read, not live, so their content is
 * greyed and its controls are off. The app keeps trying by itself; "Try now" does not wait.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const reachable = useConnectionStore((s) => s.reachable);
  const link = serverLink(online, reachable);
  const down = link !== 'ok';
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const body = document.body;
    body.classList.toggle(OFFLINE_CLASS, down);
    // The app moves down by the banner's real height, which grows with the text on narrow screens.
    const banner = ref.current;
    const follow = () => body.style.setProperty(HEIGHT_VAR, `${banner?.offsetHeight ?? 0}px`);
    const observer =
      down && banner && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(follow) : null;
    if (banner) observer?.observe(banner);
    return () => {
      observer?.disconnect();
      body.classList.remove(OFFLINE_CLASS);
      body.style.removeProperty(HEIGHT_VAR);
    };
  }, [down]);
  // Outside <ion-app>, whose layout containment would pin a fixed child inside it.
  return createPortal(
    <div
      ref={ref}
      className="offline-banner"
      role="status"
      aria-live="polite"
      data-testid="connection-banner"
      data-link={link}
    >
      {link === 'offline' && (
        <>
          <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
          <span>
            <strong>{t('pwa.offline.title')}</strong> {t('pwa.offline.detail')}
          </span>
        </>
      )}
      {link === 'unreachable' && (
        <>
          <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
          <span className="offline-banner__text">
            <strong>{t('pwa.unreachable.title')}</strong> {t('pwa.unreachable.detail')}
          </span>
          <button type="button" className="offline-banner__retry" onClick={wakeConnections}>
            {t('pwa.unreachable.retry')}
          </button>
        </>
      )}
    </div>,
    document.body,
  );
}
