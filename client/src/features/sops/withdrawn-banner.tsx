import { Archive } from 'lucide-react';
import type { SopDetail } from '@common/contracts/sops';
import { formatDateTime } from '@/lib/labels';
import { ownerNameOf } from '@/lib/names';
import { AmberNote } from './amber-note';
import { Trans, useLingui } from '@lingui/react/macro';

/** A withdrawn SOP is shown from the archive: who withdrew it, when and why, above everything it kept. */
export function WithdrawnBanner({ sop }: { sop: Pick<SopDetail, 'withdrawal'> }) {
  const { t } = useLingui();
  if (!sop.withdrawal) return null;
  const { at, by, reason } = sop.withdrawal;
  const name = by ? ownerNameOf(by) : t`Unknown User`;
  const when = formatDateTime(at);
  return (
    <AmberNote icon={Archive} data-testid="withdrawn-banner">
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">
          <Trans>
            Withdrawn by {name} on {when}. This SOP is kept in the archive and is no longer in use.
          </Trans>
        </p>
        <p className="break-words whitespace-pre-wrap">
          <Trans>Reason: {reason}</Trans>
        </p>
      </div>
    </AmberNote>
  );
}
