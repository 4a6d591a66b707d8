import { HardDriveDownload, PinOff } from 'lucide-react';
import type { SopDetail } from '@common/contracts/sops';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/session';
import { useKeepOffline } from './offline-copies';
import { useOnline } from './offline-status';

/**
 * 'Keep this SOP offline' on the SOP page: stores the SOP, its content and the files of the
 * version in force, and keeps them through any eviction; pressed again ('Stop keeping
 * offline') it is undone. Keeping needs the link; stopping does not.
 */
export function KeepOfflineButton({ sop, className }: { sop: SopDetail; className?: string }) {
  const { user } = useCurrentUser();
  const online = useOnline();
  const { kept, known, keep, stop } = useKeepOffline(user?.id, sop);
  if (!user || !known) return null;
  if (kept) {
    return (
      <Button variant="outline" className={className} disabled={stop.isPending} onClick={() => stop.mutate()} data-testid="stop-keeping-offline">
        <PinOff aria-hidden="true" /> Stop keeping offline
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      className={className}
      disabled={!online || keep.isPending}
      title={online ? undefined : 'Not while offline'}
      onClick={() => keep.mutate()}
      data-testid="keep-offline"
    >
      <HardDriveDownload aria-hidden="true" /> {keep.isPending ? 'Keeping offline...' : 'Keep this SOP offline'}
    </Button>
  );
}
