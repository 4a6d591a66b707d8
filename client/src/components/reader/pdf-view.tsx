import { useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { Spinner } from '@/components/spinner';
import { useMediaQuery } from '@/hooks/use-media-query';
import { PdfOutline } from './pdf-outline';
import { PdfToolbar } from './pdf-toolbar';
import { FIT_WIDTH, NARROW, type PdfMatches, usePdfViewer } from './use-pdf-viewer';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import 'pdfjs-dist/web/pdf_viewer.css';

/** Find in a PDF, driven by the reader's find bar: the next or previous match. */
export interface PdfFind {
  step: (direction: 1 | -1) => void;
}

interface Props {
  url: string;
  name: string;
  /** What the find bar asks for (after a pause in typing); '' finds nothing. */
  query: string;
  finder: React.Ref<PdfFind>;
  onMatches: (matches: PdfMatches) => void;
  onShown: () => void;
  onError: (message: string) => void;
}

/** From this width the outline sits beside the pages; below it, it opens over them. */
const SIDE_BY_SIDE = '(min-width: 768px)';
/** From this width the outline is open from the start; a tablet keeps the width for the pages until asked. */
const ROOMY = '(min-width: 1024px)';

/**
 * A PDF in pdf.js's viewer: the toolbar, the outline list when the document has one, and the
 * pages, which the keyboard reaches (PageUp/PageDown turn pages, Home and End go to the first
 * and last).
 */
export function PdfView({ url, name, query, finder, onMatches, onShown, onError }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const { state, parts } = usePdfViewer({ url, container, onShown, onError, onMatches });
  const wide = useMediaQuery(SIDE_BY_SIDE);
  const roomy = useMediaQuery(ROOMY);
  const narrow = useMediaQuery(NARROW, false);
  const [outlineChosen, setOutlineChosen] = useState<boolean | null>(null);
  const outlineOpen = outlineChosen ?? roomy;
  const outlineId = useId();
  const { t } = useLingui();

  // The find controller looks from the page being read; the reader already waited for a pause in typing.
  const find = (findPrevious: boolean) =>
    parts.current?.eventBus.dispatch('find', {
      source: null,
      type: 'again',
      query,
      caseSensitive: false,
      entireWord: false,
      highlightAll: true,
      findPrevious,
      matchDiacritics: false,
    });
  const ready = state !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query (or the document's arrival) is the moment to search
  useEffect(() => {
    if (ready) find(false);
  }, [query, ready]);
  useImperativeHandle(finder, () => ({ step: (direction) => find(direction === -1) }));

  const viewer = () => parts.current?.viewer;
  const goTo = (page: number) => {
    const v = viewer();
    if (v && page >= 1 && page <= v.pagesCount) v.currentPageNumber = page;
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    const v = viewer();
    if (!v || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves: Record<string, () => void> = {
      PageDown: () => v.nextPage(),
      PageUp: () => v.previousPage(),
      Home: () => goTo(1),
      End: () => goTo(v.pagesCount),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  const count = state?.pages ?? 0;
  const label = state ? plural(count, { one: `${name}, # page`, other: `${name}, # pages` }) : t`${name}, opening`;
  const hasOutline = (state?.outline.length ?? 0) > 0;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PdfToolbar
        state={state}
        narrow={narrow}
        outline={{ open: outlineOpen, id: outlineId, onToggle: () => setOutlineChosen(!outlineOpen) }}
        onPrevious={() => viewer()?.previousPage()}
        onNext={() => viewer()?.nextPage()}
        onZoomIn={() => viewer()?.increaseScale()}
        onZoomOut={() => viewer()?.decreaseScale()}
        onFitWidth={() => {
          const v = viewer();
          if (v) v.currentScaleValue = FIT_WIDTH;
        }}
      />
      <div className="relative flex min-h-0 flex-1">
        {hasOutline && outlineOpen && (
          <PdfOutline
            id={outlineId}
            entries={state!.outline}
            onGo={(dest) => {
              void parts.current?.linkService.goToDestination(dest);
              if (!wide) setOutlineChosen(false);
            }}
            className="absolute inset-x-0 top-0 z-10 max-h-[70%] border-b shadow-md md:static md:max-h-none md:w-64 md:shrink-0 md:border-r md:border-b-0 md:shadow-none"
          />
        )}
        <div className="relative min-w-0 flex-1 bg-slate-200">
          {/* biome-ignore lint/a11y/useSemanticElements: pdf.js asks for an absolutely positioned div that scrolls, with the pages' div inside */}
          <div
            ref={container}
            role="region"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the pages scroll here; the keyboard must reach them (PageUp/PageDown turn pages)
            tabIndex={0}
            aria-label={label}
            className="reader-pages peer absolute inset-0 overflow-auto outline-none"
            onKeyDown={onKeyDown}
          >
            <div className="pdfViewer" />
          </div>
          {/* The pages' focus ring, over them: the scrolling area's own ring would be drawn under the pages. */}
          <div
            aria-hidden="true"
            data-testid="pages-focus-ring"
            className="pointer-events-none absolute inset-0 hidden ring-2 ring-ring ring-inset peer-focus-visible:block"
          />
          {!state && (
            <div className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-muted-foreground">
              <Spinner className="size-5" label={t`Opening the document`} /> <Trans>Opening the document...</Trans>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
