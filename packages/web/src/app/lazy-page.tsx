import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { loadScreenStrings } from '../lib/i18n';

/** Shown while a screen's code arrives: announced to screen readers, the spinner appears late. */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className="page-fallback" role="status">
      <IonSpinner className="page-fallback__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('app.loadingPage')}</span>
    </div>
  );
}

/**
 * A screen whose code is fetched the first time it is shown, so that a route loads only the
 * JavaScript of its own feature (`load` names the feature's export, one chunk per feature),
 * together with the features' strings the shell does not carry.
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <PageFallback />,
  /** The screen's text is all in the shell's strings: it does not wait for the features'. */
  { shellStrings = false }: { shellStrings?: boolean } = {},
): ComponentType<P> {
  const Lazy = lazy(async () => {
    const [component] = await Promise.all([load(), shellStrings || loadScreenStrings()]);
    return { default: component };
  });
  function LazyPage(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyPage;
}
