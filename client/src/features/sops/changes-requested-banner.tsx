import { useQuery } from '@tanstack/react-query';
import { MessageSquareWarning } from 'lucide-react';
import type { SopDetail } from '@common/contracts/sops';
import { CHANGES_REQUESTED_STATUS } from '@common/sop-lifecycle';
import { formatDateTime } from '@/lib/labels';
import { ownerNameOf } from '@/lib/names';
import { AmberNote } from './amber-note';
import { reviewLoopQueries } from './review-loop-api';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

type Request = { actor?: Parameters<typeof ownerNameOf>[0] | null; at: string; versionNumber?: string | null };

/** 'Changes requested by Ana Cruz on 3 Mar 2026, 09:12 (v1.2)': who asked, when, on which version. */
function requestLine(request: Request | undefined): string {
  if (!request) return t`Changes requested`;
  const actor = request.actor ? ownerNameOf(request.actor) : t`Unknown User`;
  const when = formatDateTime(request.at);
  const number = request.versionNumber;
  return number ? t`Changes requested by ${actor} on ${when} (v${number})` : t`Changes requested by ${actor} on ${when}`;
}

/**
 * While an SOP has changes requested, and while the author revises it in a draft after the
 * request, the reviewer's request heads its page and its editor: who asked, when, and what
 * they wrote, so the author can act on it.
 */
export function ChangesRequestedBanner({ sop }: { sop: SopDetail }) {
  // Versions come newest first: the request is on the newest version that was submitted.
  const sentBack = sop.versions.find((version) => version.submittedAt) ?? null;
  const requested = sop.status === CHANGES_REQUESTED_STATUS;
  const revising = sop.status === 'draft' && sentBack !== null && sentBack.id !== sop.latestVersion?.id;
  const history = useQuery({ ...reviewLoopQueries.history(sop.id), enabled: requested || revising });
  const request = history.data?.find((event) => event.action === 'sop_changes_requested');
  // A draft after a rejection, or after a request on an older version, has no request to show.
  if (!requested && !(revising && request && request.versionNumber === sentBack?.versionNumber)) return null;
  return (
    <AmberNote icon={MessageSquareWarning} data-testid="changes-requested-banner">
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">{requestLine(request)}</p>
        {request?.comments ? (
          <p className="whitespace-pre-wrap">“{request.comments}”</p>
        ) : (
          request && (
            <p>
              <Trans>No comment was given.</Trans>
            </p>
          )
        )}
        <p className="text-amber-900">
          {requested
            ? t`Edit the SOP to revise it, then submit it for approval again.`
            : t`Submit the revised version for approval when it answers the request.`}
        </p>
      </div>
    </AmberNote>
  );
}
