import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy, TextLayer } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/spinner';
import { findMatches, type FindMatch } from './find-in-text';
import { clearHighlights, rangeOf, showHighlights } from './highlights';
import { fetchDocument } from './fetch-document';
import { fitWidthPercent, percentOf, scaleOf, type Zoom, zoomIn, zoomOut } from './zoom';

// The worker is a file of the app itself (served, and kept offline, with the rest of the build).
GlobalWorkerOptions.workerSrc = workerUrl;

interface PageSize {
  width: number;
  height: number;
}

/** Pages this far above or below the reading area are drawn ahead, so scrolling meets drawn pages. */
const DRAW_AHEAD = '150% 0px';

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
  /** Each drawn page's text layer pieces, for find marks. */
  const textNodes = useRef(new Map<number, (Node | null)[]>());
  const [textLayers, setTextLayers] = useState(0);

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

  // Find: the text of every page, read once on the first search.
  const pageTexts = useRef<string[][] | null>(null);
  const [matches, setMatches] = useState<FindMatch[]>([]);
  useEffect(() => {
    if (!pdf) return;
    let cancelled = false;
    (async () => {
      if (query.trim() && !pageTexts.current) {
        const texts: string[][] = [];
        for (let n = 1; n <= pdf.numPages; n += 1) {
          const content = await (await pdf.getPage(n)).getTextContent();
          texts.push(content.items.flatMap((item) => ('str' in item ? [item.str] : [])));
        }
        pageTexts.current = texts;
      }
      if (cancelled) return;
      const found = findMatches(pageTexts.current ?? [], query);
      setMatches(found);
      onMatches(found.length);
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [pdf, query, onMatches]);

  const currentMatch = matches[current];
  useEffect(() => {
    if (currentMatch) goTo(currentMatch.part + 1);
  }, [currentMatch, goTo]);

  // Marks on the pages whose text layer is drawn; redone as layers are drawn.
  // biome-ignore lint/correctness/useExhaustiveDependencies: textLayers counts the layers drawn, the moment to mark again
  useEffect(() => {
    const ranges: Range[] = [];
    let currentRange: Range | null = null;
    for (const match of matches) {
      const nodes = textNodes.current.get(match.part);
      const range = nodes ? rangeOf(match, nodes) : null;
      if (!range) continue;
      ranges.push(range);
      if (match === currentMatch) currentRange = range;
    }
    showHighlights(ranges, currentRange);
    if (currentRange) currentRange.startContainer.parentElement?.scrollIntoView({ block: 'center' });
  }, [matches, currentMatch, textLayers]);
  useEffect(() => clearHighlights, []);

  const onTextLayer = useCallback((index: number, nodes: (Node | null)[] | null) => {
    if (nodes) textNodes.current.set(index, nodes);
    else textNodes.current.delete(index);
    setTextLayers((n) => n + 1);
  }, []);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b bg-slate-50 px-3 py-1.5">
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" aria-label="Previous page" disabled={!pdf || page <= 1} onClick={() => goTo(page - 1)}>
            <ChevronDown className="rotate-180" />
          </Button>
          <Button variant="ghost" size="icon" aria-label="Next page" disabled={!pdf || page >= count} onClick={() => goTo(page + 1)}>
            <ChevronDown />
          </Button>
          <p className="text-sm tabular-nums" aria-live="polite" data-testid="page-count">
            {pdf ? `Page ${page} of ${count}` : 'Opening...'}
          </p>
        </div>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" aria-label="Zoom out" disabled={!pdf} onClick={() => setZoom(zoomOut(percent))}>
            <span aria-hidden="true" className="text-lg leading-none">
              −
            </span>
          </Button>
          <span className="w-12 text-center text-sm tabular-nums">{percent}%</span>
          <Button variant="ghost" size="icon" aria-label="Zoom in" disabled={!pdf} onClick={() => setZoom(zoomIn(percent))}>
            <span aria-hidden="true" className="text-lg leading-none">
              +
            </span>
          </Button>
          <Button
            variant={zoom.mode === 'fit-width' ? 'secondary' : 'ghost'}
            size="sm"
            aria-pressed={zoom.mode === 'fit-width'}
            disabled={!pdf}
            onClick={() => setZoom({ mode: 'fit-width' })}
          >
            Fit width
          </Button>
        </div>
      </div>
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
                pdf={pdf}
                index={i}
                size={size}
                scale={scale}
                root={scroller}
                ref={(element) => {
                  pageElements.current[i] = element;
                }}
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

interface PageProps {
  pdf: PDFDocumentProxy;
  index: number;
  size: PageSize;
  scale: number;
  root: React.RefObject<HTMLDivElement | null>;
  ref: (element: HTMLDivElement | null) => void;
  onDrawn?: () => void;
  onTextLayer: (index: number, nodes: (Node | null)[] | null) => void;
}

/** One page: an empty frame of the right size until it nears the reading area, then its drawing and text. */
function PdfPage({ pdf, index, size, scale, root, ref, onDrawn, onTextLayer }: PageProps) {
  const frame = useRef<HTMLDivElement | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const width = Math.floor(size.width * scale);
  const height = Math.floor(size.height * scale);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setNear(entry.isIntersecting), { root: root.current, rootMargin: DRAW_AHEAD });
    observer.observe(element);
    return () => observer.disconnect();
  }, [root]);

  useEffect(() => {
    if (!near || !canvas.current || !text.current) return;
    const target = canvas.current;
    const layer = text.current;
    let cancelled = false;
    let render: { cancel: () => void } | null = null;
    let textLayer: TextLayer | null = null;
    (async () => {
      const page = await pdf.getPage(index + 1);
      if (cancelled) return;
      const viewport = page.getViewport({ scale });
      // Drawn at the screen's own pixel density, so text stays sharp on a phone.
      const ratio = window.devicePixelRatio || 1;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      const task = page.render({ canvas: target, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      render = task;
      await task.promise;
      if (cancelled) return;
      onDrawn?.();
      layer.replaceChildren();
      textLayer = new TextLayer({ textContentSource: page.streamTextContent(), container: layer, viewport });
      await textLayer.render();
      if (cancelled) return;
      onTextLayer(
        index,
        textLayer.textDivs.map((div) => div.firstChild),
      );
    })().catch(() => undefined);
    return () => {
      cancelled = true;
      render?.cancel();
      textLayer?.cancel();
      onTextLayer(index, null);
    };
  }, [near, pdf, index, scale, onDrawn, onTextLayer]);

  return (
    <div
      ref={(element) => {
        frame.current = element;
        ref(element);
      }}
      className="relative shrink-0 bg-white shadow-sm"
      style={{ width, height, '--total-scale-factor': scale } as React.CSSProperties}
      data-page={index + 1}
    >
      {near && (
        <>
          <canvas ref={canvas} className="block" style={{ width, height }} />
          <div ref={text} className="reader-text-layer" />
        </>
      )}
    </div>
  );
}
