import type { FileComparison, FileTextComparison } from '@common/contracts/review-loop';
import { MAX_EXTRACTED_TEXT_CHARS } from '@common/text-status';
import { fileKindOf, formatNumber } from '@/lib/labels';
import { cn } from '@/lib/utils';
import { DiffText } from './diff-marks';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

const STATUS = {
  changed: { label: msg`Changed`, className: 'bg-amber-100 text-amber-900' },
  added: { label: msg`Added`, className: 'bg-emerald-100 text-emerald-900' },
  removed: { label: msg`Removed`, className: 'bg-rose-100 text-rose-900' },
  unchanged: { label: msg`Unchanged`, className: 'bg-slate-100 text-slate-700' },
} as const;

const STATE_TEXT: Record<Exclude<FileTextComparison['state'], 'ready'>, MessageDescriptor> = {
  pending: msg`Its text is still being read: compare again in a minute to see the words that changed.`,
  failed: msg`Its text could not be read, so its words are not compared.`,
  not_text: msg`Only the text of PDF, Word and text files of the same kind is compared.`,
};

/** 'Page 3:', before the words that changed on that page. */
function PageLabel({ number }: { number: number }) {
  return <Trans>Page {number}:</Trans>;
}

/** Why a file's text is compared as one text, when it is. */
function wholeNote(file: FileComparison, text: FileTextComparison): string | null {
  if (text.by === 'pages') return null;
  const kind = fileKindOf(file.to?.mimeType ?? '');
  if (kind === 'Word') return t`Word files are compared as one text.`;
  if (kind === 'PDF') return t`Compared as one text: the pages of this PDF are still being read again.`;
  return null;
}

function TextChanges({ file, text }: { file: FileComparison; text: FileTextComparison }) {
  const { i18n } = useLingui();
  if (text.state !== 'ready') return <p className="text-muted-foreground">{i18n._(STATE_TEXT[text.state])}</p>;
  const unchanged = text.unchangedPages;
  const limit = formatNumber(MAX_EXTRACTED_TEXT_CHARS);
  const note = wholeNote(file, text);
  return (
    <div className="space-y-2">
      {note && <p className="text-xs text-muted-foreground">{note}</p>}
      {text.changedPages.length === 0 && (
        <p className="text-muted-foreground">
          <Trans>The text is the same; only the file changed.</Trans>
        </p>
      )}
      {text.changedPages.map((page) => (
        <p key={page.number} className="rounded-md bg-muted/40 px-3 py-2 leading-relaxed break-words whitespace-pre-line" data-testid="page-changes">
          <span className="font-medium text-navy">{text.by === 'pages' ? <PageLabel number={page.number} /> : <Trans>Text:</Trans>} </span>
          {page.tooDifferent ? (
            <span className="text-muted-foreground">
              <Trans>too different to show word by word.</Trans>
            </span>
          ) : (
            <DiffText parts={page.ops} />
          )}
        </p>
      ))}
      {text.by === 'pages' && text.unchangedPages > 0 && (
        <p className="text-xs text-muted-foreground">
          {text.changedPages.length === 0 ? (
            <Plural value={unchanged} one="All # page unchanged." other="All # pages unchanged." />
          ) : (
            <Plural value={unchanged} one="# page unchanged." other="# pages unchanged." />
          )}
        </p>
      )}
      {text.truncated && (
        <p className="text-xs text-muted-foreground">
          <Trans>Only the first {limit} characters of the text are compared.</Trans>
        </p>
      )}
    </div>
  );
}

/** Each file of the two versions: unchanged, added, removed, or changed with the words that changed, page by page. */
export function FileChanges({ files }: { files: FileComparison[] }) {
  const { i18n } = useLingui();
  if (files.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No files in either version.</Trans>
      </p>
    );
  return (
    <ul className="space-y-3 text-sm" data-testid="file-changes">
      {files.map((file) => {
        const status = STATUS[file.status];
        const renamed = file.from && file.to && file.from.originalName !== file.to.originalName;
        return (
          <li key={`${file.from?.id}-${file.to?.id}`} className="space-y-2 rounded-md border p-3" data-testid="file-change">
            <div className="flex flex-wrap items-center gap-2">
              <span className={cn('rounded px-1.5 py-0.5 text-xs font-medium', status.className)}>{i18n._(status.label)}</span>
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
