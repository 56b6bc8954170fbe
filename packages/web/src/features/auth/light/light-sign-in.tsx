import { useEffect, useMemo } from 'react';
import { BRANDING_FETCH_DELAY_MS } from '@hearth/protocol';
import { useBrand } from '../../../lib/branding/branding-store';
import { useBranding } from '../../../lib/branding/use-branding';
import { webPlatform } from '../../../lib/platform/web-platform';
import { useErrorToastStore } from '../../../lib/http';
import type { Tree } from '../../../lib/i18n/merge-locales';
import { ErrorKindToast } from '../../../lib/ui/error-kind-toast';
import { LoginScreen, type Navigate } from '../login-screen';
import { createTranslate, type Translate } from './light-i18n';

/** The global error toast (spec 1 §8) of the light entry: a failed sign-in's userRequest error. */
function LightErrorToast({ t }: { t: Translate }) {
  const kind = useErrorToastStore((s) => s.kind);
  const minutes = useErrorToastStore((s) => s.minutes);
  const dismiss = useErrorToastStore((s) => s.dismiss);
  return kind ? <ErrorKindToast kind={kind} minutes={minutes} t={t} onDismiss={dismiss} /> : null;
}

/**
 * The sign-in screen before the full app has loaded: the one LoginScreen, themed and branded
 * as the full app themes it (brand file fetched after start-up, spec 1 §4), with the global
 * error toast. Every way out of it (`leave`) loads the full app at the target path.
 */
export function LightSignIn({
  strings,
  leave,
  afterStart,
}: {
  strings: Tree;
  leave: Navigate;
  /** Runs once the start-up work is under way: the brand check has arrived and its fetch begun. */
  afterStart: () => void;
}) {
  useBranding();
  // Spec 1 §4: the browser's bar takes the brand's primary colour, as the full app sets it.
  const { primary } = useBrand();
  useEffect(() => {
    webPlatform.setStatusBarColor(primary).catch(() => undefined);
  }, [primary]);
  // Registered after useBranding's timer with the same delay, so it fires after it; waits for
  // the brand check's code (useBranding's import, not fetched twice) so that the sign-in's own
  // start-up code has arrived before anything is fetched ahead.
  useEffect(() => {
    const timer = setTimeout(() => {
      import('../../../lib/branding/fetch-brands').then(afterStart, afterStart);
    }, BRANDING_FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [afterStart]);
  const t = useMemo(() => createTranslate(strings), [strings]);
  return (
    <>
      {/* Never in the native shells (entry.tsx): remember starts off, as on the web. */}
      <LoginScreen t={t} navigate={leave} isNative={false} />
      <LightErrorToast t={t} />
    </>
  );
}
