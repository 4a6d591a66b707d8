import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ChevronDown, Download, FileWarning, Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useMediaQuery } from '@/hooks/use-media-query';
import { MAX_MATCHES, matchCountText, stepMatch } from './find-in-text';
import { type PdfFind, PdfView } from './pdf-view';
import { NARROW, type PdfMatches } from './use-pdf-viewer';
import { type ReaderDocument, readerKindOf } from './reader-document';
import { HtmlView, ImageView, TextView } from './text-views';
import { Trans, useLingui } from '@lingui/react/macro';
import './reader.css';

/** Typing pauses this long before the document is searched. */
const FIND_DELAY_MS = 250;
/** A touch screen or a phone's width: the on-screen keyboard would cover the document. */
const TOUCH_OR_NARROW = `(pointer: coarse), ${NARROW}`;

interface Props {
  document: ReaderDocument;
  onClose: () => void;
  onOpened?: (document: ReaderDocument) => void;
}

/**
 * The reader: a dialog over the whole screen (a large window on a desktop) with the document's
 * title and Download, find in document, and the document in the view its type needs. Esc
 * closes it and focus returns to the control that opened it.
 */
export default function DocumentReader({ document, onClose, onOpened }: Props) {
  const touchOrNarrow = useMediaQuery(TOUCH_OR_NARROW, false);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        aria-describedby={undefined}
        // A field given focus on a phone or tablet brings up the keyboard over half the page: there the reader itself takes focus.
        onOpenAutoFocus={(event) => {
          if (!touchOrNarrow) return;
          event.preventDefault();
          if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
        }}
        className="top-0 left-0 flex h-dvh max-h-none w-screen max-w-none translate-x-0 translate-y-0 flex-col gap-0 overflow-hidden rounded-none border-0 p-0 sm:max-w-none lg:top-4 lg:left-1/2 lg:h-[calc(100dvh-2rem)] lg:w-[min(1100px,calc(100vw-2rem))] lg:-translate-x-1/2 lg:rounded-lg lg:border"
      >
        <ReaderBody key={document.fileUrl} document={document} onOpened={onOpened} />
      </DialogContent>
    </Dialog>
  );
}

/** The title with Download, find in document, and the document. */
function ReaderBody({ document, onOpened }: Omit<Props, 'onClose'>) {
  const kind = readerKindOf(document.mimeType, document.htmlUrl !== undefined);
  const { t } = useLingui();
  const name = document.name;
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [count, setCount] = useState(0);
  const [current, setCurrent] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const findBox = useRef<HTMLInputElement>(null);
  // On a phone the find bar waits behind its button; once opened it stays until closed.
  const narrow = useMediaQuery(NARROW, false);
  const [findOpened, setFindOpened] = useState(false);
  const findShown = !narrow || findOpened;
  const findId = useId();
  const openFind = () => {
    flushSync(() => setFindOpened(true));
    findBox.current?.focus();
    findBox.current?.select();
  };

  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed), FIND_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const onMatches = useCallback((found: number) => {
    setCount(found);
    setCurrent(found > 0 ? 0 : -1);
  }, []);
  // A PDF's find controller keeps its own place among the matches, and counts them all.
  const pdfFind = useRef<PdfFind>(null);
  const onPdfMatches = useCallback(({ current, total }: PdfMatches) => {
    setCount(total);
    setCurrent(current - 1);
  }, []);

  // Once per opening, however often the view redraws.
  const opened = useRef(false);
  const onShown = useCallback(() => {
    if (opened.current) return;
    opened.current = true;
    onOpened?.(document);
  }, [document, onOpened]);

  const step = (direction: 1 | -1) => (kind === 'pdf' ? pdfFind.current?.step(direction) : setCurrent((at) => stepMatch(at, count, direction)));
  const searchable = kind !== 'image' && kind !== null && !error;

  // Ctrl+F (Cmd+F) looks in the document, not in the page behind the reader.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f' && searchable) {
        event.preventDefault();
        openFind();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const header = (
    <header className="flex items-center gap-2 border-b px-4 py-2.5 pr-12 max-sm:py-1.5 max-sm:pr-11 max-sm:pl-3">
      <div className="min-w-0 flex-1">
        <DialogTitle className="truncate text-base text-navy">{document.title}</DialogTitle>
        {document.name !== document.title && <p className="truncate text-xs text-muted-foreground">{document.name}</p>}
      </div>
      {narrow && searchable && (
        <Button
          variant={findOpened ? 'secondary' : 'ghost'}
          size="icon"
          aria-label={t`Find in document`}
          aria-expanded={findOpened}
          aria-controls={findId}
          onClick={() => (findOpened ? setFindOpened(false) : openFind())}
        >
          <Search aria-hidden="true" />
        </Button>
      )}
      <Button asChild variant="outline" size="sm">
        <a href={document.fileUrl} download={document.name} aria-label={t`Download ${name}`}>
          <Download aria-hidden="true" />{' '}
          <span className="hidden sm:inline">
            <Trans>Download</Trans>
          </span>
        </a>
      </Button>
    </header>
  );
  if (!kind) {
    return (
      <>
        {header}
        <Problem text={t`This kind of file cannot be shown in the reader. Use Download to open it.`} />
      </>
    );
  }
  const viewProps = { name: document.name, onShown, onError: setError };
  const findProps = { query, current, onMatches };
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {header}
      {searchable && findShown && (
        <search id={findId} className="flex items-center gap-1.5 border-b px-3 py-1.5">
          <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <Input
            ref={findBox}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              // A search not yet run (typing pause) runs now; after that Enter steps through the matches.
              if (typed !== query) setQuery(typed);
              else step(event.shiftKey ? -1 : 1);
            }}
            placeholder={t`Find in document`}
            aria-label={t`Find in document`}
            className="h-8 min-w-0 flex-1 sm:max-w-xs"
          />
          <output className="min-w-20 text-center text-xs whitespace-nowrap text-muted-foreground tabular-nums" aria-live="polite" data-testid="match-count">
            {query.trim() ? matchCountText(current, count, kind === 'pdf' ? Number.POSITIVE_INFINITY : MAX_MATCHES) : ''}
          </output>
          <Button variant="ghost" size="icon" aria-label={t`Previous match`} disabled={count === 0} onClick={() => step(-1)}>
            <ChevronDown className="rotate-180" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={t`Next match`} disabled={count === 0} onClick={() => step(1)}>
            <ChevronDown />
          </Button>
        </search>
      )}
      {error ? (
        <Problem text={error} />
      ) : kind === 'pdf' ? (
        <PdfView url={document.fileUrl} {...viewProps} query={query} finder={pdfFind} onMatches={onPdfMatches} />
      ) : kind === 'html' ? (
        <HtmlView url={document.htmlUrl ?? ''} {...viewProps} {...findProps} />
      ) : kind === 'text' ? (
        <TextView url={document.fileUrl} {...viewProps} {...findProps} />
      ) : (
        <ImageView url={document.fileUrl} {...viewProps} />
      )}
    </div>
  );
}

function Problem({ text }: { text: string }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center" role="alert">
      <FileWarning className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="max-w-sm text-sm">{text}</p>
    </div>
  );
}
