import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Redirect, Route, Switch } from 'wouter';
import { FullPageSpinner } from '@/components/spinner';
import { queryKeys } from '@/lib/query-keys';
import { readWithSession } from '@/lib/page-load-read';
import { useCurrentUser } from '@/lib/session';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { firstScreenLoading, sharedLoads } from './screen-code';
import { loadHeaderParts } from './layout/app-header';
import { ProtectedRoute } from './protected-route';
import { forgetWantedPath, wantedPath } from './after-sign-in';

// One chunk per screen: the sign-in page never downloads the procedures table.
const screens = sharedLoads({
  auth: () => import('@/features/auth/auth-page'),
  dashboard: () => import('./pages/dashboard-page'),
  procedures: () => import('@/features/sops/procedures-page'),
  sopForm: () => import('@/features/sops/sop-form-page'),
  sopDetail: () => import('./pages/sop-detail-page'),
  dailyProgram: () => import('@/features/published-files/daily-program-page'),
  itinerary: () => import('@/features/published-files/itinerary-page'),
  approvals: () => import('@/features/approvals/approvals-page'),
  admin: () => import('@/features/admin/admin-page'),
  compliance: () => import('@/features/reading/compliance-page'),
  fleet: () => import('@/features/fleet/fleet-page'),
  auditLog: () => import('@/features/admin/audit-log-page'),
  account: () => import('@/features/account/account-page'),
  changePassword: () => import('@/features/auth/change-password-page'),
  offlineCopies: () => import('@/features/offline/offline-copies-page'),
  notFound: () => import('./not-found-page'),
});
const AuthPage = lazy(screens.auth);
const DashboardPage = lazy(screens.dashboard);
const ProceduresPage = lazy(screens.procedures);
const SopFormPage = lazy(screens.sopForm);
const SopDetailPage = lazy(screens.sopDetail);
const DailyProgramPage = lazy(screens.dailyProgram);
const ItineraryPage = lazy(screens.itinerary);
const ApprovalsPage = lazy(screens.approvals);
const AdminPage = lazy(screens.admin);
const CompliancePage = lazy(screens.compliance);
const FleetPage = lazy(screens.fleet);
const AuditLogPage = lazy(screens.auditLog);
const AccountPage = lazy(screens.account);
const ChangePasswordPage = lazy(screens.changePassword);
const OfflineCopiesPage = lazy(screens.offlineCopies);
const NotFoundPage = lazy(screens.notFound);

/** The screen a path opens, as the Switch below decides it (no guard: that needs the user). */
export function screenFor(pathname: string): keyof typeof screens {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/auth') return 'auth';
  if (path === '/') return 'dashboard';
  if (path === '/documents') return 'procedures';
  if (path === '/sop/new' || /^\/sop\/[^/]+\/edit$/.test(path)) return 'sopForm';
  if (/^\/sop\/[^/]+$/.test(path)) return 'sopDetail';
  if (path === '/daily-program') return 'dailyProgram';
  if (path === '/itinerary') return 'itinerary';
  if (path === '/approvals' || /^\/approvals\/[^/]+$/.test(path)) return 'approvals';
  if (path === '/admin') return 'admin';
  if (path === '/compliance') return 'compliance';
  if (path === '/fleet') return 'fleet';
  if (path === '/admin/audit') return 'auditLog';
  if (path === '/account') return 'account';
  if (path === '/account/password') return 'changePassword';
  if (path === '/offline') return 'offlineCopies';
  return 'notFound';
}

/** The read a screen's page load starts with the session check, if any: the SOP an /sop/:id link opens. */
function pageLoadRead(pathname: string) {
  const sop = /^\/sop\/(\d+)\/?$/.exec(pathname);
  return sop ? queryKeys.sops.detail(Number(sop[1])) : null;
}

/**
 * Starts what the first screen needs while the session is still being checked (`session`: the
 * signed-in user or null), instead of after: on a slow link each is one round trip less before
 * the screen paints. The screen's chunk: the lazy component then finds the module loaded or on
 * its way (a signed-out visitor pays for one chunk they may not see). And the screen's main read,
 * where it has one (the SOP an /sop/:id link opens): the screen's own query (same key) takes the
 * answer over without asking again.
 *
 * Such a screen can paint whole, in one go: the header's lazy parts are asked for now too, and
 * the route guard draws header and screen together once their code is in. Drawn apart, the
 * screen waits behind its Suspense spinner until 300 ms after the header's placeholders appeared
 * (React spaces the fallbacks it replaces). Screens that read their data once mounted keep
 * painting the header first.
 */
export function preloadPage(client: QueryClient, pathname: string, session: Promise<unknown>) {
  const code = screens[screenFor(pathname)]();
  const read = pageLoadRead(pathname);
  if (!read) {
    code.catch(() => undefined);
    return;
  }
  readWithSession(client, read, session);
  firstScreenLoading(Promise.all([code, loadHeaderParts()]));
}

function PublicOnly({ component: Component }: { component: ComponentType }) {
  const { user, isLoading } = useCurrentUser();
  useDocumentTitle('Sign in');
  // Where a link opened before sign-in pointed (see after-sign-in.ts), else the dashboard.
  const [next] = useState(wantedPath);
  useEffect(() => {
    if (user) forgetWantedPath();
  }, [user]);
  if (isLoading) return <FullPageSpinner />;
  if (user) return <Redirect to={next} />;
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
        {/* One route for the list and a task's own address, so choosing a task keeps the screen mounted. */}
        <ProtectedRoute path="/approvals/:taskId?" title="Approvals" component={ApprovalsPage} />
        <ProtectedRoute path="/admin" title="Administration" component={AdminPage} />
        <ProtectedRoute path="/compliance" title="Reading compliance" component={CompliancePage} />
        <ProtectedRoute path="/fleet" title="Fleet" component={FleetPage} />
        <ProtectedRoute path="/admin/audit" title="Audit Log" component={AuditLogPage} />
        <ProtectedRoute path="/account" title="My Account" component={AccountPage} />
        <ProtectedRoute path="/account/password" title="Change password" component={ChangePasswordPage} />
        <ProtectedRoute path="/offline" title="Offline copies" component={OfflineCopiesPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
