import { lazy, Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '@/lib/session';
import { useSendWaitingAttestations } from './attestation-queue';
import { useReadAhead } from './offline-copies';
import { useCopiesShown, useOnline } from './offline-status';

// Stored with the rest of the app by the service worker, so it opens with no link.
const OfflineNotice = lazy(() => import('./offline-notice'));

/**
 * On every screen while there is no link: the answers shown are stored copies, and from when.
 * The time is that of the oldest answer on the screen, so nothing shown is older than it says.
 * Mounted once, it also sends waiting attestations and fetches ahead while the link is there.
 */
export function OfflineBanner() {
  const client = useQueryClient();
  const shown = useCopiesShown(client);
  const userId = useCurrentUser().user?.id;
  useSendWaitingAttestations(userId, client);
  useReadAhead(userId, client);
  const online = useOnline();
  if (!shown.offline) return null;
  return (
    <Suspense fallback={null}>
      <OfflineNotice since={shown.since} missing={shown.missing} online={online} />
    </Suspense>
  );
}
