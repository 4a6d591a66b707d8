/**
 * Find-in-document marks, drawn with the CSS Custom Highlight API: the matches are ranges over
 * the text as it is (a Word file's HTML, a text file), so nothing in the document is
 * rewritten to mark them. A browser without the API still moves to each match; it only shows
 * no mark.
 */
import type { FindMatch } from './find-in-text';

const ALL = 'reader-match';
const CURRENT = 'reader-match-current';

type HighlightApi = { highlights: Map<string, unknown> };
const registry = (): HighlightApi['highlights'] | null =>
  typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight !== 'undefined' ? (CSS as unknown as HighlightApi).highlights : null;

/** Marks the ranges (the current one more strongly); no ranges clears the marks. */
export function showHighlights(ranges: Range[], current: Range | null) {
  const highlights = registry();
  if (!highlights) return;
  highlights.set(ALL, new Highlight(...ranges));
  highlights.set(CURRENT, current ? new Highlight(current) : new Highlight());
}

export function clearHighlights() {
  const highlights = registry();
  highlights?.delete(ALL);
  highlights?.delete(CURRENT);
}

/** A match as a range over text nodes: `nodes[i]` holds the text of piece i. */
export function rangeOf(match: FindMatch, nodes: (Node | null | undefined)[]): Range | null {
  const start = nodes[match.start.piece];
  const end = nodes[match.end.piece];
  if (!start || !end) return null;
  const range = document.createRange();
  try {
    range.setStart(start, Math.min(match.start.offset, start.textContent?.length ?? 0));
    range.setEnd(end, Math.min(match.end.offset, end.textContent?.length ?? 0));
  } catch {
    return null;
  }
  return range;
}

/** The text nodes under an element, in reading order: the pieces of a Word or text document. */
export function textNodesOf(root: Element): Text[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}
