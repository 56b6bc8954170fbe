import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What the user sees when a screen's code did not arrive: the reason and a way to retry. */
function ScreenLoadError() {
  const { t } = useTranslation();
  return (
    <div className="page-fallback" role="alert">
      <p>{t('app.loadFailed')}</p>
      <button type="button" className="auth-button" onClick={() => window.location.reload()}>
        {t('app.reload')}
      </button>
    </div>
  );
}

/**
 * Catches a screen whose code failed to load or timed out (spec 1 §9 chunk load timeout), so
 * that one missing chunk shows a message instead of blanking the whole app. Reloading fetches
 * the app afresh (a new deploy renames chunks; the service worker serves the shell offline).
 */
export class ScreenLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ScreenLoadError /> : this.props.children;
  }
}
