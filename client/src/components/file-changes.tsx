import type { FileComparison, FileTextComparison } from '@common/contracts/review-loop';
import { MAX_EXTRACTED_TEXT_CHARS } from '@common/text-status';
import { fileKindOf } from '@/lib/labels';
import { cn } from '@/lib/utils';
import { DiffText } from './diff-marks';

const STATUS = {
  changed: { label: 'Changed', className: 'bg-amber-100 text-amber-900' },
  added: { label: 'Added', className: 'bg-emerald-100 text-emerald-900' },
  removed: { label: 'Removed', className: 'bg-rose-100 text-rose-900' },
  unchanged: { label: 'Unchanged', className: 'bg-slate-100 text-slate-700' },
} as const;

const STATE_TEXT: Record<Exclude<FileTextComparison['state'], 'ready'>, string> = {
  pending: 'Its text is still being read: compare again in a minute to see the words that changed.',
  failed: 'Its text could not be read, so its words are not compared.',
  not_text: 'Only the text of PDF, Word and text files of the same kind is compared.',
};

const pages = (n: number) => (n === 1 ? '1 page' : `${n} pages`);

/** Why a file's text is compared as one text, when it is. */
function wholeNote(file: FileComparison, text: FileTextComparison): string | null {
  if (text.by === 'pages') return null;
  const kind = fileKindOf(file.to?.mimeType ?? '');
  if (kind === 'Word') return 'Word files are compared as one text.';
  if (kind === 'PDF') return 'Compared as one text: the pages of this PDF are still being read again.';
  return null;
}

function TextChanges({ file, text }: { file: FileComparison; text: FileTextComparison }) {
  if (text.state !== 'ready') return <p className="text-muted-foreground">{STATE_TEXT[text.state]}</p>;
  const note = wholeNote(file, text);
  return (
    <div className="space-y-2">
      {note && <p className="text-xs text-muted-foreground">{note}</p>}
      {text.changedPages.length === 0 && <p className="text-muted-foreground">The text is the same; only the file changed.</p>}
      {text.changedPages.map((page) => (
        <p key={page.number} className="rounded-md bg-muted/40 px-3 py-2 leading-relaxed break-words whitespace-pre-line" data-testid="page-changes">
          <span className="font-medium text-navy">{text.by === 'pages' ? `Page ${page.number}: ` : 'Text: '}</span>
          {page.tooDifferent ? <span className="text-muted-foreground">too different to show word by word.</span> : <DiffText parts={page.ops} />}
        </p>
      ))}
      {text.by === 'pages' && text.unchangedPages > 0 && (
        <p className="text-xs text-muted-foreground">
          {text.changedPages.length === 0 ? `All ${pages(text.unchangedPages)} unchanged.` : `${pages(text.unchangedPages)} unchanged.`}
        </p>
      )}
      {text.truncated && (
        <p className="text-xs text-muted-foreground">Only the first {MAX_EXTRACTED_TEXT_CHARS.toLocaleString()} characters of the text are compared.</p>
      )}
    </div>
  );
}

/** Each file of the two versions: unchanged, added, removed, or changed with the words that changed, page by page. */
export function FileChanges({ files }: { files: FileComparison[] }) {
  if (files.length === 0) return <p className="text-sm text-muted-foreground">No files in either version.</p>;
  return (
    <ul className="space-y-3 text-sm" data-testid="file-changes">
      {files.map((file) => {
        const status = STATUS[file.status];
        const renamed = file.from && file.to && file.from.originalName !== file.to.originalName;
        return (
          <li key={`${file.from?.id}-${file.to?.id}`} className="space-y-2 rounded-md border p-3" data-testid="file-change">
            <div className="flex flex-wrap items-center gap-2">
              <span className={cn('rounded px-1.5 py-0.5 text-xs font-medium', status.className)}>{status.label}</span>
              <span className="min-w-0 font-medium break-words [overflow-wrap:anywhere]">
                {renamed ? `${file.from?.originalName} → ${file.to?.originalName}` : (file.to ?? file.from)?.originalName}
              </span>
            </div>
            {file.text && <TextChanges file={file} text={file.text} />}
          </li>
        );
      })}
    </ul>
  );
}
