import type { SignatureProof } from '@common/contracts/signatures';
import { ApiError } from '@/lib/api-error';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, BookOpenCheck, CheckCircle2, Circle, Clock, ShieldCheck } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import type { SopDetail, SopVersion } from '@common/contracts/sops';
import { Button } from '@/components/ui/button';
import { ComparisonState } from '@/components/version-diff';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { attestationsQuery, useAttest } from '@/lib/attestations';
import { useReadingLanguage } from '@/lib/reading-language';
import { formatCalendarDay, formatDate, formatDateTime } from '@/lib/labels';
import { cn } from '@/lib/utils';
import { useCurrentUser } from '@/lib/session';
import { queueAttestation, useWaitingAttestation, useWaitingOpenings } from '@/offline/attestation-queue';
import { useOnline } from '@/offline/offline-status';
import { readingQueries } from './api';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

const SHOWN_CHANGES = 5;
const loadConfirmDialog = () => import('./attest-confirm-dialog');
const AttestConfirmDialog = lazy(loadConfirmDialog);

/** The version to read against the one attested or the one in force before, asked for once the reader opens 'What changed'. */
function ReadingComparison({ sopId }: { sopId: number }) {
  const query = useQuery(readingQueries.changes(sopId));
  return (
    <div className="mt-3 border-t pt-3" data-testid="reading-comparison">
      <ComparisonState query={query} />
    </div>
  );
}

function LastAttestedChanges({ version }: { version: string }) {
  return <Trans>What changed since version {version}, which you attested</Trans>;
}

function LastAttested({ version, on }: { version: string; on: string }) {
  return (
    <p className="mt-2 text-muted-foreground">
      <Trans>
        You last attested version {version} on {on}.
      </Trans>
    </p>
  );
}

/** One version approved since: its number, when, and what its changelog says. */
function ChangeEntry({ version, approved, changelog }: { version: string; approved: string; changelog: string | null }) {
  return (
    <li className="rounded-md bg-amber-50 px-3 py-2">
      <span className="font-medium">
        <Trans>
          Version {version}
          <span className="font-normal text-muted-foreground"> · approved {approved}</span>
        </Trans>
      </span>
      <span className="mt-0.5 block whitespace-pre-line">{changelog || <Trans>No changelog was written for this version.</Trans>}</span>
    </li>
  );
}

/** What changed since the version the reader last attested (folded: the card keeps its size when it arrives). */
function ChangesSince({ sopId }: { sopId: number }) {
  const { data } = useQuery(readingQueries.sop(sopId));
  const [opened, setOpened] = useState(false);
  if (!data?.required || data.attested || data.versionId === null || data.changes.length === 0) return null;
  const changes = data.changes.slice(0, SHOWN_CHANGES);
  const earlier = data.changes.length - SHOWN_CHANGES;
  const last = data.lastAttested;
  // An earlier version to compare with: the one attested, or one in force before this one.
  const comparable = !!data.lastAttested || data.changes.length > 1;
  return (
    <details className="text-sm" data-testid="reading-changes" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className="cursor-pointer font-medium text-navy">
        {last ? <LastAttestedChanges version={last.versionNumber} /> : <Trans>What changed so far</Trans>}
      </summary>
      {last && <LastAttested version={last.versionNumber} on={formatDate(last.attestedAt)} />}
      <ol className="mt-2 space-y-1.5">
        {changes.map((change) => (
          <ChangeEntry key={change.versionId} version={change.versionNumber} approved={formatDate(change.approvedAt)} changelog={change.changelog} />
        ))}
      </ol>
      {earlier > 0 && (
        <p className="mt-2 text-xs">
          <Plural value={earlier} one="and # earlier version." other="and # earlier versions." />
        </p>
      )}
      {comparable && opened && <ReadingComparison sopId={sopId} />}
    </details>
  );
}

