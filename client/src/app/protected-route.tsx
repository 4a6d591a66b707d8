import { Suspense, type ComponentType } from 'react';
import { Redirect, Route } from 'wouter';
import { FullPageSpinner } from '@/components/spinner';
import { useCurrentUser } from '@/lib/session';
import { useRouteTitle } from '@/hooks/use-document-title';
import { AppLayout } from './layout/app-layout';

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
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <Redirect to="/auth" />;
  return (
    <AppLayout>
      <Suspense fallback={<FullPageSpinner />}>
        <Component />
      </Suspense>
    </AppLayout>
  );
}
