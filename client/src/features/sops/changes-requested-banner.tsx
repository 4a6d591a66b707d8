import { useQuery } from '@tanstack/react-query';
import { MessageSquareWarning } from 'lucide-react';
import type { SopDetail } from '@common/contracts/sops';
import { CHANGES_REQUESTED_STATUS } from '@common/sop-lifecycle';
import { formatDateTime } from '@/lib/labels';
import { ownerNameOf } from '@/lib/names';
import { AmberNote } from './amber-note';
import { reviewLoopQueries } from './review-loop-api';

/**
 * While an SOP has changes requested, the reviewer's request heads its page: who asked,
 * when, and what they wrote, so the author can act on it.
 */
export function ChangesRequestedBanner({ sop }: { sop: SopDetail }) {
  const history = useQuery({ ...reviewLoopQueries.history(sop.id), enabled: sop.status === CHANGES_REQUESTED_STATUS });
  if (sop.status !== CHANGES_REQUESTED_STATUS) return null;
  const request = history.data?.find((event) => event.action === 'sop_changes_requested');
  return (
    <AmberNote icon={MessageSquareWarning} data-testid="changes-requested-banner">
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">
          Changes requested
          {request && (
            <>
              {' '}
              by {request.actor ? ownerNameOf(request.actor) : 'Unknown User'} on {formatDateTime(request.at)}
              {request.versionNumber && ` (v${request.versionNumber})`}
            </>
          )}
        </p>
        {request?.comments ? <p className="whitespace-pre-wrap">“{request.comments}”</p> : request && <p>No comment was given.</p>}
        <p className="text-amber-900">Edit the SOP to revise it, then submit it for approval again.</p>
      </div>
    </AmberNote>
  );
}
