import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen } from './app/router';
import { currentUserQuery } from './lib/session';
import { queryClient } from './lib/query-client';
import './index.css';

// Both before the first render: the session check and the screen's code travel together.
void queryClient.prefetchQuery(currentUserQuery);
preloadScreen(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
