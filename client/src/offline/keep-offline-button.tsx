import { HardDriveDownload, PinOff } from 'lucide-react';
import type { SopDetail } from '@common/contracts/sops';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useCurrentUser } from '@/lib/session';
import { useKeepOffline } from './offline-copies';
import { useOnline } from './offline-status';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * 'Keep this SOP offline' on the SOP page: stores the SOP, its content and the files of the
 * version in force, and keeps them through any eviction; pressed again ('Stop keeping
 * offline') it is undone. One button whose words change, never disabled while it works, so
 * keyboard focus stays on it. Keeping needs the link; stopping does not.
 */
export function KeepOfflineButton({ sop, className }: { sop: SopDetail; className?: string }) {
  const { user } = useCurrentUser();
  const online = useOnline();
  const { t } = useLingui();
  const { kept, known, keep, stop } = useKeepOffline(user?.id, sop);
  if (!user) return null;
  const busy = keep.isPending || stop.isPending;
  const press = () => {
    if (busy || !known) return;
    if (kept) stop.mutate();
    else keep.mutate();
  };
  // Whether it is kept is read from the device's storage after the page is drawn: until then the
  // button holds its place, unseen and out of reach, so the buttons beside it and the page below
  // do not move when it shows.
  return (
    <Button
      variant="outline"
      className={cn(className, !known && 'invisible')}
      aria-hidden={!known || undefined}
      tabIndex={known ? undefined : -1}
      disabled={!kept && !online}
      aria-disabled={busy || undefined}
      title={!kept && !online ? t`Not while offline` : undefined}
      onClick={press}
      data-testid="keep-offline"
    >
      {kept ? <PinOff aria-hidden="true" /> : <HardDriveDownload aria-hidden="true" />}
      {keep.isPending ? <Trans>Keeping offline...</Trans> : kept ? <Trans>Stop keeping offline</Trans> : <Trans>Keep this SOP offline</Trans>}
    </Button>
  );
}
