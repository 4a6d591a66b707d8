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

const KIND_ROWS: { kind: CopyKind; label: string }[] = [
  { kind: 'kept', label: 'SOPs kept offline' },
  { kind: 'ahead', label: 'Required reading and daily programs, fetched ahead' },
  { kind: 'opened', label: 'Screens and files you opened' },
  { kind: 'essential', label: 'What the app needs to open' },
];

const copiesWord = (count: number) => `${count} ${count === 1 ? 'copy' : 'copies'}`;

function Storage({ summary }: { summary: OfflineCopiesSummary }) {
  const percent = Math.min(100, Math.round((summary.bytes / summary.budgetBytes) * 100));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">
          <h2 className="flex items-center gap-2">
            <HardDrive className="size-4" aria-hidden="true" /> Stored on this device
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm" data-testid="offline-usage">
          <span className="font-semibold">{copiesWord(summary.count)}</span> · {formatBytes(summary.bytes)} of {formatBytes(summary.budgetBytes)} used
        </p>
        <Progress value={percent} aria-label="Storage budget used" aria-valuetext={`${percent}%`} />
        <p className="text-sm text-muted-foreground" data-testid="offline-times">
          {summary.oldest === null || summary.newest === null
            ? 'No copies yet.'
            : `Copies from ${formatDateTime(summary.oldest)} to ${formatDateTime(summary.newest)}.`}{' '}
          {summary.aheadAt === null ? 'Not fetched ahead yet.' : `Last fetched ahead ${formatDateTime(summary.aheadAt)}.`}
        </p>
        <table className="w-full text-sm">
          <caption className="sr-only">Copies by kind</caption>
          <tbody className="divide-y">
            {KIND_ROWS.map(({ kind, label }) => (
              <tr key={kind} data-testid={`offline-kind-${kind}`}>
                <th scope="row" className="py-2 pr-4 text-left font-normal">
                  {label}
                </th>
                <td className="py-2 text-right whitespace-nowrap text-muted-foreground">
                  {copiesWord(summary.kinds[kind].count)} · {formatBytes(summary.kinds[kind].bytes)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-xs text-muted-foreground">
          When the copies outgrow the budget, the oldest copies of what you opened go first, then the oldest fetched ahead. SOPs you keep offline are never
          removed. Signing out deletes every copy.
        </p>
      </CardContent>
    </Card>
  );
}

function KeptSops({ summary, userId }: { summary: OfflineCopiesSummary; userId: number }) {
  const client = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const stop = useMutation({
    mutationFn: (sopId: number) => stopKeeping(userId, sopId),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.offlineCopies() }),
    onSuccess: () => {
      toast({ title: 'No longer kept offline', description: 'Its copies may be removed when space runs out.' });
      // The row and its button go: focus stays in the list's section instead of falling to the page.
      heading.current?.focus();
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">
          <h2 ref={heading} tabIndex={-1} className="outline-none">
            SOPs kept offline
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {summary.kept.length === 0 ? (
          <p className="text-sm text-muted-foreground">No SOP is kept offline. Open an SOP and choose 'Keep this SOP offline'.</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="SOPs kept offline">
            {summary.kept.map((sop) => (
              <li key={sop.sopId} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2.5" data-testid="kept-sop">
                <div className="min-w-0 flex-1 basis-48">
                  <Link href={`/sop/${sop.sopId}`} className="font-medium wrap-anywhere text-ocean underline-offset-2 hover:underline">
                    {sop.title}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    {formatBytes(sop.bytes)} · kept {formatDateTime(sop.keptAt)}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={stop.isPending}
                  onClick={() => stop.mutate(sop.sopId)}
                  aria-label={`Stop keeping ${sop.title} offline`}
                >
                  <PinOff aria-hidden="true" /> Stop keeping
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
        title="Offline copies"
        description="What this device keeps for you to read when the ship's link drops: your required reading, the daily programs of today and the next two days, the SOPs you keep offline and what you opened."
        actions={
          <Button variant="outline" disabled={!online || update.isPending} onClick={() => update.mutate()} title={online ? undefined : 'Not while offline'}>
            <RefreshCw aria-hidden="true" className={update.isPending ? 'animate-spin' : undefined} />
            {update.isPending ? 'Updating copies...' : 'Update copies now'}
          </Button>
        }
      />
      {!summary ? (
        query.isError ? (
          <p className="text-sm text-destructive">The offline copies could not be read.</p>
        ) : (
          <Spinner />
        )
      ) : (
        <div className="space-y-6">
          <Storage summary={summary} />
          <Card>
            <CardHeader>
              <CardTitle className="text-base">
                <h2>Procedures on this device</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <SopsOnDevice
                userId={user?.id}
                empty="No procedure is stored yet: your required reading arrives with the next fetch ahead, and any SOP you open is stored too."
              />
            </CardContent>
          </Card>
          <KeptSops summary={summary} userId={userId} />
        </div>
      )}
    </div>
  );
}
