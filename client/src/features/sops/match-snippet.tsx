import { Fragment } from 'react';
import { FileText } from 'lucide-react';
import type { SearchMatch } from '@common/contracts/sops';
import { i18n } from '@/lib/i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The snippet as text pieces, the matched words marked: the server sends plain text and
 * [start, end) offsets, never HTML. Offsets out of order, overlapping or past the end are
 * dropped rather than trusted.
 */
export function snippetParts(snippet: string, highlights: SearchMatch['highlights']): { at: number; text: string; marked: boolean }[] {
  const parts: { at: number; text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [start, end] of [...highlights].sort((a, b) => a[0] - b[0])) {
    if (start < at || end <= start || end > snippet.length) continue;
    if (start > at) parts.push({ at, text: snippet.slice(at, start), marked: false });
    parts.push({ at: start, text: snippet.slice(start, end), marked: true });
    at = end;
  }
  if (at < snippet.length) parts.push({ at, text: snippet.slice(at), marked: false });
  return parts;
}

const FIELD_LABELS: Record<SearchMatch['field'], MessageDescriptor> = {
  title: msg`Title`,
  category: msg`Category`,
  tags: msg`Tags`,
  summary: msg`Summary`,
  content: msg`Content`,
  attachment: msg`File`,
  translation: msg`Translation`,
};

/** Under an SOP's title in a search answer: why it matched, and in which file. */
export function MatchSnippet({ match }: { match: SearchMatch | undefined }) {
  // A title hit is the title itself: nothing more to show.
  if (!match || match.field === 'title') return null;
  return (
    <div className="mt-1 text-xs font-normal text-muted-foreground" data-testid="search-match">
      {match.field === 'attachment' && match.attachmentName ? (
        <span className="mb-0.5 flex items-center gap-1 font-medium text-foreground/80" data-testid="search-match-file">
          <FileText className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate">{match.attachmentName}</span>
        </span>
      ) : (
        <span className="sr-only">{i18n._(FIELD_LABELS[match.field])}: </span>
      )}
      <span className="line-clamp-3 wrap-anywhere">
        {snippetParts(match.snippet, match.highlights).map((part) => (
          <Fragment key={part.at}>{part.marked ? <mark className="rounded-sm bg-amber-200/80 px-0.5 text-foreground">{part.text}</mark> : part.text}</Fragment>
        ))}
      </span>
    </div>
  );
}
