import { Archive } from 'lucide-react';
import type { SopDetail } from '@common/contracts/sops';
import { formatDateTime } from '@/lib/labels';
import { ownerNameOf } from '@/lib/names';
import { AmberNote } from './amber-note';

/** A withdrawn SOP is shown from the archive: who withdrew it, when and why, above everything it kept. */
export function WithdrawnBanner({ sop }: { sop: Pick<SopDetail, 'withdrawal'> }) {
  if (!sop.withdrawal) return null;
  const { at, by, reason } = sop.withdrawal;
  return (
    <AmberNote icon={Archive} data-testid="withdrawn-banner">
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">
          Withdrawn by {by ? ownerNameOf(by) : 'Unknown User'} on {formatDateTime(at)}. This SOP is kept in the archive and is no longer in use.
        </p>
        <p className="break-words whitespace-pre-wrap">Reason: {reason}</p>
      </div>
    </AmberNote>
  );
}
