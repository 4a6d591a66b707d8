import type { PDFDocumentProxy } from 'pdfjs-dist';
import { cn } from '@/lib/utils';
import { Trans, useLingui } from '@lingui/react/macro';

/** One entry of a PDF's outline (its bookmarks): where it goes, and the entries under it. */
export interface OutlineEntry {
  title: string;
  /** A place in the document (pdf.js's explicit or named destination), or null. */
  dest: string | unknown[] | null;
  /** An address outside the document, already checked by pdf.js (http, https, mailto...), or null. */
  url: string | null;
  items: OutlineEntry[];
}

type PdfOutlineItems = Awaited<ReturnType<PDFDocumentProxy['getOutline']>>;

/** The outline as the side list shows it; a document without one has none. */
export function outlineOf(items: PdfOutlineItems | null | undefined): OutlineEntry[] {
  return (items ?? []).map((item) => ({ title: item.title, dest: item.dest, url: item.url, items: outlineOf(item.items) }));
}

interface Props {
  id: string;
  entries: OutlineEntry[];
  onGo: (dest: string | unknown[]) => void;
  className?: string;
}

/** The document's outline, beside the pages (over them on a phone): an entry goes to its place. */
export function PdfOutline({ id, entries, onGo, className }: Props) {
  const { t } = useLingui();
  return (
    <nav id={id} aria-label={t`Contents`} className={cn('overflow-auto bg-white p-2', className)}>
      <h2 className="px-2 pt-1 pb-2 text-xs font-semibold text-muted-foreground uppercase">
        <Trans>Contents</Trans>
      </h2>
      <Entries entries={entries} onGo={onGo} />
    </nav>
  );
}

const ENTRY = 'block w-full rounded px-2 py-1.5 text-left text-sm break-words';

function Entries({ entries, onGo }: Pick<Props, 'entries' | 'onGo'>) {
  return (
    <ul className="space-y-0.5">
      {entries.map((entry, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an outline entry is its place in the outline (titles may repeat)
        <li key={i}>
          {entry.dest ? (
            <button
              type="button"
              className={cn(ENTRY, 'text-navy hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none')}
              onClick={() => onGo(entry.dest!)}
            >
              {entry.title}
            </button>
          ) : entry.url ? (
            <a href={entry.url} target="_blank" rel="noopener noreferrer nofollow" className={cn(ENTRY, 'text-[#0b5cab] underline')}>
              {entry.title}
            </a>
          ) : (
            <span className={cn(ENTRY, 'text-muted-foreground')}>{entry.title}</span>
          )}
          {entry.items.length > 0 && (
            <div className="pl-3">
              <Entries entries={entry.items} onGo={onGo} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
