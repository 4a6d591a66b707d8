import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@common/contracts/auth';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/session';
import { adminQueries } from './api';
import { RecentAdminActivity } from './recent-admin-activity';
import { DepartmentsCard, SystemCards, TemplatesCard, UsersRolesCard } from './summary-cards';
import { UserManagement } from './user-management';
import { useLingui } from '@lingui/react/macro';

export default function AdminPage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <AdministrationCenter currentUser={user} />;
}

function AdministrationCenter({ currentUser }: { currentUser: PublicUser }) {
  const { t } = useLingui();
  const users = useQuery(adminQueries.users());
  const departments = useQuery(adminQueries.departments());

  return (
    <div className="space-y-6">
      <PageHeader title={t`Administration Center`} description={t`Manage users, departments, and system-wide settings`} />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <UsersRolesCard users={users.data} isLoading={users.isLoading} />
        <DepartmentsCard departments={departments.data} isLoading={departments.isLoading} />
        <TemplatesCard />
        <SystemCards />
      </div>
      {/* Side by side only where the users table fits whole (it is wider than two thirds of 1366 px). */}
      <div className="grid gap-6 2xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <UserManagement query={users} currentUserId={currentUser.id} />
        <RecentAdminActivity />
      </div>
    </div>
  );
}
