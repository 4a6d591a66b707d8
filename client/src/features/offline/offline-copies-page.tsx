import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HardDrive, PinOff, RefreshCw } from 'lucide-react';
import { Link } from 'wouter';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/hooks/use-toast';
import { formatDateTime, formatBytes } from '@/lib/labels';
import { queryKeys } from '@/lib/query-keys';
import { useCurrentUser } from '@/lib/session';
import type { CopyKind } from '@/offline/budget';
import { type OfflineCopiesSummary, offlineCopiesQuery, stopKeeping, updateCopiesNow } from '@/offline/offline-copies';
import { useOnline } from '@/offline/offline-status';
import { SopsOnDevice } from '@/offline/sops-on-device';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** Each kind of copy as the table names it (read when drawn, in the interface's language). */
const KIND_ROWS: { kind: CopyKind; label: MessageDescriptor }[] = [
  { kind: 'kept', label: msg`SOPs kept offline` },
  { kind: 'ahead', label: msg`Required reading and daily programs, fetched ahead` },
  { kind: 'opened', label: msg`Screens and files you opened` },
  { kind: 'essential', label: msg`What the app needs to open` },
];

const copiesWord = (count: number) => plural(count, { one: '# copy', other: '# copies' });

function Storage({ summary }: { summary: OfflineCopiesSummary }) {
  const { t, i18n } = useLingui();
  const percent = Math.min(100, Math.round((summary.bytes / summary.budgetBytes) * 100));
  const used = formatBytes(summary.bytes);
  const budget = formatBytes(summary.budgetBytes);
  const oldest = summary.oldest === null ? null : formatDateTime(summary.oldest);
  const newest = summary.newest === null ? null : formatDateTime(summary.newest);
  const aheadAt = summary.aheadAt === null ? null : formatDateTime(summary.aheadAt);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">
          <h2 className="flex items-center gap-2">
            <HardDrive className="size-4" aria-hidden="true" /> <Trans>Stored on this device</Trans>
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm" data-testid="offline-usage">
          <span className="font-semibold">{copiesWord(summary.count)}</span> ·{' '}
          <Trans>
            {used} of {budget} used
          </Trans>
        </p>
        <Progress value={percent} aria-label={t`Storage budget used`} aria-valuetext={`${percent}%`} />
        <p className="text-sm text-muted-foreground" data-testid="offline-times">
          {oldest === null || newest === null ? t`No copies yet.` : t`Copies from ${oldest} to ${newest}.`}{' '}
          {aheadAt === null ? t`Not fetched ahead yet.` : t`Last fetched ahead ${aheadAt}.`}
        </p>
        <table className="w-full text-sm">
          <caption className="sr-only">
            <Trans>Copies by kind</Trans>
          </caption>
          <tbody className="divide-y">
            {KIND_ROWS.map(({ kind, label }) => (
              <tr key={kind} data-testid={`offline-kind-${kind}`}>
                <th scope="row" className="py-2 pr-4 text-left font-normal">
                  {i18n._(label)}
                </th>
                <td className="py-2 text-right whitespace-nowrap text-muted-foreground">
                  {copiesWord(summary.kinds[kind].count)} · {formatBytes(summary.kinds[kind].bytes)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-xs text-muted-foreground">
          <Trans>
            When the copies outgrow the budget, the oldest copies of what you opened go first, then the oldest fetched ahead. SOPs you keep offline are never
            removed. Signing out deletes every copy.
          </Trans>
        </p>
      </CardContent>
    </Card>
  );
}

/** '1.2 MB · kept <date>' under a kept SOP's title. */
function KeptFacts({ bytes, keptAt }: { bytes: number; keptAt: number | string }) {
  const size = formatBytes(bytes);
  const kept = formatDateTime(keptAt);
  return (
    <p className="text-xs text-muted-foreground">
      <Trans>
        {size} · kept {kept}
      </Trans>
    </p>
  );
}

function KeptSops({ summary, userId }: { summary: OfflineCopiesSummary; userId: number }) {
  const { t } = useLingui();
  const client = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const stopLabel = (title: string) => t`Stop keeping ${title} offline`;
  const stop = useMutation({
    mutationFn: (sopId: number) => stopKeeping(userId, sopId),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.offlineCopies() }),
    onSuccess: () => {
      toast({ title: t`No longer kept offline`, description: t`Its copies may be removed when space runs out.` });
      // The row and its button go: focus stays in the list's section instead of falling to the page.
      heading.current?.focus();
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">
          <h2 ref={heading} tabIndex={-1} className="outline-none">
            <Trans>SOPs kept offline</Trans>
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {summary.kept.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No SOP is kept offline. Open an SOP and choose 'Keep this SOP offline'.</Trans>
          </p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label={t`SOPs kept offline`}>
            {summary.kept.map((sop) => (
              <li key={sop.sopId} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2.5" data-testid="kept-sop">
                <div className="min-w-0 flex-1 basis-48">
                  <Link href={`/sop/${sop.sopId}`} className="font-medium wrap-anywhere text-ocean underline-offset-2 hover:underline">
                    {sop.title}
                  </Link>
                  <KeptFacts bytes={sop.bytes} keptAt={sop.keptAt} />
                </div>
                <Button variant="outline" size="sm" disabled={stop.isPending} onClick={() => stop.mutate(sop.sopId)} aria-label={stopLabel(sop.title)}>
                  <PinOff aria-hidden="true" /> <Trans>Stop keeping</Trans>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** /offline: what this browser keeps for the user to read with no link. */
export default function OfflineCopiesPage() {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const online = useOnline();
  const userId = user?.id ?? 0;
  const query = useQuery({ ...offlineCopiesQuery(userId), enabled: user !== undefined });
  const update = useMutation({ mutationFn: () => updateCopiesNow(userId, client) });
  const summary = query.data;

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={t`Offline copies`}
        description={t`What this device keeps for you to read when the ship's link drops: your required reading, the daily programs of today and the next two days, the SOPs you keep offline and what you opened.`}
        actions={
          <Button variant="outline" disabled={!online || update.isPending} onClick={() => update.mutate()} title={online ? undefined : t`Not while offline`}>
            <RefreshCw aria-hidden="true" className={update.isPending ? 'animate-spin' : undefined} />
            {update.isPending ? t`Updating copies...` : t`Update copies now`}
          </Button>
        }
      />
      {!summary ? (
        query.isError ? (
          <p className="text-sm text-destructive">
            <Trans>The offline copies could not be read.</Trans>
          </p>
        ) : (
          <Spinner />
        )
      ) : (
        <div className="space-y-6">
          <Storage summary={summary} />
          <Card>
            <CardHeader>
              <CardTitle className="text-base">
                <h2>
                  <Trans>Procedures on this device</Trans>
                </h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <SopsOnDevice
                userId={user?.id}
                empty={t`No procedure is stored yet: your required reading arrives with the next fetch ahead, and any SOP you open is stored too.`}
              />
            </CardContent>
          </Card>
          <KeptSops summary={summary} userId={userId} />
        </div>
      )}
    </div>
  );
}
