import { createRoot } from 'react-dom/client';
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/flex-utils.css';
import '@ionic/react/css/text-alignment.css';
import '@ionic/react/css/display.css';
import './app/theme.css';
import { startEntry } from './features/auth/light/entry';
import { registerServiceWorker } from './features/pwa/register-service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

registerServiceWorker();

/**
 * The full app (Ionic, the routers, TanStack Query, i18next and every screen's shell) is a
 * chunk of its own. A signed-out start shows the light sign-in first (features/auth/light) and
 * fetches it in idle time; every other start loads it at once. It renders once the user's
 * language is in (English if its strings cannot be fetched), as a transition, so that React
 * yields to the browser between pieces of the first render.
 */
const loadApp = () =>
  Promise.all([
    import('./app/app'),
    import('./lib/i18n').then(({ i18nReady }) => i18nReady.catch(() => undefined)),
  ]).then(([{ App }]) => App);

void startEntry({ root: createRoot(root), loadApp });
