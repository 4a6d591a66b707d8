import { can } from '@common/permissions';
import { mayUseReviewThread } from '@common/sop-lifecycle';
import { ReviewCommentsCard } from '@/features/approvals/review-thread';
import { CompliancePanel } from '@/features/reading/compliance-panel';
import { ReadAndAttest } from '@/features/reading/read-and-attest';
import { SopDetailPage } from '@/features/sops/sop-detail-page';
import { SuggestChangeDialog } from '@/features/suggestions/suggest-change-dialog';
import { useCurrentUser } from '@/lib/session';

/**
 * /sop/{id}: the SOP's details, then the reading feature's Read & Attest card for the version in
 * force and, for approvers and admins, who has read it; for its author, approvers and admins, the review comments;
 * for every reader of the version in force, 'Suggest a change' (decision 079).
 */
export default function SopDetailRoute() {
  const { user } = useCurrentUser();
  return (
    <SopDetailPage
      reading={(sop) => (
        <>
          <ReadAndAttest sop={sop} />
          {can(user, 'compliance.read') && <CompliancePanel sopId={sop.id} />}
        </>
      )}
      reviewComments={(sop) => mayUseReviewThread(user, sop) && <ReviewCommentsCard sop={sop} />}
      suggest={(sop, inForce) =>
        can(user, 'suggestions.make') && (
          <SuggestChangeDialog
            sop={{ id: sop.id, title: sop.title, versionNumber: inForce.versionNumber }}
            className="border-white/40 bg-white/10 text-white hover:bg-white/20 hover:text-white"
          />
        )
      }
    />
  );
}
