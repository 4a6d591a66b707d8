import { CloudOff } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import { formatDateTime } from '@/lib/labels';

interface Props {
  /** When the oldest copy on the screen was fetched; null when none is shown. */
  since: number | null;
  missing: boolean;
  online: boolean;
}

/** The banner's words. Its own chunk (with the date formatting): a screen online never needs it. */
export default function OfflineNotice({ since, missing, online }: Props) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-xs font-medium text-amber-950 sm:text-sm">
      <CloudOff aria-hidden className="size-4 shrink-0" />
      <span>
        {since === null ? <Trans>Offline</Trans> : <Trans>Offline — showing copies from {formatDateTime(since)}</Trans>}
        {missing && (
          <span className="font-normal">
            {' · '}
            <Trans>Some of this screen is not available offline.</Trans>
          </span>
        )}
        {!online && (
          <span className="font-normal">
            {' · '}
            <Trans>Changes can't be sent until the link returns.</Trans>
          </span>
        )}
      </span>
    </div>
  );
}
