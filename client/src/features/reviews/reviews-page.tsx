import { type FormEvent, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { ClipboardCheck, Plus, Trash2 } from 'lucide-react';
import type { FleetStatus, FleetVessel } from '@common/contracts/fleet';
import type { Review, ReviewFinding } from '@common/contracts/reviews';
import { REVIEW_FINDINGS_MAX, REVIEW_TEXT_MAX } from '@common/limits';
import { nextReviewDue } from '@/components/last-review-badge';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { FormDialog } from '@/components/form-dialog';
import { FormField, invalidWhen } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-error';
import { formatDate, formatDateTime } from '@/lib/labels';
import { queryKeys } from '@/lib/query-keys';
import { cn } from '@/lib/utils';
import { reviewQueries, useAnswerFinding, useSaveReview, useSignReview, useStartReview } from './api';
import { Trans, useLingui } from '@lingui/react/macro';

/** A finding's answer from the office, in words. */
function FindingAnswer({ finding }: { finding: ReviewFinding }) {
  const by = finding.answeredBy ?? '';
  const due = finding.dueOn ? formatDate(`${finding.dueOn}T12:00:00Z`) : '';
  if (finding.answer === 'accepted')
    return (
      <div className="space-y-1 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-950">
        <p className="font-medium">
          <Trans>
            Accepted by {by}: to be done by {due}
          </Trans>
        </p>
        <p className="break-words whitespace-pre-wrap">{finding.action}</p>
      </div>
    );
  if (finding.answer === 'noted')
    return (
      <div className="space-y-1 rounded-md border bg-slate-50 px-3 py-2 text-sm">
        <p className="font-medium">
          <Trans>Noted by {by}</Trans>
        </p>
        {finding.note && <p className="break-words whitespace-pre-wrap">{finding.note}</p>}
      </div>
    );
  return (
    <p className="text-sm text-amber-800">
      <Trans>Not answered by the office yet</Trans>
    </p>
  );
}

/** At the office: accepted with an action and a due day, or noted. */
function AnswerDialog({ review, finding, onClose }: { review: Review; finding: ReviewFinding; onClose: () => void }) {
  const { t } = useLingui();
  const [answer, setAnswer] = useState<'accepted' | 'noted'>(finding.answer ?? 'accepted');
  const [action, setAction] = useState(finding.action ?? '');
  const [dueOn, setDueOn] = useState(finding.dueOn ?? '');
  const [note, setNote] = useState(finding.note ?? '');
  const [tried, setTried] = useState(false);
  const save = useAnswerFinding(review.vesselCode, onClose);
  const missingAction = answer === 'accepted' && action.trim() === '';
  const missingDue = answer === 'accepted' && dueOn === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missingAction || missingDue) return;
    save.mutate({
      id: review.id,
      findingId: finding.id,
      input: answer === 'accepted' ? { answer, action: action.trim(), dueOn } : { answer, note: note.trim() || null },
    });
  };
  const position = finding.position;
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t`Answer finding ${position}`}
      description={finding.text}
      className="sm:max-w-lg"
      onSubmit={submit}
      submit={t`Save answer`}
      submitting={t`Saving...`}
      pending={save.isPending}
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">
          <Trans>The office's answer</Trans>
        </legend>
        {(['accepted', 'noted'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input type="radio" name="finding-answer" value={value} checked={answer === value} onChange={() => setAnswer(value)} />
            {value === 'accepted' ? <Trans>Accepted: an action with a due date</Trans> : <Trans>Noted: no action</Trans>}
          </label>
        ))}
      </fieldset>
      {answer === 'accepted' ? (
        <>
          <FormField id="finding-action" label={t`Action`} error={tried && missingAction ? t`Say what will be done.` : undefined}>
            <Textarea
              id="finding-action"
              rows={4}
              value={action}
              maxLength={REVIEW_TEXT_MAX}
              {...invalidWhen('finding-action', tried && missingAction ? 'x' : null)}
              onChange={(e) => setAction(e.target.value)}
            />
          </FormField>
          <FormField id="finding-due" label={t`Due date`} error={tried && missingDue ? t`Choose the date it is due.` : undefined}>
            <Input
              id="finding-due"
              type="date"
              value={dueOn}
              {...invalidWhen('finding-due', tried && missingDue ? 'x' : null)}
              onChange={(e) => setDueOn(e.target.value)}
            />
          </FormField>
        </>
      ) : (
        <FormField id="finding-note" label={t`Note (optional)`}>
          <Textarea id="finding-note" rows={3} value={note} maxLength={REVIEW_TEXT_MAX} onChange={(e) => setNote(e.target.value)} />
        </FormField>
      )}
    </FormDialog>
  );
}

