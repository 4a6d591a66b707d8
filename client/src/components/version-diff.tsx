import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VersionComparison } from '@common/contracts/review-loop';
import { Spinner } from '@/components/spinner';
import { queryKeys } from '@/lib/query-keys';
import { cn } from '@/lib/utils';

/** GET /api/sops/{id}/compare; shared by the SOP history and the approval confirmations. */
export const compareQuery = (sopId: number, from: number, to: number) =>
  queryOptions<VersionComparison>({ queryKey: queryKeys.sops.compare(sopId, { from, to }) });

const OP_STYLE = {
  equal: { className: 'text-foreground', sign: ' ', label: null },
  insert: { className: 'bg-emerald-50 text-emerald-900', sign: '+', label: 'Added' },
  delete: { className: 'bg-rose-50 text-rose-900 line-through decoration-rose-400', sign: '−', label: 'Removed' },
} as const;

function FileChanges({ comparison }: { comparison: VersionComparison }) {
  const { added, removed, unchanged } = comparison.attachments;
  if (added.length + removed.length + unchanged.length === 0) return <p className="text-sm text-muted-foreground">No files in either version.</p>;
  const group = (label: string, files: { id: number; originalName: string }[], className: string) =>
    files.length > 0 && (
      <li>
        <span className="font-medium">{label}:</span>{' '}
        {files.map((f, i) => (
          <span key={f.id} className={className}>
            {i > 0 && ', '}
            {f.originalName}
          </span>
        ))}
      </li>
    );
  return (
    <ul className="space-y-1 text-sm" data-testid="file-changes">
      {group('Files added', added, 'text-emerald-800')}
      {group('Files removed', removed, 'text-rose-800')}
      {group('Files unchanged', unchanged, 'text-muted-foreground')}
    </ul>
  );
}

/** Two versions side by side in one column: removed lines struck through, added lines green, then the files. */
export function VersionDiff({ comparison }: { comparison: VersionComparison }) {
  const changed = comparison.content.some((part) => part.op !== 'equal');
  return (
    <div className="space-y-3" data-testid="version-diff">
      <p className="text-sm font-medium text-navy">
        Changes from v{comparison.from.versionNumber} to v{comparison.to.versionNumber}
        {!changed && ' — the text is the same'}
      </p>
      <pre className="max-h-[45vh] overflow-auto rounded-md border bg-muted/30 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap">
        {comparison.content.map((part, i) => {
          const style = OP_STYLE[part.op];
          return (
            <span key={i} className={cn('block', style.className)} data-op={part.op}>
              {style.label && <span className="sr-only">{style.label}: </span>}
              {part.text
                .replace(/\n$/, '')
                .split('\n')
                .map((line) => `${style.sign} ${line}`)
                .join('\n')}
            </span>
          );
        })}
      </pre>
      <FileChanges comparison={comparison} />
    </div>
  );
}

/** Fetches and shows the comparison of two versions of an SOP. */
export function VersionDiffLoader({ sopId, from, to }: { sopId: number; from: number; to: number }) {
  const query = useQuery(compareQuery(sopId, from, to));
  if (query.isLoading) return <Spinner label="Comparing versions" />;
  if (query.isError || !query.data) return <p className="text-sm text-destructive">The versions could not be compared.</p>;
  return <VersionDiff comparison={query.data} />;
}
