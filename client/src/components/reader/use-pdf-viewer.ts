import { useEffect, useRef, useState } from 'react';
// pdf.js first: its viewer components read the library from the global it sets (globalThis.pdfjsLib).
import { AnnotationEditorType, AnnotationMode, getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import { EventBus, FindState, LinkTarget, PDFFindController, PDFLinkService, PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { msg } from '@lingui/core/macro';
import { useStableCallback } from '@/hooks/use-stable-callback';
import { i18n } from '@/lib/i18n';
import { fetchDocument } from './fetch-document';
import { type OutlineEntry, outlineOf } from './pdf-outline';

// The worker is a file of the app itself (served, and kept offline, with the rest of the build).
GlobalWorkerOptions.workerSrc = workerUrl;

/** The page width preset: the page as wide as the reading area (pdf.js leaves room for its border and a scroll bar). */
export const FIT_WIDTH = 'page-width';

/** Below this width the pages go without pdf.js's border (9 px each side, and 40 px kept in all when fitting), so a phone shows them as wide as it can. */
export const NARROW = '(max-width: 639px)';

/** What the reader's controls show of the open PDF. */
export interface PdfState {
  pages: number;
  page: number;
  /** The zoom as a percentage of the page's printed size. */
  percent: number;
  fitWidth: boolean;
  /** The document's outline (empty when it has none). */
  outline: OutlineEntry[];
}

/** Find: where the current match is among all of them (1-based; 0 of 0 when nothing matches). */
export interface PdfMatches {
  current: number;
  total: number;
}

interface Options {
  url: string;
  /** The scrolling area the pages are drawn in (absolutely positioned, as pdf.js requires), with the pages' element inside. */
  container: React.RefObject<HTMLDivElement | null>;
  onShown: () => void;
  onError: (message: string) => void;
  onMatches: (matches: PdfMatches) => void;
}

interface Parts {
  viewer: PDFViewer;
  linkService: PDFLinkService;
  eventBus: EventBus;
}

/**
 * A PDF in pdf.js's own viewer: its pages drawn as they come into view with their text
 * (selectable) and links, its link service for links and outline entries, its find
 * controller. The bytes come through `fetchDocument`, so the copy kept for offline reading
 * answers when there is no link. Returns the state the controls show (null while opening) and
 * the viewer's parts for the controls to drive.
 */
export function usePdfViewer({ url, container, onShown, onError, onMatches }: Options) {
  const [state, setState] = useState<PdfState | null>(null);
  const parts = useRef<Parts | null>(null);
  const shown = useStableCallback(onShown);
  const failed = useStableCallback(onError);
  const matched = useStableCallback(onMatches);

  useEffect(() => {
    const area = container.current;
    if (!area) return;
    const stop = new AbortController();
    const eventBus = new EventBus();
    const linkService = new PDFLinkService({ eventBus, externalLinkTarget: LinkTarget.BLANK, externalLinkRel: 'noopener noreferrer nofollow' });
    const findController = new PDFFindController({ eventBus, linkService });
    const viewer = new PDFViewer({
      container: area,
      eventBus,
      linkService,
      findController,
      // Links and the look of form fields, nothing to fill in or edit: the reader only reads.
      annotationMode: AnnotationMode.ENABLE,
      annotationEditorMode: AnnotationEditorType.DISABLE,
      removePageBorders: window.matchMedia?.(NARROW).matches ?? false,
    });
    linkService.setViewer(viewer);
    parts.current = { viewer, linkService, eventBus };
    const update = (change: Partial<PdfState>) => setState((now) => (now ? { ...now, ...change } : now));

    eventBus.on('pagesinit', () => {
      viewer.currentScaleValue = FIT_WIDTH;
    });
    // 'Page n' is the page pdf.js counts as read (the one most in view), except while the found
    // match is on screen: then it is the match's page, though the page before may fill more of
    // the screen once the match is scrolled to. pdf.js tells of a page it goes to before it
    // scrolls there, so where the match is is looked at once this event is over.
    eventBus.on('pagechanging', ({ pageNumber }: { pageNumber: number }) => queueMicrotask(() => update({ page: matchPageInView(area) ?? pageNumber })));
    eventBus.on('scalechanging', ({ scale, presetValue }: { scale: number; presetValue?: string }) =>
      update({ percent: Math.round(scale * 100), fitWidth: presetValue === FIT_WIDTH }),
    );
    eventBus.on('pagerendered', ({ error }: { error?: unknown }) => {
      if (!error) shown();
    });
    const followMatch = () => {
      const pageIdx = findController.selected?.pageIdx ?? -1;
      if (pageIdx >= 0) update({ page: pageIdx + 1 });
    };
    eventBus.on('updatefindmatchescount', ({ matchesCount }: { matchesCount: PdfMatches }) => {
      matched(matchesCount);
      if (matchesCount.current > 0) followMatch();
    });
    eventBus.on('updatefindcontrolstate', ({ state: found, matchesCount }: { state: number; matchesCount: PdfMatches }) => {
      if (found === FindState.PENDING) return;
      matched(matchesCount);
      if (found === FindState.FOUND || found === FindState.WRAPPED) followMatch();
    });

    // Fitted to the width, the page follows the area's width (a turned tablet, a resized window).
    const resized = new ResizeObserver(() => {
      if (viewer.currentScaleValue === FIT_WIDTH) viewer.currentScaleValue = FIT_WIDTH;
    });
    resized.observe(area);

    let loading: ReturnType<typeof getDocument> | null = null;
    (async () => {
      const data = await (await fetchDocument(url, stop.signal)).arrayBuffer();
      if (stop.signal.aborted) return;
      loading = getDocument({ data, isEvalSupported: false, enableXfa: false });
      const pdf = await loading.promise;
      if (stop.signal.aborted) return;
      setState({ pages: pdf.numPages, page: 1, percent: 100, fitWidth: true, outline: [] });
      viewer.setDocument(pdf);
      linkService.setDocument(pdf);
      const outline = outlineOf(await pdf.getOutline());
      if (!stop.signal.aborted) update({ outline });
    })().catch((error: unknown) => {
      if (!stop.signal.aborted) failed(error instanceof Error ? error.message : i18n._(msg`The document could not be opened.`));
    });

    return () => {
      stop.abort();
      resized.disconnect();
      parts.current = null;
      viewer.setDocument(null as never);
      linkService.setDocument(null);
      void loading?.destroy();
    };
  }, [url, container, shown, failed, matched]);

  return { state, parts };
}

/** The page of the found match (pdf.js marks it `.highlight.selected`) while any of it is inside the scrolling area; null otherwise. */
function matchPageInView(area: HTMLElement): number | null {
  const match = area.querySelector('.textLayer .highlight.selected');
  const page = match?.closest<HTMLElement>('.page[data-page-number]');
  if (!match || !page) return null;
  const seen = area.getBoundingClientRect();
  const at = match.getBoundingClientRect();
  const inView = at.bottom > seen.top && at.top < seen.bottom && at.right > seen.left && at.left < seen.right;
  return inView ? Number(page.dataset.pageNumber) : null;
}
