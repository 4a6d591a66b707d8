import { lazy, Suspense, use, useEffect, useState } from 'react';
import { Redirect } from 'wouter';
import { can } from '@common/permissions';
import { FullPageSpinner } from '@/components/spinner';
import { useCurrentUser } from '@/lib/session';
import { useArrival } from '@/hooks/use-arrival';
import { type Screen, words } from './screens';
import { AppLayout } from './layout/app-layout';
import { noteSignedIn, rememberWantedPath } from './after-sign-in';

// Only someone refused a screen needs the refusal's code.
const AccessDenied = lazy(() => import('./access-denied').then((m) => ({ default: m.AccessDenied })));

/**
 * The guard of every signed-in screen: a centred spinner while the user loads (no flash of the
 * sign-in page); no user means /auth; a role the table's `requires` refuses sees Access Denied.
 */
export function Guarded({ screen }: { screen: Screen }) {
  const { user, isLoading } = useCurrentUser();
  // The screen the page opened on, while the session was still being checked (see preloadPage).
  const [pageLoadScreen] = useState(() => (isLoading ? screen : null));
  // The header and the screen come in a background render once the session answers (see useArrival).
  const shown = useArrival(user, user?.id);
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <SignInFirst />;
  noteSignedIn();
  if (!shown) return <FullPageSpinner />;
  // A page-load screen whose data is already on its way waits here, with the header, for its code
  // and that data (this background render suspends; the spinner stays; see preloadPage). Else the
  // screen's boundary would show its spinner under the header, React holds back the screen that
  // replaces a fallback until 300 ms after the last fallback appeared, and a long answer arriving
  // after the paint pushes what is below it down. Once settled the promise is: no wait.
  if (screen === pageLoadScreen && screen.firstRead) use(screen.paintsWhole());
  const { Component } = screen;
  return (
    <AppLayout>
      <Suspense fallback={<FullPageSpinner />}>
        {!screen.requires || can(user, screen.requires) ? (
          <Component />
        ) : (
          <AccessDenied requires={screen.requires} onShip={user.onShip && screen.onShip ? words(screen.onShip) : undefined} />
        )}
      </Suspense>
    </AppLayout>
  );
}

/** To the sign-in screen, remembering the address asked for (read before the redirect changes it). */
function SignInFirst() {
  const [wanted] = useState(() => `${window.location.pathname}${window.location.search}`);
  useEffect(() => rememberWantedPath(wanted), [wanted]);
  return <Redirect to="/auth" />;
}
