import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { CHUNK_LOAD_TIMEOUT_MS } from '@hearth/protocol';
import { loadScreenStrings } from '../lib/i18n';
import { ScreenLoadBoundary } from './screen-load-boundary';

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

/** Rejects when `work` has not settled within `ms` (spec 1 §9 chunk load timeout). */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`screen not loaded within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
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
    const [component] = await withTimeout(
      Promise.all([load(), shellStrings || loadScreenStrings()]),
      CHUNK_LOAD_TIMEOUT_MS,
    );
    return { default: component };
  });
  function LazyPage(props: P) {
    return (
      <ScreenLoadBoundary>
        <Suspense fallback={fallback}>
          <Lazy {...props} />
        </Suspense>
      </ScreenLoadBoundary>
    );
  }
  return LazyPage;
}
