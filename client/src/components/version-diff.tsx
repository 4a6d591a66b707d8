import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VersionComparison } from '@common/contracts/review-loop';
import { Spinner } from '@/components/spinner';
import { queryKeys } from '@/lib/query-keys';
import { markedText, mergedMarkdown } from './diff-marks';
import { FileChanges } from './file-changes';
import { MarkdownContent } from './markdown-content';
import { Trans, useLingui } from '@lingui/react/macro';

/** GET /api/sops/{id}/compare; shared by the SOP page, its history and the approval panel. */
export const compareQuery = (sopId: number, from: number, to: number) =>
  queryOptions<VersionComparison>({ queryKey: queryKeys.sops.compare(sopId, { from, to }) });

/**
 * Two versions as one reading: the content rendered as Markdown with the inserted words
 * marked and the deleted ones struck, then each file with the words that changed on its pages.
 */
export function VersionDiff({ comparison }: { comparison: VersionComparison }) {
  const changed = comparison.content.some((part) => part.op !== 'equal');
  const { from, to } = comparison;
  const fromNumber = from.versionNumber;
  const toNumber = to.versionNumber;
  const { t } = useLingui();
  return (
    <div className="space-y-4" data-testid="version-diff">
      <p className="text-sm font-medium text-navy">
        {changed ? (
          <Trans>
            Changes from v{fromNumber} to v{toNumber}
          </Trans>
        ) : (
          <Trans>
            Changes from v{fromNumber} to v{toNumber} — the text is the same
          </Trans>
        )}
      </p>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden="true">
        <span>
          <Trans>
            <ins className="bg-emerald-100 px-0.5 text-emerald-950">Added</ins> in v{toNumber}
          </Trans>
        </span>
        <span>
          <Trans>
            <del className="bg-rose-100 px-0.5 text-rose-950">Removed</del> from v{fromNumber}
          </Trans>
        </span>
      </p>
      <section aria-label={t`Procedure text`} className="rounded-md border p-3 sm:p-4" data-testid="content-changes">
        <MarkdownContent source={mergedMarkdown(comparison.content)} renderText={markedText()} />
      </section>
      <section aria-label={t`Files`} className="space-y-2">
        <h3 className="text-sm font-semibold text-navy">
          <Trans>Files</Trans>
        </h3>
        <FileChanges files={comparison.files} />
      </section>
    </div>
  );
}

/** Fetches and shows the comparison of two versions of an SOP. */
export function VersionDiffLoader({ sopId, from, to }: { sopId: number; from: number; to: number }) {
  const query = useQuery(compareQuery(sopId, from, to));
  return <ComparisonState query={query} />;
}

/** A comparison on its way, failed, or shown. */
export function ComparisonState({ query }: { query: { isLoading: boolean; isError: boolean; data?: VersionComparison } }) {
  const { t } = useLingui();
  if (query.isLoading) return <Spinner label={t`Comparing versions`} />;
  if (query.isError || !query.data)
    return (
      <p className="text-sm text-destructive">
        <Trans>The versions could not be compared.</Trans>
      </p>
    );
  return <VersionDiff comparison={query.data} />;
}
