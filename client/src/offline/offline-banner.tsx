import { useQueryClient } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import { useSendWaitingAttestations } from './attestation-queue';
import { useCopiesShown, useOnline } from './offline-status';

/**
 * On every screen while there is no link: the answers shown are stored copies, and from when.
 * The time is that of the oldest answer on the screen, so nothing shown is older than it says.
 */
export function OfflineBanner() {
  const client = useQueryClient();
  const shown = useCopiesShown(client);
  useSendWaitingAttestations(useCurrentUser().user?.id, client);
  const online = useOnline();
  if (!shown.offline) return null;
  return (
    <div role="status" className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-xs font-medium text-amber-950 sm:text-sm">
      <CloudOff aria-hidden className="size-4 shrink-0" />
      <span>
        {shown.since === null ? 'Offline' : `Offline — showing copies from ${formatDateTime(shown.since)}`}
        {shown.missing && <span className="font-normal"> · Some of this screen is not available offline.</span>}
        {!online && <span className="font-normal"> · Changes can't be sent until the link returns.</span>}
      </span>
    </div>
  );
}
