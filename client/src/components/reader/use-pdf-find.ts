import { useCallback, useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { findMatches, type FindMatch } from './find-in-text';
import { clearHighlights, rangeOf, showHighlights } from './highlights';

/**
 * Find in a PDF: the text of every page, read once on the first search; the matches counted
 * (`onMatches`), the `current` one's page brought into view (`goTo`) and every match marked on
 * the pages whose text layer is drawn. Answers the callback each drawn page reports its text
 * layer's pieces to (null when the page is put away).
 */
export function usePdfFind(
  pdf: PDFDocumentProxy | null,
  query: string,
  current: number,
  onMatches: (count: number) => void,
  goTo: (page: number) => void,
): (index: number, nodes: (Node | null)[] | null) => void {
  /** Each drawn page's text layer pieces, for find marks. */
  const textNodes = useRef(new Map<number, (Node | null)[]>());
  const [textLayers, setTextLayers] = useState(0);
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

  return useCallback((index: number, nodes: (Node | null)[] | null) => {
    if (nodes) textNodes.current.set(index, nodes);
    else textNodes.current.delete(index);
    setTextLayers((n) => n + 1);
  }, []);
}
