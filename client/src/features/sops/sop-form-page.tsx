import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import type { SopDetail } from '@common/contracts/sops';
import { nextVersionNumber, refuseEdit } from '@common/sop-lifecycle';
import { Spinner } from '@/components/spinner';
import { Button } from '@/components/ui/button';
import { isNotFound } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/session';
import { departmentsQuery } from '@/lib/shared-queries';
import { sopQueries } from './api';
import { proceduresHref } from './list-params';
import { ChangesRequestedBanner } from './changes-requested-banner';
import { SopForm } from './sop-form';
import { EMPTY_SOP_FORM, type SopFormInput } from './use-save-sop';
import { Trans, useLingui } from '@lingui/react/macro';

function Loading({ text }: { text: string }) {
  return (
    <div className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-muted-foreground">
      <Spinner label={text} />
      <p>{text}</p>
    </div>
  );
}

function Notice({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto mt-12 max-w-md rounded-lg border bg-card p-8 text-center">
      <h1 className="text-lg font-semibold text-navy">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{text}</p>
      <Button asChild variant="outline" className="mt-4">
        <Link href={proceduresHref()}>
          <Trans>Back to Procedures</Trans>
        </Link>
      </Button>
    </div>
  );
}

const formValuesOf = (sop: SopDetail): SopFormInput => ({
  title: sop.title,
  departmentId: String(sop.departmentId),
  category: sop.category ?? '',
  summary: sop.summary ?? '',
  tags: sop.tags ?? [],
  content: sop.latestVersion?.content ?? '',
  versionNumber: '',
  changelog: '',
  reviewFrequency: sop.reviewFrequency ?? '',
  readingDays: sop.readingDays ?? '',
  vesselCodes: sop.vesselCodes,
  readingPositionIds: sop.readingPositionIds ?? [],
  // Every current file carries forward unless the author unticks it.
  keepAttachmentIds: sop.latestVersion?.attachments.map((a) => a.id) ?? [],
});

/** /sop/new and /sop/{id}/edit. */
export default function SopFormPage() {
  const params = useParams<{ id?: string }>();
  const editId = params.id ? Number(params.id) : null;
  const { user } = useCurrentUser();
  const { t } = useLingui();
  const departments = useQuery(departmentsQuery);
  const sop = useQuery({ ...sopQueries.detail(editId ?? 0), enabled: editId !== null && Number.isInteger(editId) && editId > 0 });
  const initial = useMemo(() => (sop.data ? formValuesOf(sop.data) : null), [sop.data]);

  if (editId !== null) {
    if (!Number.isInteger(editId) || editId <= 0 || isNotFound(sop.error)) return <Notice title={t`SOP not found`} text={t`It may have been deleted.`} />;
    if (sop.isLoading) return <Loading text={t`Loading SOP...`} />;
    if (sop.isError) return <Notice title={t`The SOP could not be loaded`} text={t`Please try again in a moment.`} />;
  }
  if (departments.isLoading) return <Loading text={t`Loading departments...`} />;
  if (editId === null) return <SopForm editId={null} initial={EMPTY_SOP_FORM} />;
  // Signed out mid-way: the unauthorized toast and redirect are already under way.
  if (!initial || !sop.data) return <Loading text={t`Initializing form...`} />;
  // The form always sends content, so saving adds a version: ask the lifecycle before offering it.
  const refusal = refuseEdit(user, sop.data, { addsVersion: true });
  if (refusal) return <Notice title={refusal.kind === 'forbidden' ? t`You cannot edit this SOP` : t`This SOP cannot be edited now`} text={refusal.message} />;
  return (
    <SopForm
      key={sop.data.latestVersionId ?? sop.data.id}
      editId={editId}
      initial={initial}
      currentVersion={sop.data.latestVersion}
      request={<ChangesRequestedBanner sop={sop.data} />}
      suggestedVersion={nextVersionNumber(
        sop.data.latestVersion?.versionNumber,
        sop.data.versions.map((v) => v.versionNumber),
      )}
    />
  );
}
