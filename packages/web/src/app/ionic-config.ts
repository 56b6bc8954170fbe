import type { setupIonicReact } from '@ionic/react';

type IonicConfig = NonNullable<Parameters<typeof setupIonicReact>[0]>;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Ionic's settings for this device: a person who asked their system for reduced motion gets
 * pages and overlays that appear without sliding or fading (WCAG 2.1 §2.3.3); everybody else
 * gets Ionic's transitions.
 */
export function ionicConfig(
  media: Pick<Window, 'matchMedia'> | undefined = globalThis.window,
): IonicConfig {
  const reduced =
    typeof media?.matchMedia === 'function' && media.matchMedia(REDUCED_MOTION).matches;
  return { animated: !reduced };
}
