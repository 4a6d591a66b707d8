import { useQuery } from '@tanstack/react-query';
import { Pin } from 'lucide-react';
import { Link } from 'wouter';
import { Spinner } from '@/components/spinner';
import { formatDateTime } from '@/lib/labels';
import { type SopOnDevice, sopsOnDeviceQuery } from './offline-copies';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

/** '1 procedure stored on this device', '39 procedures …'. */
export const storedCountText = (count: number) => plural(count, { one: '# procedure stored on this device', other: '# procedures stored on this device' });

/** 'stored Nov 26, 2026, 10:00 AM'. */
function storedAt(at: number): string {
  const when = formatDateTime(at);
  return t`stored ${when}`;
}

function SopRow({ sop }: { sop: SopOnDevice }) {
  const facts = [sop.versionNumber === null ? t`No version` : `v${sop.versionNumber}`, sop.department, sop.storedAt > 0 ? storedAt(sop.storedAt) : null];
  return (
    <li className="px-3 py-2.5" data-testid="sop-on-device">
      <Link href={`/sop/${sop.sopId}`} className="font-medium wrap-anywhere text-ocean underline-offset-2 hover:underline">
        {sop.title}
      </Link>
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        <span>{facts.filter((fact) => fact !== null).join(' · ')}</span>
        {sop.kept && (
          <span className="inline-flex items-center gap-1 font-medium text-navy">
            <Pin className="size-3" aria-hidden="true" /> <Trans>Kept offline</Trans>
          </span>
        )}
      </p>
    </li>
  );
}

/**
 * The SOPs whose page opens with no link, by title, with how many: the Procedures list while
 * offline, and the 'Offline copies' screen. Each opens its stored copy.
 */
/** '12 of 340 procedures stored on this device'. */
export const storedOfTotalText = (count: number, total: number) => t`${count} of ${total} procedures stored on this device`;

/** `ofTotal`: how many the person's whole list held when last read with the link, when known. */
export function SopsOnDevice({ userId, empty, ofTotal }: { userId: number | undefined; empty: string; ofTotal?: number | null }) {
  const query = useQuery({ ...sopsOnDeviceQuery(userId ?? 0), enabled: userId !== undefined });
  if (query.isError)
    return (
      <p className="text-sm text-destructive">
        <Trans>The procedures stored on this device could not be read.</Trans>
      </p>
    );
  if (!query.data) return <Spinner label={t`Reading what this device holds`} />;
  const sops = query.data;
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium" data-testid="sops-on-device-count">
        {ofTotal && ofTotal >= sops.length ? storedOfTotalText(sops.length, ofTotal) : storedCountText(sops.length)}
      </p>
      {sops.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="divide-y rounded-md border bg-card" aria-label={t`Procedures stored on this device`}>
          {sops.map((sop) => (
            <SopRow key={sop.sopId} sop={sop} />
          ))}
        </ul>
      )}
    </div>
  );
}
