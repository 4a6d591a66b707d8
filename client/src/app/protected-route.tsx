import { Suspense, type ComponentType } from 'react';
import { Redirect, Route } from 'wouter';
import { FullPageSpinner } from '@/components/spinner';
import { useCurrentUser } from '@/features/auth/api';
import { AppLayout } from './layout/app-layout';

/** SPEC §2 guard: a centred spinner while the user loads; no user means /auth. */
export function ProtectedRoute({ path, component: Component }: { path: string; component: ComponentType }) {
  return (
    <Route path={path}>
      <Guarded component={Component} />
    </Route>
  );
}

function Guarded({ component: Component }: { component: ComponentType }) {
  const { user, isLoading } = useCurrentUser();
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
