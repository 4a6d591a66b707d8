import { useQuery } from '@tanstack/react-query';
import { BookOpenCheck } from 'lucide-react';
import { formatDate } from '@/lib/format';
import { readingQueries } from './api';

const SHOWN_CHANGES = 5;

/**
 * The SOP page, for a reader who must read this SOP and has not attested the version in
 * force: it is waiting for them, and what changed since the version they last attested.
 */
export function ReadingNotice({ sopId }: { sopId: number }) {
  const { data } = useQuery(readingQueries.sop(sopId));
  if (!data?.required || data.attested || data.versionId === null) return null;
  const changes = data.changes.slice(0, SHOWN_CHANGES);
  return (
    <section
      role="status"
      aria-labelledby="reading-notice-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="reading-notice"
    >
      <h3 id="reading-notice-title" className="flex items-center gap-2 font-semibold">
        <BookOpenCheck className="size-4" aria-hidden="true" /> Waiting for you: please read version {data.versionNumber} and attest
      </h3>
      <p className="mt-1">
        {data.lastAttested
          ? `You last attested version ${data.lastAttested.versionNumber} on ${formatDate(data.lastAttested.attestedAt)}. What changed since then:`
          : 'This procedure is required reading for your department. Its changes so far:'}
      </p>
      <ol className="mt-2 space-y-1.5">
        {changes.map((change) => (
          <li key={change.versionId} className="rounded-md bg-white/70 px-3 py-2">
            <span className="font-medium">
              Version {change.versionNumber}
              <span className="font-normal text-amber-900/80"> · approved {formatDate(change.approvedAt)}</span>
            </span>
            <span className="mt-0.5 block whitespace-pre-line">{change.changelog || 'No changelog was written for this version.'}</span>
          </li>
        ))}
      </ol>
      {data.changes.length > SHOWN_CHANGES && <p className="mt-2 text-xs">and {data.changes.length - SHOWN_CHANGES} earlier versions.</p>}
    </section>
  );
}
