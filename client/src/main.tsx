import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { currentUserQuery } from './lib/session';
import { queryClient } from './lib/query-client';
import './index.css';

// Before the first render: the session check, the screen's code and the screen's main read
// travel together instead of one after the other.
const session = queryClient.fetchQuery(currentUserQuery).catch(() => null);
preloadPage(queryClient, window.location.pathname, session);

// A background render: React hands the main thread back to the browser every few milliseconds
// instead of building the first screen in one long task.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