/** Each file of the version, opened or still to open. Drawn from the SOP at once; only the marks wait for the answer. */
function FileChecklist({ files, opened }: { files: SopVersion['attachments']; opened: Set<number> | null }) {
  const { t } = useLingui();
  return (
    <ul className="space-y-1.5 text-sm" aria-label={t`Files of this version`} data-testid="attest-files">
      {files.map((file) => {
        const done = opened?.has(file.id);
        return (
          <li key={file.id} className="flex min-w-0 items-start gap-2">
            {done ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
            ) : (
              <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            )}
            <span className="min-w-0 break-words [overflow-wrap:anywhere]">
              {file.originalName}
              <span className={done ? 'text-emerald-800' : 'text-muted-foreground'}>
                {' '}
                · {opened === null ? <Trans>checking...</Trans> : done ? <Trans>opened</Trans> : <Trans>not opened yet</Trans>}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** What is left before attesting: the one file not opened yet, or how many. */
function FilesToOpen({ remaining }: { remaining: SopVersion['attachments'] }) {
  const count = remaining.length;
  if (count === 1) {
    const name = remaining[0].originalName;
    return <Trans>Open “{name}” to attest.</Trans>;
  }
  return <Trans>Open the {count} files not opened yet to attest.</Trans>;
}

function AttestVersion({ sop, version }: { sop: Pick<SopDetail, 'id' | 'title'>; version: SopVersion }) {
  const summary = useQuery(attestationsQuery(version.id));
  const reading = useQuery(readingQueries.sop(sop.id));
  const attest = useAttest(version.id, sop.id);
  // The translation read in the original's place, if any: the attestation records its language.
  const language = useReadingLanguage();
  const { user } = useCurrentUser();
  const online = useOnline();
  const waiting = useWaitingAttestation(user?.id, version.id);
  const waitingOpenings = useWaitingOpenings(user?.id, version.id);
  const [confirming, setConfirming] = useState(false);
  const [asked, setAsked] = useState(false);
  const focus = useReturnFocus();
  const { t } = useLingui();
  const done = useRef<HTMLParagraphElement>(null);
  const attested = !!summary.data?.attestedByMe;
  // After attesting, focus moves to the sentence that says so (the button it came from is gone).
  const justAttested = useRef(false);
  useEffect(() => {
    if ((attested || waiting) && justAttested.current) {
      justAttested.current = false;
      done.current?.focus();
    }
  }, [attested, waiting]);

  const files = version.attachments;
  const opened = summary.data ? new Set([...summary.data.opened, ...waitingOpenings]) : null;
  const remaining = opened ? files.filter((f) => !opened.has(f.id)) : files;
  const number = version.versionNumber;
  const title = sop.title;
  const statement = t`I have read and understood version ${number} of ${title}`;

  const confirm = (signature?: SignatureProof) => {
    justAttested.current = true;
    // A refused signature keeps the dialog open, with the reason beside the password.
    const keepOpen = (error: unknown) => error instanceof ApiError && error.code === 'signature_failed';
    if (online || !user) attest.mutate({ signature, language }, { onSettled: (_done, error) => !keepOpen(error) && setConfirming(false) });
    else {
      // With no link the attestation waits in this browser and is sent when the link returns.
      queueAttestation(user.id, version.id, language);
      setConfirming(false);
    }
  };

  let status: ReactNode;
  if (summary.isError) {
    status = (
      <>
        <Trans>The attestations could not be loaded.</Trans>{' '}
        <button type="button" className="font-medium text-ocean hover:underline" onClick={() => summary.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </>
    );
  } else if (!summary.data)
    status = (
      <span className="text-muted-foreground">
        <Trans>Checking what you have read...</Trans>
      </span>
    );
  else if (attested) {
    const when = formatDateTime(summary.data.attestedAt);
    status = (
      <span className="flex items-center gap-2 font-medium text-emerald-800" data-testid="attested-by-me">
        <BadgeCheck className="size-4 shrink-0" aria-hidden="true" />{' '}
        <Trans>
          You attested version {number} on {when}
        </Trans>
      </span>
    );
  } else if (waiting)
    status = (
      <span className="flex items-center gap-2 font-medium text-amber-800" data-testid="attestation-waiting">
        <Clock className="size-4 shrink-0" aria-hidden="true" /> <Trans>Waiting to send: your attestation is recorded when the link returns.</Trans>
      </span>
    );
  else if (reading.data?.required && !reading.data.attested) {
    const due = reading.data.dueDate ? formatCalendarDay(reading.data.dueDate) : null;
    status = (
      <span className={cn('flex items-center gap-2 font-medium', reading.data.overdue ? 'text-red-800' : 'text-amber-900')} data-testid="reading-notice">
        <BookOpenCheck className="size-4 shrink-0" aria-hidden="true" />{' '}
        {!due ? (
          <Trans>Waiting for you: please read version {number} and attest</Trans>
        ) : reading.data.overdue ? (
          <Trans>
            Waiting for you: please read version {number} and attest (overdue since {due})
          </Trans>
        ) : (
          <Trans>
            Waiting for you: please read version {number} and attest by {due}
          </Trans>
        )}
      </span>
    );
  } else
    status = (
      <span className="text-muted-foreground">
        <Trans>Read the procedure and its files, then confirm that you have understood them.</Trans>
      </span>
    );

  const people = summary.data?.count ?? 0;
  const open = !attested && !waiting && !!summary.data;
  const offered = open && remaining.length === 0;
  // The dialog's code is fetched once the button is there, so pressing it opens the dialog at once.
  useEffect(() => {
    if (offered) void loadConfirmDialog();
  }, [offered]);
  return (
    <div className="space-y-3 text-sm">
      {/* Two lines are kept for the sentence whichever it turns out to be, so nothing below it moves. */}
      <p ref={done} tabIndex={-1} className="min-h-10 outline-none" aria-live="polite">
        {status}
      </p>
      {files.length > 0 && <FileChecklist files={files} opened={opened} />}
      <div className="min-h-9">
        {offered && (
          <Button
            className="h-auto min-h-9 w-full justify-start py-2 text-left whitespace-normal sm:w-auto"
            onClick={() => {
              focus.remember();
              setAsked(true);
              setConfirming(true);
            }}
          >
            <ShieldCheck /> {statement}
          </Button>
        )}
        {open && remaining.length > 0 && (
          <p className="rounded-md bg-slate-50 px-3 py-2 text-slate-800" data-testid="files-to-open">
            <FilesToOpen remaining={remaining} />
          </p>
        )}
      </div>
      <p className="text-muted-foreground" data-testid="attestation-count">
        {summary.data ? <Plural value={people} one="# person has attested" other="# people have attested" /> : '\u00a0'}
      </p>
      {!attested && <ChangesSince sopId={sop.id} />}
      {/* Mounted from the first opening on, so it can animate closed and give focus back. */}
      {asked && (
        <Suspense fallback={null}>
          <AttestConfirmDialog
            open={confirming}
            versionId={version.id}
            statement={statement}
            files={files.length}
            pending={attest.isPending}
            onConfirm={confirm}
            error={attest.error}
            onClose={() => {
              setConfirming(false);
              focus.restore();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The SOP page's Read & Attest card, after the procedure and its files: attesting the version
 * in force is offered once the reader has opened each of its files (at once when it has none),
 * and is confirmed in a dialog. Its frame and file list are drawn from the SOP itself, so the
 * late answers (what the reader opened, whether they must read it) change text, not size.
 */
export function ReadAndAttest({ sop }: { sop: Pick<SopDetail, 'id' | 'title' | 'effectiveVersionId' | 'versions'> }) {
  const effective = sop.versions.find((v) => v.id === sop.effectiveVersionId);
  return (
    <Card className="border-l-4 border-l-ocean" data-testid="read-and-attest">
      <CardHeader>
        <CardTitle className="text-base">
          <h2>
            <Trans>Read &amp; Attest</Trans>
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {effective ? (
          <AttestVersion key={effective.id} sop={sop} version={effective} />
        ) : (
          <p className="text-sm text-muted-foreground">
            <Trans>No published version yet. Attestation opens once a version is approved.</Trans>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
