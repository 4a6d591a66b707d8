import { lazy, Suspense, type ComponentType } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { FullPageSpinner } from '@/components/spinner';
import { useCurrentUser } from '@/features/auth/api';
import { ProtectedRoute } from './protected-route';

// One chunk per screen: the sign-in page never downloads the procedures table.
const AuthPage = lazy(() => import('@/features/auth/auth-page'));
const DashboardPage = lazy(() => import('./pages/dashboard-page'));
const ProceduresPage = lazy(() => import('@/features/sops/procedures-page'));
const SopFormPage = lazy(() => import('@/features/sops/sop-form-page'));
const SopDetailPage = lazy(() => import('@/features/sops/sop-detail-page'));
const DailyProgramPage = lazy(() => import('@/features/daily-programs/daily-program-page'));
const ItineraryPage = lazy(() => import('@/features/itineraries/itinerary-page'));
const ApprovalsPage = lazy(() => import('@/features/approvals/approvals-page'));
const AdminPage = lazy(() => import('@/features/admin/admin-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));

function PublicOnly({ component: Component }: { component: ComponentType }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullPageSpinner />;
  if (user) return <Redirect to="/" />;
  return <Component />;
}

export function AppRouter() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        <Route path="/auth">
          <PublicOnly component={AuthPage} />
        </Route>
        <ProtectedRoute path="/" component={DashboardPage} />
        <ProtectedRoute path="/documents" component={ProceduresPage} />
        <ProtectedRoute path="/sop/new" component={SopFormPage} />
        <ProtectedRoute path="/sop/:id/edit" component={SopFormPage} />
        <ProtectedRoute path="/sop/:id" component={SopDetailPage} />
        <ProtectedRoute path="/daily-program" component={DailyProgramPage} />
        <ProtectedRoute path="/itinerary" component={ItineraryPage} />
        <ProtectedRoute path="/approvals" component={ApprovalsPage} />
        <ProtectedRoute path="/admin" component={AdminPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
