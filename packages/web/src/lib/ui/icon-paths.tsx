import { APP_ICON_PATHS } from './icon-paths-app';
import { NODE_ICON_PATHS } from './icon-paths-node';

/**
 * The icons of the signed-in dashboard drawn as plain inline SVG: Ionicons 8 (MIT, the same
 * paths `ionicons/icons` ships) without `<ion-icon>`. Each `<ion-icon>` is a web component that
 * hydrates, decodes its data URL and parses the SVG into a shadow root, about a millisecond of
 * main-thread work apiece on a phone; the dashboard draws dozens. These render with React's own
 * DOM and look the same: 1em square, the current text colour, Ionicons' 32-unit strokes.
 */
export const ICON_PATHS = { ...APP_ICON_PATHS, ...NODE_ICON_PATHS };
