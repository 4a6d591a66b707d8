import { can } from '@common/permissions';
import { RecentActivity } from '@/features/dashboard/recent-activity';
import { ReviewLoopLists } from '@/features/dashboard/review-loop-lists';
import { SummaryCards } from '@/features/dashboard/summary-cards';
import { WelcomeBanner } from '@/features/dashboard/welcome-banner';
import { RequiredReadingSection } from '@/features/reading/reading-section';
import { useCurrentUser } from '@/lib/session';
import { UploadSopButton } from '@/features/sops/upload-sop-button';

/** Dashboard (/): greeting on the ship banner, the upload dialog, the four counts, required reading, recent activity. */
export default function DashboardPage() {
  const { user } = useCurrentUser();
  return (
    <>
      <WelcomeBanner
        firstName={user?.firstName}
        actions={can(user, 'sop.create') && <UploadSopButton triggerClassName="bg-white text-navy hover:bg-sky-50" />}
      />
      <div className="space-y-6">
        <RequiredReadingSection />
        <SummaryCards />
        <ReviewLoopLists user={user} />
        <RecentActivity />
      </div>
    </>
  );
}
