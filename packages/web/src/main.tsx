import { StrictMode, startTransition } from 'react';
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
import { App } from './app/app';
import { i18nReady } from './lib/i18n';
import { registerServiceWorker } from './features/pwa';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

registerServiceWorker();

// The first screen in the user's language (its strings are a chunk of their own); English
// if they cannot be fetched. Rendered as a transition, so React yields to the browser between
// pieces of the first render instead of holding the main thread in one long task.
void i18nReady.finally(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
