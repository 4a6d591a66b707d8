import { can } from '@common/permissions';
import { mayUseReviewThread } from '@common/sop-lifecycle';
import { AttestationPanel } from '@/features/approvals/attestation-panel';
import { ReviewCommentsCard } from '@/features/approvals/review-thread';
import { CompliancePanel } from '@/features/reading/compliance-panel';
import { ReadingNotice } from '@/features/reading/reading-notice';
import { SopDetailPage } from '@/features/sops/sop-detail-page';
import { useCurrentUser } from '@/lib/session';

/**
 * /sop/{id}: the SOP's details with, for readers, what is waiting for them and the approvals
 * feature's Read & Attest panel; for approvers and admins, who has read the version in force;
 * for its author, approvers and admins, the review comments.
 */
export default function SopDetailRoute() {
  const { user } = useCurrentUser();
  return (
    <SopDetailPage
      attestation={(sop) => (
        <>
          <ReadingNotice sopId={sop.id} />
          <AttestationPanel sop={sop} />
          {can(user, 'compliance.read') && <CompliancePanel sopId={sop.id} />}
        </>
      )}
      reviewComments={(sop) => mayUseReviewThread(user, sop) && <ReviewCommentsCard sop={sop} />}
    />
  );
}