/** On board: the master's password signs the review; a wrong one is said beside the field. */
function SignDialog({ review, onClose }: { review: Review; onClose: () => void }) {
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const sign = useSignReview(review.vesselCode, review.id, onClose);
  const refused = sign.error instanceof ApiError && sign.error.code === 'signature_failed' ? sign.error.message : null;
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t`Sign the master's review`}
      description={t`Signed, the review cannot change. It is sent to the office, which answers each finding.`}
      onSubmit={(event) => {
        event.preventDefault();
        if (password) sign.mutate(password);
      }}
      submit={t`Sign review`}
      submitting={t`Signing...`}
      pending={sign.isPending}
    >
      <FormField id="review-password" label={t`Your password (signature)`} error={refused ?? undefined}>
        <Input
          id="review-password"
          type="password"
          autoComplete="current-password"
          value={password}
          {...invalidWhen('review-password', refused)}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
    </FormDialog>
  );
}

/** On board: the draft, section by section, and its findings; saved as a draft, then signed. */
function DraftForm({ review }: { review: Review }) {
  const { t } = useLingui();
  const [answers, setAnswers] = useState(() => review.sections.map((s) => s.questions.map((q) => q.answer)));
  const [findings, setFindings] = useState(() => review.findings.map((f) => f.text));
  const [signing, setSigning] = useState(false);
  const save = useSaveReview(review.vesselCode, review.id);
  const input = () => ({ answers, findings: findings.map((f) => f.trim()).filter((f) => f !== '') });
  const saveThenSign = () => save.mutate(input(), { onSuccess: () => setSigning(true) });
  return (
    <form
      className="space-y-4"
      aria-label={t`Master's review draft`}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(input());
      }}
    >
      {review.sections.map((section, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a section is its place in the review (titles may repeat).
        <Card key={i}>
          <CardHeader>
            <CardTitle className="text-base break-words text-navy">
              {i + 1}. {section.title}
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {section.questions.map((question, j) => {
              const id = `answer-${i}-${j}`;
              return (
                <div key={id} className="space-y-1.5">
                  <Label htmlFor={id} className="block leading-snug break-words">
                    {question.text}
                  </Label>
                  <Textarea
                    id={id}
                    rows={3}
                    maxLength={REVIEW_TEXT_MAX}
                    value={answers[i][j]}
                    onChange={(e) => setAnswers((all) => all.map((row, a) => (a === i ? row.map((v, b) => (b === j ? e.target.value : v)) : row)))}
                  />
                </div>
              );
            })}
          </CardContent>
        </Card>
      ))}
      <Card>
        <CardHeader>
          <CardTitle className="text-base text-navy">
            <Trans>Findings for the office</Trans>
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            <Trans>What the office should act on or know: each is answered ashore, accepted with an action or noted.</Trans>
          </p>
        </CardHeader>
        <CardContent className="space-y-3">
          {findings.map((finding, i) => {
            const n = i + 1;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a finding is its place in the list.
              <div key={i} className="flex items-start gap-2">
                <Textarea
                  aria-label={t`Finding ${n}`}
                  rows={2}
                  maxLength={REVIEW_TEXT_MAX}
                  value={finding}
                  className="min-w-0 flex-1"
                  onChange={(e) => setFindings((all) => all.map((f, k) => (k === i ? e.target.value : f)))}
                />
                <Button type="button" variant="outline" size="icon" onClick={() => setFindings((all) => all.filter((_, k) => k !== i))}>
                  <Trash2 />
                  <span className="sr-only">
                    <Trans>Remove finding {n}</Trans>
                  </span>
                </Button>
              </div>
            );
          })}
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={findings.length >= REVIEW_FINDINGS_MAX}
            onClick={() => setFindings((all) => [...all, ''])}
          >
            <Plus /> <Trans>Add a finding</Trans>
          </Button>
        </CardContent>
      </Card>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline" disabled={save.isPending}>
          {save.isPending ? <Trans>Saving...</Trans> : <Trans>Save draft</Trans>}
        </Button>
        <Button type="button" disabled={save.isPending} onClick={saveThenSign}>
          <ClipboardCheck /> <Trans>Sign review</Trans>
        </Button>
      </div>
      {signing && <SignDialog review={review} onClose={() => setSigning(false)} />}
    </form>
  );
}

