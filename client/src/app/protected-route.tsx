import { Suspense, use, useEffect, useState, type ComponentType } from 'react';
import { Redirect, Route } from 'wouter';
import { FullPageSpinner } from '@/components/spinner';
import { useCurrentUser } from '@/lib/session';
import { useRouteTitle } from '@/hooks/use-document-title';
import { useArrival } from '@/hooks/use-arrival';
import { firstScreenArriving } from './screen-code';
import { AppLayout } from './layout/app-layout';
import { noteSignedIn, rememberWantedPath } from './after-sign-in';

/** The guard: a centred spinner while the user loads (no flash of the sign-in page); no user means /auth. */
export function ProtectedRoute({ path, title, component: Component }: { path: string; title: string; component: ComponentType }) {
  return (
    <Route path={path}>
      <Guarded title={title} component={Component} />
    </Route>
  );
}

function Guarded({ title, component: Component }: { title: string; component: ComponentType }) {
  const { user, isLoading } = useCurrentUser();
  useRouteTitle(title);
  // The header and the screen come in a background render once the session answers (see useArrival).
  const shown = useArrival(user, user?.id);
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <SignInFirst />;
  noteSignedIn();
  if (!shown) return <FullPageSpinner />;
  // A page-load screen whose data is already on its way waits here, with the header, for its code
  // (this background render suspends; the spinner stays). Else the screen's boundary would show
  // its spinner under the header, and React holds back the screen that replaces a fallback
  // until 300 ms after the last fallback appeared.
  const arriving = firstScreenArriving();
  if (arriving) use(arriving);
  return (
    <AppLayout>
      <Suspense fallback={<FullPageSpinner />}>
        <Component />
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
