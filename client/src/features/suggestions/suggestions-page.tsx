import { type FormEvent, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, Lightbulb, Ship, X } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Suggestion, SuggestionStatus } from '@common/contracts/suggestions';
import { SUGGESTION_TEXT_MAX } from '@common/limits';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LongTextField } from '@/components/long-text-field';
import { i18n } from '@/lib/i18n';
import { formatDateTime } from '@/lib/labels';
import { useCurrentUser } from '@/lib/session';
import { cn } from '@/lib/utils';
import { type SuggestionFilters, suggestionQueries, suggestionsCsvUrl, useTriageSuggestion } from './api';
import { Trans, useLingui } from '@lingui/react/macro';

const STATUS: Record<SuggestionStatus, { label: MessageDescriptor; tone: string }> = {
  open: { label: msg`Open`, tone: 'bg-sky-100 text-sky-900 border-sky-200' },
  accepted: { label: msg`Accepted`, tone: 'bg-emerald-100 text-emerald-900 border-emerald-200' },
  declined: { label: msg`Declined`, tone: 'bg-slate-100 text-slate-800 border-slate-200' },
  done: { label: msg`Done`, tone: 'bg-emerald-700 text-white border-emerald-700' },
};
const SUGGESTION_STATUSES = Object.keys(STATUS) as SuggestionStatus[];
const TRIAGE_CHOICES: { status: 'accepted' | 'declined' | 'done'; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  { status: 'accepted', label: msg`Accept`, hint: msg`Taken up in the next version; done when it is in force` },
  { status: 'declined', label: msg`Decline`, hint: msg`Say why in the reply` },
  { status: 'done', label: msg`Mark done`, hint: msg`Already handled, no new version needed` },
];

/** The filters from the address: ?status=open&sopId=12&vessel=AURORA. */
function filtersOf(search: string): SuggestionFilters {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  const sopId = Number(params.get('sopId'));
  const vessel = params.get('vessel');
  return {
    status: SUGGESTION_STATUSES.includes(status as SuggestionStatus) ? (status as SuggestionStatus) : undefined,
    sopId: Number.isInteger(sopId) && sopId > 0 ? sopId : undefined,
    vessel: vessel && /^[A-Z0-9-]{2,16}$/.test(vessel) ? vessel : undefined,
  };
}

function hrefOf(filters: SuggestionFilters) {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.sopId) params.set('sopId', String(filters.sopId));
  if (filters.vessel) params.set('vessel', filters.vessel);
  const qs = params.toString();
  return qs ? `/suggestions?${qs}` : '/suggestions';
}