/** A review as signed: its answers and findings, and the office's answers (with 'Answer' at the office). */
function SignedReview({ review }: { review: Review }) {
  const { t } = useLingui();
  const [answering, setAnswering] = useState<ReviewFinding | null>(null);
  const signedAt = formatDateTime(review.signedAt);
  const signer = review.signedBy ?? '';
  return (
    <Card>
      <CardHeader className="space-y-1">
        <CardTitle className="text-base text-navy">
          <Trans>
            Signed {signedAt} by {signer}
          </Trans>
        </CardTitle>
        <p className="font-mono text-xs break-all text-muted-foreground">SHA-256 {review.contentSha256}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <details>
          <summary className="cursor-pointer text-sm font-medium text-ocean">
            <Trans>Answers to the review's questions</Trans>
          </summary>
          <div className="mt-3 space-y-4">
            {review.sections.map((section, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a section is its place in the review (titles may repeat).
              <section key={i} className="space-y-2">
                <h4 className="font-semibold break-words text-navy">
                  {i + 1}. {section.title}
                </h4>
                <dl className="space-y-2 text-sm">
                  {section.questions.map((q, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a question is its place in the section.
                    <div key={j}>
                      <dt className="text-muted-foreground break-words">{q.text}</dt>
                      <dd className="break-words whitespace-pre-wrap">{q.answer || t`(no answer)`}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </div>
        </details>
        <section className="space-y-3">
          <h4 className="font-semibold text-navy">
            <Trans>Findings</Trans>
          </h4>
          {review.findings.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <Trans>No findings.</Trans>
            </p>
          ) : (
            <ol className="space-y-3">
              {review.findings.map((finding) => {
                const n = finding.position;
                return (
                  <li key={finding.id} className="space-y-2 rounded-lg border p-3">
                    <p className="text-sm break-words whitespace-pre-wrap">
                      <span className="font-semibold">{n}.</span> {finding.text}
                    </p>
                    <FindingAnswer finding={finding} />
                    {review.canAnswer && (
                      <Button variant="outline" size="sm" onClick={() => setAnswering(finding)}>
                        {finding.answer ? <Trans>Change answer</Trans> : <Trans>Answer</Trans>}
                        <span className="sr-only">
                          {' '}
                          <Trans>to finding {n}</Trans>
                        </span>
                      </Button>
                    )}
                  </li>
                );
              })}
            </ol>
          )}
        </section>
      </CardContent>
      {answering && <AnswerDialog review={review} finding={answering} onClose={() => setAnswering(null)} />}
    </Card>
  );
}

/** One vessel's reviews: on board the master's draft (or 'Start'), then the signed ones, newest first. */
function VesselReviews({ code, onBoard }: { code: string; onBoard: boolean }) {
  const { t } = useLingui();
  const reviews = useQuery(reviewQueries.vessel(code));
  const start = useStartReview(code);
  const list = reviews.data ?? [];
  const draft = list.find((r) => r.status === 'draft');
  const signed = list.filter((r) => r.status === 'signed');
  const lastSignedAt = signed.reduce<string | null>((last, r) => (r.signedAt && (!last || String(r.signedAt) > last) ? String(r.signedAt) : last), null);
  const nextDue = lastSignedAt ? nextReviewDue(lastSignedAt) : null;
  const nextDueDay = nextDue ? formatDate(nextDue.toISOString()) : '';
  return (
    <QueryState query={reviews} loading={t`Loading the reviews...`} failed={t`The reviews could not be loaded.`} frame="py-12">
      <div className="space-y-6">
        {onBoard && draft?.canEdit && <DraftForm key={draft.id} review={draft} />}
        {onBoard && !draft && (
          <div className="flex flex-wrap items-center gap-3 rounded-lg border bg-white p-4">
            {nextDue && nextDue > new Date() ? (
              <>
                <p className="min-w-0 flex-1 text-sm">
                  <Trans>This year's review is signed. The next is due by {nextDueDay}; a new master may review sooner.</Trans>
                </p>
                <Button variant="outline" onClick={() => start.mutate()} disabled={start.isPending}>
                  <ClipboardCheck /> <Trans>Start a review now</Trans>
                </Button>
              </>
            ) : (
              <>
                <p className="min-w-0 flex-1 text-sm">
                  <Trans>The master reviews the safety management system on board once a year and reports to the office.</Trans>
                </p>
                <Button onClick={() => start.mutate()} disabled={start.isPending}>
                  <ClipboardCheck /> <Trans>Start this year's review</Trans>
                </Button>
              </>
            )}
          </div>
        )}
        {signed.length === 0 ? (
          <p className="rounded-lg border bg-white px-6 py-10 text-center text-sm text-muted-foreground">
            <Trans>No signed master's review is on record for this vessel.</Trans>
          </p>
        ) : (
          signed.map((review) => <SignedReview key={review.id} review={review} />)
        )}
      </div>
    </QueryState>
  );
}

/**
 * /reviews/{code}: the master's review (decision 080). On a ship's copy, the vessel's own reviews
 * and the master's draft; at the office, the vessel chosen from the register, with 'Answer' on
 * each finding.
 */
export default function ReviewsPage() {
  const { t } = useLingui();
  const params = useParams<{ code?: string }>();
  const status = useQuery<FleetStatus>({ queryKey: queryKeys.fleet.status() });
  const onBoard = status.data?.role === 'ship';
  const vessels = useQuery<FleetVessel[]>({ queryKey: queryKeys.fleet.vessels(), enabled: status.data?.role === 'office' });
  const list = vessels.data ?? [];
  const code = onBoard ? status.data?.vessel?.code : (params.code ?? list[0]?.code);
  const name = onBoard ? (status.data?.vessel?.name ?? '') : (list.find((v) => v.code === code)?.name ?? code ?? '');
  return (
    <>
      <PageHeader
        title={t`Master's review`}
        description={
          onBoard
            ? t`The master's annual review of the safety management system on board ${name}, signed and sent to the office`
            : t`Each vessel's master's reviews as signed on board, and the office's answer to each finding`
        }
      />
      <QueryState query={status} loading={t`Loading...`} failed={t`The fleet could not be loaded.`} frame="py-12">
        {!onBoard && list.length > 0 && (
          <nav aria-label={t`Vessels`} className="mb-6 flex flex-wrap gap-2">
            {list.map((v) => (
              <Link
                key={v.code}
                href={`/reviews/${encodeURIComponent(v.code)}`}
                aria-current={v.code === code ? 'page' : undefined}
                className={cn(
                  'rounded-md border px-3 py-1.5 text-sm',
                  v.code === code ? 'border-ocean bg-ocean text-white' : 'bg-white text-navy hover:bg-slate-50',
                )}
              >
                {v.name}
              </Link>
            ))}
          </nav>
        )}
        {code ? (
          <>
            {!onBoard && <h2 className="mb-3 text-lg font-semibold break-words text-navy">{name}</h2>}
            <VesselReviews code={code} onBoard={onBoard} />
          </>
        ) : (
          <p className="rounded-lg border bg-white px-6 py-12 text-center text-sm text-muted-foreground">
            <Trans>No vessel is registered yet.</Trans>
          </p>
        )}
      </QueryState>
    </>
  );
}
