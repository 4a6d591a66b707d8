import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { currentUserQuery } from './lib/session';
import { queryClient } from './lib/query-client';
import { activateLanguage, startingLanguage } from './lib/i18n';
import { prepareClassMerge } from './lib/utils';
import { whenIdle } from './lib/idle';
import './index.css';

// Before the first render: the session check, the screen's code and the screen's main read
// travel together instead of one after the other.
const session = queryClient.fetchQuery(currentUserQuery).catch(() => null);
preloadPage(queryClient, window.location.pathname, session);
// Once the browser is idle, which is while those are on their way (see prepareClassMerge).
whenIdle(prepareClassMerge);

// A background render: React hands the main thread back to the browser every few milliseconds
// instead of building the first screen in one long task. The first screen is drawn in this
// device's language: its catalog (English's message parser) arrives beside the session check.
const root = createRoot(document.getElementById('root')!);
void activateLanguage(startingLanguage())
  .catch(() => undefined)
  .then(() =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );
