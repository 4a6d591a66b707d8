import { useQuery } from '@tanstack/react-query';
import { MessageSquareWarning } from 'lucide-react';
import type { SopDetail } from '@common/contracts/sops';
import { formatDateTime } from '@/lib/format';
import { ownerNameOf } from '@/lib/names';
import { reviewLoopQueries } from './review-loop-api';

/**
 * While an SOP has changes requested, the reviewer's request heads its page: who asked,
 * when, and what they wrote, so the author can act on it.
 */
export function ChangesRequestedBanner({ sop }: { sop: SopDetail }) {
  const history = useQuery({ ...reviewLoopQueries.history(sop.id), enabled: sop.status === 'changes_requested' });
  if (sop.status !== 'changes_requested') return null;
  const request = history.data?.find((event) => event.action === 'sop_changes_requested');
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="changes-requested-banner"
    >
      <MessageSquareWarning className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
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
    </div>
  );
}
