import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen, preloadScreenData } from './app/router';
import { currentUserQuery } from './lib/session';
import { queryClient } from './lib/query-client';
import './index.css';

// Before the first render: the session check and the screen's code travel together, and
// the screen's main read follows the session's answer instead of waiting for the screen.
const session = queryClient.fetchQuery(currentUserQuery).catch(() => null);
preloadScreen(window.location.pathname);
void session.then((user) => user && preloadScreenData(queryClient, window.location.pathname));

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