function TriageDialog({ suggestion, onClose }: { suggestion: Suggestion; onClose: () => void }) {
  const { t } = useLingui();
  const [status, setStatus] = useState<'accepted' | 'declined' | 'done'>(suggestion.status === 'open' ? 'accepted' : (suggestion.status as 'accepted'));
  const [reply, setReply] = useState(suggestion.reply ?? '');
  const [tried, setTried] = useState(false);
  const triage = useTriageSuggestion(onClose);
  const needsReply = status === 'declined' && reply.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (needsReply) return;
    triage.mutate({ id: suggestion.id, input: { status, reply: reply.trim() || null } });
  };
  const title = suggestion.sopTitle;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <form onSubmit={submit} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>
              <Trans>Answer the suggestion</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>
                On “{title}”, from {suggestion.suggestedBy}. They are told of your answer by the bell and by e-mail.
              </Trans>
            </DialogDescription>
          </DialogHeader>
          <blockquote className="max-h-40 overflow-y-auto rounded-md border-l-4 border-ocean bg-sky-50 p-3 text-sm break-words whitespace-pre-wrap">
            {suggestion.text}
          </blockquote>
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium">
              <Trans>Answer</Trans>
            </legend>
            {TRIAGE_CHOICES.map((choice) => (
              <label
                key={choice.status}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-md border p-2.5 text-sm focus-within:ring-2 focus-within:ring-ocean',
                  status === choice.status && 'border-ocean bg-sky-50',
                )}
              >
                <input
                  type="radio"
                  name="triage-status"
                  value={choice.status}
                  checked={status === choice.status}
                  onChange={() => setStatus(choice.status)}
                  className="mt-0.5 accent-ocean"
                />
                <span>
                  <span className="font-medium">{i18n._(choice.label)}</span>
                  <span className="block text-muted-foreground">{i18n._(choice.hint)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <LongTextField
            id="triage-reply"
            label={status === 'declined' ? <Trans>Reply (needed to decline)</Trans> : <Trans>Reply (optional)</Trans>}
            value={reply}
            onChange={setReply}
            maxLength={SUGGESTION_TEXT_MAX}
            error={tried && needsReply ? t`Say why it is declined: the suggester reads this.` : undefined}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={triage.isPending} aria-label={t`Save answer`}>
              {triage.isPending ? <Trans>Saving...</Trans> : <Trans>Save answer</Trans>}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function SuggestionCard({ suggestion, onAnswer }: { suggestion: Suggestion; onAnswer: (s: Suggestion) => void }) {
  const { t } = useLingui();
  const s = suggestion;
  const when = formatDateTime(s.createdAt);
  const version = s.versionNumber;
  const who = s.suggestedBy;
  return (
    <li className="rounded-lg border bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-0.5">
          <h2 className="font-semibold break-words text-navy">
            <Link href={`/sop/${s.sopId}`} className="hover:underline focus-visible:ring-2 focus-visible:ring-ocean focus-visible:outline-none">
              {s.sopTitle}
            </Link>
          </h2>
          <p className="text-xs text-muted-foreground">
            <Trans>Version {version}</Trans>
            {s.section ? ` · ${s.section}` : ''}
          </p>
        </div>
        <Badge variant="outline" className={STATUS[s.status].tone}>
          {i18n._(STATUS[s.status].label)}
        </Badge>
      </div>
      <p className="mt-3 text-sm break-words whitespace-pre-wrap">{s.text}</p>
      <p className="mt-2 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        <span>
          <Trans>
            {who}, {when}
          </Trans>
        </span>
        {s.vesselCode && (
          <span className="inline-flex items-center gap-1">
            <Ship className="size-3.5" aria-hidden="true" /> <Trans>on board {s.vesselCode}</Trans>
          </span>
        )}
      </p>
      {(s.reply || s.triagedBy || s.linkedVersionNumber) && (
        <div className="mt-3 space-y-1 border-t pt-3 text-sm">
          {s.reply && (
            <p className="break-words whitespace-pre-wrap">
              <span className="font-medium">
                <Trans>Reply:</Trans>
              </span>{' '}
              {s.reply}
            </p>
          )}
          {s.triagedBy && s.triagedAt && (
            <p className="text-xs text-muted-foreground">
              <Trans>
                Answered by {s.triagedBy}, {formatDateTime(s.triagedAt)}
              </Trans>
            </p>
          )}
          {s.linkedVersionNumber && (
            <p className="text-xs text-emerald-800">
              <Trans>Taken up in version {s.linkedVersionNumber}</Trans>
            </p>
          )}
        </div>
      )}
      {s.canTriage && (
        <div className="mt-3">
          <Button
            size="sm"
            variant={s.status === 'open' ? 'default' : 'outline'}
            onClick={() => onAnswer(s)}
            aria-label={t`Answer the suggestion on ${s.sopTitle}`}
          >
            {s.status === 'open' ? <Trans>Answer</Trans> : <Trans>Change answer</Trans>}
          </Button>
        </div>
      )}
    </li>
  );
}

/** /suggestions: suggestions for change, one's own (and, for owners, approvers and admins, those to answer), filtered by status. */
export default function SuggestionsPage() {
  const { t } = useLingui();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = filtersOf(search);
  const list = useQuery(suggestionQueries.list(filters));
  const [answering, setAnswering] = useState<Suggestion | null>(null);
  const { user } = useCurrentUser();
  const sopTitle = filters.sopId ? list.data?.find((s) => s.sopId === filters.sopId)?.sopTitle : undefined;
  return (
    <>
      <PageHeader
        title={t`Suggestions for change`}
        description={t`Changes readers suggested to procedures in force, and the answers to them.`}
        actions={
          <Button asChild variant="outline" size="sm">
            <a href={suggestionsCsvUrl(filters)} download>
              <Download className="size-4" aria-hidden="true" /> <Trans>Export</Trans>
            </a>
          </Button>
        }
      />
      {user?.onShip && (
        <p className="mb-4 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
          <Trans>
            This is a ship copy: suggestions made here are sent to the office, where they are answered. The answer comes back to this list with the next update
            from the office, and reaches you by e-mail.
          </Trans>
        </p>
      )}
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <fieldset className="flex flex-wrap gap-1.5">
          <legend className="sr-only">
            <Trans>Status</Trans>
          </legend>
          {([undefined, ...SUGGESTION_STATUSES] as (SuggestionStatus | undefined)[]).map((status) => (
            <Button
              key={status ?? 'all'}
              size="sm"
              variant={filters.status === status ? 'default' : 'outline'}
              aria-pressed={filters.status === status}
              onClick={() => navigate(hrefOf({ ...filters, status }))}
            >
              {status ? i18n._(STATUS[status].label) : <Trans>All</Trans>}
            </Button>
          ))}
        </fieldset>
        {filters.sopId && (
          <Button size="sm" variant="secondary" onClick={() => navigate(hrefOf({ ...filters, sopId: undefined }))}>
            {sopTitle ?? t`One procedure`} <X aria-label={t`Show every procedure`} />
          </Button>
        )}
        {filters.vessel && (
          <Button size="sm" variant="secondary" onClick={() => navigate(hrefOf({ ...filters, vessel: undefined }))}>
            {filters.vessel} <X aria-label={t`Show every vessel`} />
          </Button>
        )}
      </div>
      <QueryState query={list} loading={t`Loading suggestions...`} failed={t`The suggestions could not be loaded.`} frame="py-10">
        {list.data?.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Lightbulb className="size-4" aria-hidden="true" /> <Trans>No suggestions here. Suggest a change from a procedure’s page.</Trans>
          </p>
        ) : (
          <ul className="space-y-4" aria-label={t`Suggestions for change`}>
            {list.data?.map((suggestion) => (
              <SuggestionCard key={suggestion.id} suggestion={suggestion} onAnswer={setAnswering} />
            ))}
          </ul>
        )}
      </QueryState>
      {answering && <TriageDialog suggestion={answering} onClose={() => setAnswering(null)} />}
    </>
  );
}
