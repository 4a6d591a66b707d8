import { can } from '@common/permissions';
import { RecentActivity } from '@/features/dashboard/recent-activity';
import { ReviewLoopLists } from '@/features/dashboard/review-loop-lists';
import { READING_ANCHOR, SummaryCards } from '@/features/dashboard/summary-cards';
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
        {/* The My Tasks card of a reader leads here; the margin keeps the section clear of the sticky header. */}
        <div id={READING_ANCHOR} className="scroll-mt-20">
          <RequiredReadingSection />
        </div>
        <SummaryCards user={user} />
        <ReviewLoopLists user={user} />
        <RecentActivity />
      </div>
    </>
  );
}
