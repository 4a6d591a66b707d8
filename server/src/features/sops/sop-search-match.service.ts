import type { z } from 'zod';
import type { SearchMatch } from '../../../../common/contracts/sops';
import type { LanguageCode } from '../../../../common/languages';

/**
 * A search answer's `match`, made from what the database found for one row (`matchSource` in
 * sop-search.service): plain text around the hit, cut at whole words, and where the matched
 * words stand in it.
 */

/** The text around a hit in a summary, content or file that the snippet is cut from. */
export const WINDOW_CHARS = 240;

/** What the database hands over for one row's match (see `matchSource`). */
export interface MatchSource {
  field: z.output<typeof SearchMatch>['field'];
  text?: string | null;
  /** `text`: from character `start` (1 for the first), WINDOW_CHARS characters, and one more when the text goes on. */
  window?: { start: number; text: string | null };
  attachmentId?: number;
  attachmentName?: string;
  language?: LanguageCode;
  terms?: string[];
  typo?: boolean;
}

const SNIPPET_CHARS = 200;
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * The first `count` characters of `text` as the database counts them (code points, not UTF-16
 * units: the same unless the text holds a character outside the BMP), and whether more follow.
 */
function firstChars(text: string, count: number): { text: string; more: boolean } {
  if (!SURROGATE.test(text)) return { text: text.slice(0, count), more: text.length > count };
  const chars = Array.from(text);
  return { text: chars.slice(0, count).join(''), more: chars.length > count };
}
/** A word of a snippet: a run of letters and digits. */
const WORD = /[\p{L}\p{N}]+/gu;

/** Edit distance, for the title words a typo found (short words, and few: a search keeps ten at most). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/**
 * Plain text around the hit with the [start, end) offsets of the words that matched: a word
 * starting with a searched word or its stem, or, for a title found through a typo, a word
 * one or two edits away.
 */
export function matchOf(source: MatchSource, words: string[]): z.output<typeof SearchMatch> {
  let snippet: string;
  if (source.window) {
    const cutStart = source.window.start > 1;
    const head = firstChars(source.window.text ?? '', WINDOW_CHARS);
    let more = head.more;
    let text = head.text.replace(/\s+/g, ' ');
    // Whole words only: the window may begin or end inside one.
    if (cutStart) text = text.replace(/^\S*\s/, '');
    if (text.length > SNIPPET_CHARS) {
      text = text.slice(0, SNIPPET_CHARS + 1).replace(/\s\S*$/, '');
      more = true;
    } else if (more) text = text.replace(/\s\S*$/, '');
    snippet = `${cutStart ? '… ' : ''}${text.trim()}${more ? ' …' : ''}`;
  } else {
    snippet = (source.text ?? '').replace(/\s+/g, ' ').trim();
    if (snippet.length > SNIPPET_CHARS) snippet = `${snippet.slice(0, SNIPPET_CHARS).replace(/\s\S*$/, '')} …`;
  }
  const terms = (source.terms ?? words).filter(Boolean);
  const highlights: [number, number][] = [];
  const tokens = new RegExp(WORD);
  for (let token = tokens.exec(snippet); token; token = tokens.exec(snippet)) {
    const word = token[0].toLowerCase();
    const exact = terms.some((t) => word.startsWith(t));
    const near = source.typo === true && words.some((w) => w.length >= 4 && editDistance(word, w) <= 2);
    if (exact || near) highlights.push([token.index, token.index + token[0].length]);
  }
  return {
    field: source.field,
    attachmentId: source.attachmentId ?? null,
    attachmentName: source.attachmentName ?? null,
    ...(source.language ? { language: source.language } : {}),
    snippet,
    highlights,
  };
}
