import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronsDown, FileSpreadsheet, History, ListOrdered } from 'lucide-react';
import { Link, useParams } from 'wouter';
import type { ManualSection } from '@common/contracts/manuals';
import { can } from '@common/permissions';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/labels';
import { useCurrentUser } from '@/lib/session';
import { effectiveCsvUrl, manualQueries } from './api';
import { ControlledCopyButton } from './controlled-copy-button';
import { ArrangeDialog } from './arrange-dialog';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

function SectionRow({ section, current }: { section: ManualSection; current: boolean }) {
  return (
    <li data-section={section.number} data-changed={section.changed || undefined}>
      <Link
        href={`/sop/${section.sopId}`}
        id={`section-${section.number}`}
        className={`flex items-start justify-between gap-3 rounded-md px-2 py-2 hover:bg-sky-50 focus-visible:ring-2 focus-visible:ring-ocean focus-visible:outline-none ${current ? 'bg-amber-50 ring-2 ring-amber-400' : ''}`}
      >
        <span className="flex min-w-0 gap-3">
          <span className="w-10 shrink-0 font-mono text-sm text-muted-foreground">{section.number}</span>
          <span className="min-w-0">
            <span className="block font-medium break-words text-navy">{section.title}</span>
            <span className="block text-xs text-muted-foreground">
              {section.versionNumber ? (
                <>
                  v{section.versionNumber}
                  {section.inForceSince && (
                    <>
                      {' '}
                      · <Trans>in force since {formatDate(section.inForceSince)}</Trans>
                    </>
                  )}
                  {section.changed && section.lastReadVersionNumber && (
                    <>
                      {' '}
                      · <Trans>you last read v{section.lastReadVersionNumber}</Trans>
                    </>
                  )}
                </>
              ) : (
                <Trans>No version in force yet</Trans>
              )}
            </span>
          </span>
        </span>
        {section.changed &&
          (section.lastReadVersionNumber ? (
            <Badge variant="outline" className="shrink-0 border-amber-300 bg-amber-50 text-amber-900">
              <Trans>Changed</Trans>
            </Badge>
          ) : (
            <Badge variant="outline" className="shrink-0 border-sky-300 bg-sky-50 text-sky-900">
              <Trans>New to you</Trans>
            </Badge>
          ))}
      </Link>
    </li>
  );
}

function RevisionsRecord({ id }: { id: number }) {
  const { t } = useLingui();
  const revisions = useQuery(manualQueries.revisions(id));
  return (
    <QueryState query={revisions} loading={t`Loading the record of revisions...`} failed={t`The record of revisions could not be loaded.`} frame="py-4">
      <ul className="divide-y text-sm">
        {revisions.data?.revisions.map((r) => (
          <li key={`${r.sopId}-${r.toVersion}`} className="py-2">
            <span className="font-mono text-muted-foreground">{r.number}</span> <span className="font-medium text-navy">{r.title}</span>{' '}
            <span className="text-muted-foreground">
              {r.fromVersion ? `v${r.fromVersion} → v${r.toVersion}` : `v${r.toVersion}`} · {formatDate(r.date)} · {r.revisionClass}
            </span>
            {r.changelog && <p className="text-muted-foreground">{r.changelog}</p>}
          </li>
        ))}
      </ul>
    </QueryState>
  );
}

/** /manuals/{id}: the table of contents, what changed since the reader last read it, and the manual's records. */
export default function ManualPage() {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  const id = Number(useParams<{ id: string }>().id);
  const manual = useQuery({ ...manualQueries.detail(id), enabled: Number.isInteger(id) && id > 0 });
  const [current, setCurrent] = useState<string | null>(null);
  const [arranging, setArranging] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const sections = manual.data?.chapters.flatMap((c) => c.sections) ?? [];
  const changed = sections.filter((s) => s.changed);

  /** Moves to the next changed section after the one shown (round to the first), and puts focus on it. */
  const nextChanged = () => {
    if (!changed.length) return;
    const at = current === null ? -1 : sections.findIndex((s) => s.number === current);
    const next = sections.slice(at + 1).find((s) => s.changed) ?? changed[0];
    setCurrent(next.number);
    const link = document.getElementById(`section-${next.number}`);
    link?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    link?.focus({ preventScroll: true });
  };

  return (
    <QueryState query={manual} loading={t`Loading the manual...`} failed={t`The manual could not be loaded.`} frame="py-10">
      {manual.data && (
        <>
          <PageHeader
            title={manual.data.title}
            description={
              <>
                <span className="font-mono">{manual.data.code}</span> ·{' '}
                {changed.length > 0 ? (
                  <Plural
                    value={changed.length}
                    one="# section new or changed since you last read it"
                    other="# sections new or changed since you last read them"
                  />
                ) : (
                  <Trans>You have read every section in force.</Trans>
                )}
              </>
            }
            actions={
              <>
                <Button onClick={nextChanged} disabled={!changed.length}>
                  <ChevronsDown className="size-4" aria-hidden="true" /> <Trans>Next changed section</Trans>
                </Button>
                <ControlledCopyButton manualId={id} />
                <Button variant="outline" asChild>
                  <a href={effectiveCsvUrl(id)} download>
                    <FileSpreadsheet className="size-4" aria-hidden="true" /> <Trans>Effective sections (CSV)</Trans>
                  </a>
                </Button>
                {can(user, 'manuals.manage') && (
                  <Button variant="outline" onClick={() => setArranging(true)}>
                    <ListOrdered className="size-4" aria-hidden="true" /> <Trans>Arrange</Trans>
                  </Button>
                )}
              </>
            }
          />
          <div ref={listRef} className="space-y-4">
            <section aria-labelledby="manual-contents" className="rounded-lg border bg-white p-4 shadow-sm">
              <h2 id="manual-contents" className="mb-2 text-lg font-semibold text-navy">
                <Trans>Contents</Trans>
              </h2>
              {manual.data.chapters.length === 0 && (
                <p className="text-sm text-muted-foreground">
                  <Trans>No chapters yet.</Trans>
                </p>
              )}
              <ol className="space-y-4">
                {manual.data.chapters.map((chapter) => (
                  <li key={chapter.number}>
                    <h3 className="font-semibold text-navy">
                      {chapter.number}. {chapter.title}
                    </h3>
                    <ul className="-mx-2 mt-1 divide-y">
                      {chapter.sections.map((section) => (
                        <SectionRow key={section.sopId} section={section} current={section.number === current} />
                      ))}
                    </ul>
                  </li>
                ))}
              </ol>
            </section>
            <details className="rounded-lg border bg-white p-4 shadow-sm">
              <summary className="cursor-pointer font-semibold text-navy">
                <History className="mr-1 inline size-4" aria-hidden="true" />
                <Trans>Record of revisions</Trans>
              </summary>
              <RevisionsRecord id={id} />
            </details>
          </div>
          {arranging && <ArrangeDialog manual={manual.data} onClose={() => setArranging(false)} />}
        </>
      )}
    </QueryState>
  );
}
