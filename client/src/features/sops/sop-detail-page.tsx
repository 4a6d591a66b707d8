import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Building2, CalendarClock, Download, GitBranch, GitCompare, Pencil, Send, User } from 'lucide-react';
import { Link, useParams, useSearch } from 'wouter';
import type { SopDetail, SopVersion } from '@common/contracts/sops';
import type { TranslationSummary } from '@common/contracts/translations';
import type { PublicUser } from '@common/contracts/auth';
import { can } from '@common/permissions';
import { refuseSubmit } from '@common/sop-lifecycle';
import { FullPageSpinner } from '@/components/spinner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentUser } from '@/lib/session';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useArrival } from '@/hooks/use-arrival';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { toast } from '@/hooks/use-toast';
import { isNotFound } from '@/lib/api-error';
import { KeepOfflineButton } from '@/offline/keep-offline-button';
import { failureText, useOnline } from '@/offline/offline-status';
import { formatDate } from '@/lib/labels';
import { ownerNameOf } from '@/lib/names';
import { refetchUnlessJustRead } from '@/lib/page-load-read';
import { sopQueries, useSubmitSop } from './api';
import { AttachmentList, downloadAttachment } from '@/components/attachment-list';
import { EffectiveVersionNotice } from './effective-version-notice';
import { ArrivingVersionNote } from './arriving-version';
import { InForceStatus } from './in-force-status';
import { proceduresHref } from './list-params';
import { SendEmailDialog } from './send-email-dialog';
import { MarkdownContent } from '@/components/markdown-content';
import { ChangesRequestedBanner } from './changes-requested-banner';
import { ReviewPanel } from './review-panel';
import { ownCurrentTranslation, TranslationReader, TranslationsCard } from './translations-card';
import { nativeNameOf } from './translations-api';
import { ReadingLanguage } from '@/lib/reading-language';
import { PinnedVersionBanner, requestedVersion, shownVersionOf } from './shown-version';
import { SopTimeline } from './sop-timeline';
import { WithdrawnBanner } from './withdrawn-banner';
import { WithdrawButton } from './withdraw-sop-dialog';
import { t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

function InfoCard({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border bg-card p-4">
      <div className="flex items-center gap-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {icon}
        {label}
      </div>
      <p className="mt-1 truncate font-semibold text-navy">{children}</p>
    </div>
  );
}

const CompareVersionsDialog = lazy(() => import('./compare-versions-dialog'));

/** 'Compare versions': opens the comparison of the version on the page with the one before it. */
function CompareVersionsButton({ sop, shownId }: { sop: SopDetail; shownId: number }) {
  const [open, setOpen] = useState(false);
  const focus = useReturnFocus();
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          focus.remember();
          setOpen(true);
        }}
      >
        <GitCompare /> <Trans>Compare versions</Trans>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CompareVersionsDialog
            sop={sop}
            shownId={shownId}
            open={open}
            onClose={() => {
              setOpen(false);
              focus.restore();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** The top Download button: the first file of the version shown. */
async function downloadShown(version: SopVersion | null) {
  const files = version?.attachments ?? [];
  if (files.length === 0) {
    toast({ title: tGlobal`No file available`, description: tGlobal`This SOP doesn't have any downloadable files` });
    return;
  }
  await downloadAttachment(files[0]);
  if (files.length > 1) {
    const name = files[0].originalName;
    toast({ title: tGlobal`Multiple Files Available`, description: tGlobal`"${name}" is downloading; the other files are listed under Attachments.` });
  }
}

/** Submit for approval, offered when the lifecycle would accept it from this person now. */
function SubmitButton({ sop, user, online }: { sop: SopDetail; user: PublicUser | null; online: boolean }) {
  const submit = useSubmitSop();
  const { t } = useLingui();
  if (refuseSubmit(user, sop)) return null;
  return (
    <Button
      variant="outline"
      className="border-white/40 bg-white/10 text-white hover:bg-white/20 hover:text-white"
      disabled={!online || submit.isPending}
      title={online ? undefined : t`Not while offline`}
      onClick={() => submit.mutate(sop)}
    >
      <Send /> <Trans>Submit for Approval</Trans>
    </Button>
  );
}

/**
 * The procedure's text. When the reader's language has a current translation, it is shown in
 * the original's place, saying which version it translates and that the original is binding;
 * the original is one click away, and the translation one click back.
 */
function ProcedureText({
  shown,
  translation,
  original,
  onOriginal,
}: {
  shown: SopVersion | null | undefined;
  translation: TranslationSummary | undefined;
  original: boolean;
  onOriginal: (original: boolean) => void;
}) {
  const language = translation ? nativeNameOf(translation.language) : '';
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-base">
          <Trans>Steps &amp; Procedures</Trans>
        </CardTitle>
        {translation && original && (
          <Button variant="outline" size="sm" onClick={() => onOriginal(false)}>
            <Trans>Read in {language}</Trans>
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {translation && !original ? (
          <TranslationReader translation={translation} inForce={shown?.versionNumber ?? ''} onClose={() => onOriginal(true)} />
        ) : (
          <MarkdownContent source={shown?.content ?? ''} />
        )}
      </CardContent>
    </Card>
  );
}

interface Props {
  reading?: (sop: SopDetail) => ReactNode;
  /** The review thread, from the approvals feature, for those who may read it. */
  reviewComments?: (sop: SopDetail) => ReactNode;
  /** 'Suggest a change' on the version in force, among the header's actions (styled for the dark band by the caller). */
  suggest?: (sop: SopDetail, inForce: SopVersion) => ReactNode;
}

/**
/**
 * /sop/{id}. `reading` is what the page that composes this one with the reading feature shows
 * after the procedure and its files (features do not import each other): the Read & Attest
 * card and, for approvers and admins, who has read it; `reviewComments` is the approvals
 * feature's review thread.
 */
export function SopDetailPage({ reading, reviewComments, suggest }: Props) {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const { user } = useCurrentUser();
  const search = useSearch();
  // The SOP read with the page load is shown as it is, not asked for again (see refetchUnlessJustRead).
  const query = useQuery({ ...sopQueries.detail(id), enabled: valid, refetchOnMount: refetchUnlessJustRead });
  const online = useOnline();
  const { t } = useLingui();
  const [original, setOriginal] = useState(false);
  // A newly opened SOP is drawn in a background render (see useArrival); its updates are not held back.
  const sop = useArrival(query.data, query.data?.id);
  useDocumentTitle(sop?.title ?? t`SOP Details`);

  if (valid && (query.isLoading || (query.data && !sop))) return <FullPageSpinner />;
  if (!valid || isNotFound(query.error) || (!query.isError && !sop)) {
    return (
      <div className="mx-auto mt-12 max-w-md rounded-lg border bg-card p-8 text-center">
        <h1 className="text-lg font-semibold text-navy">
          <Trans>SOP not found</Trans>
        </h1>
        <p className="mt-2 text-sm text-muted-foreground">
          <Trans>It may have been deleted, or the link is wrong.</Trans>
        </p>
        <Button asChild variant="outline" className="mt-4">
          <Link href={proceduresHref()}>
            <Trans>Back to Procedures</Trans>
          </Link>
        </Button>
      </div>
    );
  }
  if (query.isError || !sop) {
    return (
      <div className="mx-auto mt-12 max-w-md rounded-lg border bg-card p-8 text-center">
        <p className="font-medium text-destructive">{failureText(query.error, t`The SOP could not be loaded.`)}</p>
        <Button variant="outline" className="mt-4" onClick={() => query.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }

  // The version on the page: the one asked for by ?version=, else the latest (the version in force for readers).
  const { version: latest, pinned } = shownVersionOf(sop, user, requestedVersion(search));
  const attachments = latest?.attachments ?? [];
  const shownNumber = latest?.versionNumber;
  // Suggestions for change are made on the version in force (decision 079).
  const inForce = sop.versions.find((v) => v.id === sop.effectiveVersionId);
  // The reader's own current translation takes the original's place for the version in force; Read & Attest records which one they read.
  const ownTranslation = !pinned && latest?.id === sop.effectiveVersionId ? ownCurrentTranslation(sop, user) : undefined;
  const readingIn = ownTranslation && !original ? ownTranslation.language : null;

  return (
    <div className="space-y-6">
      <div className="rounded-xl bg-gradient-to-r from-navy to-ocean px-4 py-4 text-white shadow-sm sm:px-6 sm:py-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-xs font-medium tracking-[0.2em] text-sky-200 uppercase">
              <Trans>Standard operating procedure</Trans>
            </p>
            <h1 className="text-xl font-semibold sm:text-2xl">
              <Trans>SOP Details</Trans>
            </h1>
          </div>
          <div className="flex flex-wrap gap-2 [&_[data-slot=button]]:max-sm:h-8 [&_[data-slot=button]]:max-sm:px-3">
            <Button asChild variant="outline" className="border-white/40 bg-white/10 text-white hover:bg-white/20 hover:text-white">
              <Link href={proceduresHref()}>
                <ArrowLeft /> <Trans>Back to Procedures</Trans>
              </Link>
            </Button>
            {!pinned &&
              !sop.withdrawal &&
              can(user, 'sop.edit', { ownerId: sop.ownerId }) &&
              (online ? (
                <Button asChild variant="outline" className="border-white/40 bg-white/10 text-white hover:bg-white/20 hover:text-white">
                  <Link href={`/sop/${sop.id}/edit`}>
                    <Pencil /> <Trans>Edit</Trans>
                  </Link>
                </Button>
              ) : (
                <Button variant="outline" className="border-white/40 bg-white/10 text-white" disabled title={t`Not while offline`}>
                  <Pencil /> <Trans>Edit</Trans>
                </Button>
              ))}
            {!pinned && !sop.withdrawal && <SubmitButton sop={sop} user={user} online={online} />}
            <Button className="bg-white text-navy hover:bg-sky-50" disabled={attachments.length === 0} onClick={() => downloadShown(latest)}>
              <Download /> <Trans>Download</Trans>
            </Button>
            {sop.effectiveVersionId !== null && (
              <KeepOfflineButton sop={sop} className="border-white/40 bg-white/10 text-white hover:bg-white/20 hover:text-white" />
            )}
            {inForce && !pinned && !sop.withdrawal && online && suggest?.(sop, inForce)}
            {can(user, 'sop.email') && !sop.withdrawal && <SendEmailDialog sop={sop} />}
            {sop.hasPublishedVersion && !sop.withdrawal && can(user, 'sop.withdraw') && <WithdrawButton sop={sop} />}
          </div>
        </div>
      </div>

      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-2xl font-semibold tracking-tight text-navy">{sop.title}</h2>
          <InForceStatus sop={sop} upper />
          <ArrivingVersionNote sopId={sop.id} />
        </div>
        {sop.summary && <p className="max-w-3xl text-muted-foreground">{sop.summary}</p>}
        {(sop.category || sop.tags.length > 0) && (
          <div className="flex flex-wrap gap-1.5">
            {sop.category && <Badge className="bg-ocean">{sop.category}</Badge>}
            {sop.tags.map((tag) => (
              <Badge key={tag} variant="secondary">
                {tag}
              </Badge>
            ))}
          </div>
        )}
      </div>

      <WithdrawnBanner sop={sop} />
      <ChangesRequestedBanner sop={sop} />
      {pinned && latest ? <PinnedVersionBanner sop={sop} version={latest} /> : latest?.id === sop.latestVersionId && <EffectiveVersionNotice sop={sop} />}

      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <InfoCard icon={<Building2 className="size-3.5" />} label={t`Department`}>
          {sop.department?.name ?? t`Not specified`}
        </InfoCard>
        <InfoCard icon={<GitBranch className="size-3.5" />} label={t`Version`}>
          {latest?.versionNumber ?? '1.0'}
        </InfoCard>
        <InfoCard icon={<CalendarClock className="size-3.5" />} label={t`Last Updated`}>
          {formatDate(sop.updatedAt, t`Unknown`)}
        </InfoCard>
        <InfoCard icon={<User className="size-3.5" />} label={t`Owner`}>
          {ownerNameOf(sop.owner)}
        </InfoCard>
      </div>

      {/* One column below lg that never grows past the screen: a long file name is cut, not the page widened. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(320px,440px)]">
        <ProcedureText shown={latest} translation={ownTranslation} original={original} onOriginal={setOriginal} />
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{latest ? <Trans>Attachments (v{shownNumber})</Trans> : <Trans>Attachments</Trans>}</CardTitle>
            </CardHeader>
            <CardContent>
              <AttachmentList attachments={attachments} versionId={latest?.id} inForce={!!latest && latest.id === sop.effectiveVersionId} />
            </CardContent>
          </Card>
          {/* Attesting comes after the procedure and its files: the reader has them in front of them first. */}
          {!pinned && <ReadingLanguage.Provider value={readingIn}>{reading?.(sop)}</ReadingLanguage.Provider>}
          {!pinned && reviewComments?.(sop)}
          <ReviewPanel sop={sop} user={user} />
          <TranslationsCard sop={sop} user={user} />
          <Card>
            <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
              <CardTitle className="text-base">
                <Trans>History</Trans>
              </CardTitle>
              {latest && sop.versions.length > 1 && <CompareVersionsButton sop={sop} shownId={latest.id} />}
            </CardHeader>
            <CardContent>
              <SopTimeline sopId={sop.id} />
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
