import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { Spinner } from '@/components/spinner';
import { fetchDocument } from './fetch-document';
import { type PageSize, PdfPage } from './pdf-page';
import { PdfToolbar } from './pdf-toolbar';
import { usePdfFind } from './use-pdf-find';
import { fitWidthPercent, percentOf, scaleOf, type Zoom } from './zoom';

// The worker is a file of the app itself (served, and kept offline, with the rest of the build).
GlobalWorkerOptions.workerSrc = workerUrl;

interface Props {
  url: string;
  name: string;
  query: string;
  current: number;
  onMatches: (count: number) => void;
  onShown: () => void;
  onError: (message: string) => void;
}

/** A PDF, every page, drawn as it scrolls into view, with its text selectable and searchable. */
export function PdfView({ url, name, query, current, onMatches, onShown, onError }: Props) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [sizes, setSizes] = useState<PageSize[]>([]);
  const [zoom, setZoom] = useState<Zoom>({ mode: 'fit-width' });
  const [areaWidth, setAreaWidth] = useState(0);
  const [page, setPage] = useState(1);
  const scroller = useRef<HTMLDivElement>(null);
  const pageElements = useRef<(HTMLDivElement | null)[]>([]);

  useEffect(() => {
    const loading = new AbortController();
    let opened: PDFDocumentProxy | null = null;
    (async () => {
      const data = await (await fetchDocument(url, loading.signal)).arrayBuffer();
      opened = await getDocument({ data, isEvalSupported: false, enableXfa: false }).promise;
      // Every page's size up front (cheap: no page is drawn), so the scroll bar is right from the start.
      const all = await Promise.all(
        Array.from({ length: opened.numPages }, async (_, i) => {
          const viewport = (await opened!.getPage(i + 1)).getViewport({ scale: 1 });
          return { width: viewport.width, height: viewport.height };
        }),
      );
      if (loading.signal.aborted) return;
      setSizes(all);
      setPdf(opened);
    })().catch((error: unknown) => {
      if (!loading.signal.aborted) onError(error instanceof Error ? error.message : 'The document could not be opened.');
    });
    return () => {
      loading.abort();
      void opened?.destroy();
    };
  }, [url, onError]);

  useLayoutEffect(() => {
    const area = scroller.current;
    if (!area) return;
    const observer = new ResizeObserver(() => setAreaWidth(area.clientWidth));
    observer.observe(area);
    setAreaWidth(area.clientWidth);
    return () => observer.disconnect();
  }, []);

  const fit = fitWidthPercent(areaWidth, sizes[0]?.width ?? 0);
  const percent = percentOf(zoom, fit);
  const scale = scaleOf(percent);

  const goTo = useCallback((n: number) => {
    const target = pageElements.current[n - 1];
    target?.scrollIntoView({ block: 'start' });
    setPage(n);
  }, []);

  // The page shown: the last one whose top is above the upper third of the reading area.
  const onScroll = useCallback(() => {
    const area = scroller.current;
    if (!area) return;
    const line = area.getBoundingClientRect().top + area.clientHeight / 3;
    let shown = 1;
    pageElements.current.forEach((element, i) => {
      if (element && element.getBoundingClientRect().top <= line) shown = i + 1;
    });
    setPage(shown);
  }, []);

  const count = sizes.length;
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const to = event.key === 'PageDown' ? page + 1 : event.key === 'PageUp' ? page - 1 : event.key === 'Home' ? 1 : event.key === 'End' ? count : null;
    if (to === null) return;
    event.preventDefault();
    goTo(Math.min(count, Math.max(1, to)));
  };

  // Find: the matches, their marks, and the current one's page brought into view.
  const onTextLayer = usePdfFind(pdf, query, current, onMatches, goTo);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PdfToolbar ready={pdf !== null} page={page} count={count} percent={percent} zoom={zoom} onGoTo={goTo} onZoom={setZoom} />
      <section
        ref={scroller}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the pages scroll here; the keyboard must reach them (PageUp/PageDown turn pages)
        tabIndex={0}
        aria-label={`${name}, ${count ? `${count} ${count === 1 ? 'page' : 'pages'}` : 'opening'}`}
        className="min-h-0 flex-1 overflow-auto bg-slate-200 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onScroll={onScroll}
        onKeyDown={onKeyDown}
      >
        {!pdf ? (
          <div className="flex h-full items-center justify-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-5" label="Opening the document" /> Opening the document...
          </div>
        ) : (
          <div className="flex w-max min-w-full flex-col items-center gap-3 p-2">
            {sizes.map((size, i) => (
              <PdfPage
                // biome-ignore lint/suspicious/noArrayIndexKey: a page is its position in the document
                key={i}
                index={i}
                size={size}
                ref={(element) => {
                  pageElements.current[i] = element;
                }}
                pdf={pdf}
                scale={scale}
                root={scroller}
                onDrawn={i === 0 ? onShown : undefined}
                onTextLayer={onTextLayer}
              />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
