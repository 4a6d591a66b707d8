import { useQuery } from '@tanstack/react-query';
import { PenLine } from 'lucide-react';
import type { HistorySignature, SopHistoryEvent } from '@common/contracts/review-loop';
import { Spinner } from '@/components/spinner';
import { eventLabel, SIGNATURE_MEANING_LABELS } from '@/lib/event-labels';
import { formatDateTime, REVISION_CLASS_LABELS } from '@/lib/labels';
import { ownerNameOf } from '@/lib/names';
import { cn } from '@/lib/utils';
import { reviewLoopQueries } from './review-loop-api';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const DOT: Record<string, string> = {
  sop_approved: 'bg-emerald-500',
  sop_review_confirmed: 'bg-emerald-500',
  sop_changes_requested: 'bg-amber-500',
  sop_rejected: 'bg-rose-500',
  sop_submitted: 'bg-ocean',
};

/** A signature made with a proof (the signer is the event's actor): in what capacity, how, and the digest signed (in full on hover). */
function SignatureLine({ signature }: { signature: HistorySignature }) {
  const { meaning, stepName, method, sha256 } = signature;
  return (
    <p className="mt-1 text-xs text-muted-foreground" data-testid="event-signature">
      <PenLine className="mr-1 inline size-3 align-[-1px] text-navy" aria-hidden="true" />
      <span className="font-medium text-navy">
        <Trans>Signed:</Trans>
      </span>{' '}
      {SIGNATURE_MEANING_LABELS[meaning]}
      {stepName && ` (${stepName})`} · {method === 'passkey' ? <Trans>with a passkey</Trans> : <Trans>with the password</Trans>}
      {sha256 && (
        <>
          {' · '}
          <span className="whitespace-nowrap">
            SHA-256{' '}
            <span className="font-mono" title={`SHA-256 ${sha256}`}>
              {sha256.slice(0, 12)}…
            </span>
          </span>
        </>
      )}
    </p>
  );
}

const shown = (value: unknown) => (value === null || value === '' ? t`(none)` : Array.isArray(value) ? value.join(', ') || t`(every vessel)` : String(value));

/** A change of details of an SOP in force, field by field, and the digest of the details after it. */
function DetailsChanges({ changes, sha256 }: { changes: NonNullable<SopHistoryEvent['changes']>; sha256: string | null }) {
  return (
    <div className="mt-1 rounded bg-muted/50 px-2 py-1 text-sm" data-testid="event-details-changes">
      <ul>
        {changes.map((c) => (
          <li key={c.field} className="wrap-anywhere">
            <span className="font-medium">{c.label}:</span> {shown(c.from)} → {shown(c.to)}
          </li>
        ))}
      </ul>
      {sha256 && (
        <p className="text-xs text-muted-foreground">
          <Trans>Details SHA-256</Trans>{' '}
          <span className="font-mono" title={`SHA-256 ${sha256}`}>
            {sha256.slice(0, 12)}…
          </span>
        </p>
      )}
    </div>
  );
}

function TimelineEntry({ event }: { event: SopHistoryEvent }) {
  const { t } = useLingui();
  const actor = event.actor ? ownerNameOf(event.actor) : t`Unknown User`;
  const principal = event.onBehalfOf ? ownerNameOf(event.onBehalfOf) : null;
  const revisionClass = event.revisionClass ? REVISION_CLASS_LABELS[event.revisionClass] : null;
  return (
    <li className="relative pl-5" data-testid="timeline-event" data-action={event.action}>
      <span className={cn('absolute top-1.5 left-0 size-2.5 rounded-full', DOT[event.action] ?? 'bg-slate-400')} aria-hidden="true" />
      <p className="text-sm font-medium text-navy">
        {eventLabel(event.action)}
        {event.versionNumber && <span className="font-normal text-muted-foreground"> · v{event.versionNumber}</span>}
        {revisionClass && (
          <span className="font-normal text-muted-foreground">
            {' '}
            · <Trans>{revisionClass} revision</Trans>
          </span>
        )}
      </p>
      <p className="text-xs text-muted-foreground">
        {principal ? (
          <Trans>
            {actor} for {principal}
          </Trans>
        ) : (
          actor
        )}{' '}
        · {formatDateTime(event.at, t`Unknown`)}
      </p>
      {event.signature?.method && <SignatureLine signature={event.signature} />}
      {event.comments && <p className="mt-1 rounded bg-muted/50 px-2 py-1 text-sm whitespace-pre-wrap">“{event.comments}”</p>}
      {event.changes && <DetailsChanges changes={event.changes} sha256={event.detailsSha256} />}
    </li>
  );
}

/** Every event of the SOP, newest first: who did what to which version, with the reviewers' comments. */
export function SopTimeline({ sopId, limit }: { sopId: number; limit?: number }) {
  const query = useQuery(reviewLoopQueries.history(sopId));
  const { t } = useLingui();
  if (query.isLoading) return <Spinner className="size-6" label={t`Loading history`} />;
  if (query.isError || !query.data) {
    return (
      <p className="text-sm text-destructive">
        <Trans>The history could not be loaded.</Trans>
      </p>
    );
  }
  const events = limit ? query.data.slice(0, limit) : query.data;
  if (events.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No events recorded yet.</Trans>
      </p>
    );
  }
  return (
    <ol className="space-y-3 border-l border-slate-200 pl-3" aria-label={t`History`}>
      {events.map((event) => (
        <TimelineEntry key={event.id} event={event} />
      ))}
    </ol>
  );
}
