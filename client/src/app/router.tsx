import { Suspense, useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Redirect, Route, useLocation } from 'wouter';
import { FullPageSpinner } from '@/components/spinner';
import { readWithSession } from '@/lib/page-load-read';
import { useCurrentUser } from '@/lib/session';
import { useRouteTitle } from '@/hooks/use-document-title';
import { NOT_FOUND, type Screen, screenFor, words } from './screens';
import { Guarded } from './screen-guard';
import { forgetWantedPath, wantedPath } from './after-sign-in';

/**
 * How long the first paint waits for the screen's first read beyond its code: an answer in by
 * then paints with the screen (nothing below it is pushed down when it arrives); a slower one
 * paints in the screen's own loading state after it.
 */
const FIRST_READ_WAIT_MS = 2500;

/**
 * Starts what the first screen needs while the session is still being checked (`session`: the
 * signed-in user or null), instead of after: on a slow link each is one round trip less before
 * the screen paints. The screen's chunk: the lazy component then finds the module loaded or on
 * its way (a signed-out visitor pays for one chunk they may not see). And the screen's first
 * read, where the route table gives one (the SOP an /sop/:id link opens): the screen's own query
 * (same key) takes the answer over without asking again. Such a screen also asks for the
 * header's lazy parts now, and the guard paints header and screen together once code and read
 * are in (see Guarded).
 */
export function preloadPage(client: QueryClient, pathname: string, session: Promise<unknown>) {
  const { screen, params } = screenFor(pathname);
  const read = screen.firstRead?.(params);
  if (!read) {
    screen.load().catch(() => undefined);
    return;
  }
  const answered = readWithSession(client, read, session);
  void screen.paintsWhole(Promise.race([answered, new Promise((resolve) => setTimeout(resolve, FIRST_READ_WAIT_MS))]));
}

function SignedOutOnly({ screen: { Component } }: { screen: Screen }) {
  const { user, isLoading } = useCurrentUser();
  // Where a link opened before sign-in pointed (see after-sign-in.ts), else the dashboard.
  const [next] = useState(wantedPath);
  useEffect(() => {
    if (user) forgetWantedPath();
  }, [user]);
  if (isLoading) return <FullPageSpinner />;
  if (user) return <Redirect to={next} />;
  return <Component />;
}

/** The screen the address names, from the route table (screens.ts); its Route gives it the path's parameters. */
export function AppRouter() {
  const [location] = useLocation();
  const { screen } = screenFor(location);
  useRouteTitle(words(screen.title));
  const Shown = screen.signedOut ? SignedOutOnly : Guarded;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      {screen === NOT_FOUND ? (
        <NOT_FOUND.Component />
      ) : (
        <Route path={screen.pattern}>
          <Shown screen={screen} />
        </Route>
      )}
    </Suspense>
  );
}
