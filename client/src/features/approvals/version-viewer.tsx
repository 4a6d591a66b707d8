import { BadgeCheck } from 'lucide-react';
import type { ApprovalTask } from '@common/contracts/sops';
import { Fact } from '@/components/fact';
import { Badge } from '@/components/ui/badge';
import { revisionClassText } from '@/components/revision-class-select';
import { Button } from '@/components/ui/button';
import { formatDate, formatDateTime, STATUS_LABELS } from '@/lib/labels';
import { ownerNameOf } from '@/lib/names';
import { useAttest } from '@/lib/attestations';
import { AttachmentList } from '@/components/attachment-list';
import { MarkdownContent } from '@/components/markdown-content';
import { ChangesSinceInForce } from '@/components/changes-since-in-force';
import { Resubmission } from './resubmission';
import { Trans, useLingui } from '@lingui/react/macro';

/** A version under review has been submitted: it is never called a draft. */
const versionStateOf = (version: ApprovalTask['version']) => (version.isPublished ? 'published' : version.submittedAt ? 'submitted' : 'draft');
const STATE_STYLES = {
  published: 'border-emerald-300 bg-emerald-100 text-emerald-900',
  submitted: 'border-amber-300 bg-amber-100 text-amber-900',
  draft: 'border-slate-300 bg-slate-100 text-slate-700',
} as const;

function AttestButton({ versionId }: { versionId: number }) {
  const attest = useAttest(versionId);
  return (
    <Button variant="outline" size="sm" disabled={attest.isPending} onClick={() => attest.mutate()}>
      <BadgeCheck /> <Trans>Attest</Trans>
    </Button>
  );
}

/** The version under review: header, people and dates, its files (each opens in the reader), content, changelog and changes. */
export function VersionViewer({ task }: { task: ApprovalTask }) {
  const { version } = task;
  const state = versionStateOf(version);
  const { t } = useLingui();
  const versionNumber = version.versionNumber;
  const approved = formatDate(version.approvedAt);
  const fileCount = version.attachments.length;
  return (
    <article aria-label={t`SOP version`} className="space-y-4">
      <header className="rounded-lg border bg-card p-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2
              data-task-title
              tabIndex={-1}
              className="text-lg font-semibold break-words text-navy outline-none focus-visible:ring-2 focus-visible:ring-ring/50"
            >
              {version.sop.title}
            </h2>
            <p className="text-sm text-muted-foreground">
              <Trans>Version {versionNumber}</Trans>
              {version.sop.department && <> · {version.sop.department.name}</>}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="outline" className={STATE_STYLES[state]} data-testid="version-state">
              {STATUS_LABELS[state]}
            </Badge>
            {version.approvedAt && (
              <span className="text-xs text-muted-foreground">
                <Trans>Approved {approved}</Trans>
              </span>
            )}
            {version.isPublished && <AttestButton versionId={version.id} />}
          </div>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Fact label={t`Submitted by`}>{ownerNameOf(version.submittedByUser)}</Fact>
          <Fact label={t`Created`}>{formatDateTime(version.createdAt, '—')}</Fact>
          <Fact label={t`Submitted`}>{formatDateTime(version.submittedAt, '—')}</Fact>
          <Fact label={t`Approved by`}>{version.approvedByUser ? ownerNameOf(version.approvedByUser) : t`Not yet approved`}</Fact>
        </dl>
      </header>

      {/* The files come first: on a tablet each is one tap from the reader, before the long text. */}
      <section aria-labelledby="files-heading" className="rounded-lg border bg-card p-4">
        <h3 id="files-heading" className="mb-3 text-sm font-semibold text-navy">
          <Trans>Files ({fileCount})</Trans>
        </h3>
        <AttachmentList
          attachments={version.attachments}
          versionId={version.isPublished ? version.id : undefined}
          emptyText={t`No files on this version.`}
          previews={false}
        />
      </section>

      <Resubmission task={task} />

      <section aria-labelledby="content-heading" className="rounded-lg border bg-card p-4">
        <h3 id="content-heading" className="sr-only">
          <Trans>Content</Trans>
        </h3>
        <MarkdownContent source={version.content} />
      </section>

      <section aria-labelledby="changelog-heading" className="rounded-lg border border-sky-200 bg-sky-50 p-4">
        <h3 id="changelog-heading" className="mb-1 text-sm font-semibold text-navy">
          <Trans>Changelog</Trans>
        </h3>
        <p className="text-sm whitespace-pre-wrap">{version.changelog || t`No changelog for this version.`}</p>
        <p className="mt-2 text-sm" data-testid="revision-class">
          <span className="text-muted-foreground">{t`Revision class:`} </span>
          <span className="font-medium">{revisionClassText(version.revisionClass)}</span>
        </p>
      </section>

      <section aria-labelledby="changes-heading" className="rounded-lg border bg-card p-4">
        <h3 id="changes-heading" className="mb-2 text-sm font-semibold text-navy">
          <Trans>Changes since the version in force</Trans>
        </h3>
        <ChangesSinceInForce sopId={version.sop.id} versionId={version.id} />
      </section>
    </article>
  );
}
