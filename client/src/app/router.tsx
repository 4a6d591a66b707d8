import { lazy, Suspense, type ComponentType } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { FullPageSpinner } from '@/components/spinner';
import { useCurrentUser } from '@/lib/session';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ProtectedRoute } from './protected-route';

// One chunk per screen: the sign-in page never downloads the procedures table.
const AuthPage = lazy(() => import('@/features/auth/auth-page'));
const DashboardPage = lazy(() => import('./pages/dashboard-page'));
const ProceduresPage = lazy(() => import('@/features/sops/procedures-page'));
const SopFormPage = lazy(() => import('@/features/sops/sop-form-page'));
const SopDetailPage = lazy(() => import('./pages/sop-detail-page'));
const DailyProgramPage = lazy(() => import('@/features/daily-programs/daily-program-page'));
const ItineraryPage = lazy(() => import('@/features/itineraries/itinerary-page'));
const ApprovalsPage = lazy(() => import('@/features/approvals/approvals-page'));
const AdminPage = lazy(() => import('@/features/admin/admin-page'));
const ChangePasswordPage = lazy(() => import('@/features/auth/change-password-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));

function PublicOnly({ component: Component }: { component: ComponentType }) {
  const { user, isLoading } = useCurrentUser();
  useDocumentTitle('Sign in');
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
        <ProtectedRoute path="/" title="Dashboard" component={DashboardPage} />
        <ProtectedRoute path="/documents" title="Procedures" component={ProceduresPage} />
        <ProtectedRoute path="/sop/new" title="Create New SOP" component={SopFormPage} />
        <ProtectedRoute path="/sop/:id/edit" title="Edit SOP" component={SopFormPage} />
        <ProtectedRoute path="/sop/:id" title="SOP Details" component={SopDetailPage} />
        <ProtectedRoute path="/daily-program" title="Daily Program" component={DailyProgramPage} />
        <ProtectedRoute path="/itinerary" title="Itinerary" component={ItineraryPage} />
        <ProtectedRoute path="/approvals" title="Approvals" component={ApprovalsPage} />
        <ProtectedRoute path="/admin" title="Administration" component={AdminPage} />
        <ProtectedRoute path="/account/password" title="Change password" component={ChangePasswordPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
