/**
 * The word-by-word comparisons of a version comparison, as pure functions: the SOP's
 * content, and the extracted text of a changed file page by page. They run on the request
 * thread, so every diff is bounded: jsdiff gives up after `timeout` ms or `maxEditLength`
 * edits, and one comparison spends at most COMPARE_BUDGET_MS on all its pages together.
 */
import { type Change, diffLines, diffWords, diffWordsWithSpace } from 'diff';
import type { DiffOp, DiffPart, FileTextComparison, PageChanges } from '../../../../common/contracts/review-loop';
import { PAGE_BREAK } from '../../../../common/text-status';

/** All the diffs of one comparison together stop after this long; a page left over is `tooDifferent`. */
export const COMPARE_BUDGET_MS = 1500;
/** One page (or one content) stops after this long, or this many edits. */
const PAGE_TIMEOUT_MS = 400;
const MAX_EDIT_LENGTH = 5000;
/** Characters of unchanged text kept either side of a change in a file's page. */
const CONTEXT_CHARS = 60;

/** When the diffs of one comparison must be done by (`Date.now()` milliseconds). */
export type Deadline = { at: number };
export const deadlineIn = (ms = COMPARE_BUDGET_MS): Deadline => ({ at: Date.now() + ms });
const timeLeft = (deadline: Deadline) => Math.min(PAGE_TIMEOUT_MS, deadline.at - Date.now());

const asParts = (changes: Change[]): DiffPart[] =>
  changes.map((change) => {
    const op: DiffOp = change.added ? 'insert' : change.removed ? 'delete' : 'equal';
    return { op, text: change.value };
  });

/**
 * The content word by word, whitespace and line breaks included, so the equal and deleted
 * parts put together give `from` and the equal and inserted ones `to`. A content too
 * different for words falls back to lines, and then to all deleted and all inserted.
 */
export function contentChanges(from: string, to: string, deadline = deadlineIn()): DiffPart[] {
  if (from === to) return from ? [{ op: 'equal', text: from }] : [];
  const limits = () => ({ timeout: Math.max(1, timeLeft(deadline)), maxEditLength: MAX_EDIT_LENGTH });
  const words = diffWordsWithSpace(from, to, limits());
  if (words) return asParts(words);
  const lines = diffLines(from, to, limits());
  if (lines) return asParts(lines);
  return [...(from ? [{ op: 'delete' as const, text: from }] : []), ...(to ? [{ op: 'insert' as const, text: to }] : [])];
}

/** A long unchanged run keeps the words next to the changes: its end before one, its start after one. */
function shorten(text: string, keepStart: boolean, keepEnd: boolean): string {
  if (text.length <= CONTEXT_CHARS * (Number(keepStart) + Number(keepEnd)) + 3) return text;
  const head = keepStart ? text.slice(0, CONTEXT_CHARS).replace(/\s+\S*$/, '') : '';
  const tail = keepEnd ? text.slice(-CONTEXT_CHARS).replace(/^\S*\s+/, '') : '';
  return `${head}${head ? ' ' : ''}…${tail ? ' ' : ''}${tail}`;
}

/** One page's words: the changes with their context, or null when the page changed too much to compare in time. */
function pageParts(from: string, to: string, deadline: Deadline): DiffPart[] | null {
  const left = timeLeft(deadline);
  if (left <= 0) return null;
  const changes = diffWords(from, to, { timeout: left, maxEditLength: MAX_EDIT_LENGTH });
  if (!changes) return null;
  const parts = asParts(changes);
  return parts.map((part, i) => (part.op === 'equal' ? { ...part, text: shorten(part.text, i > 0, i < parts.length - 1) } : part));
}

/** A PDF's stored text as its pages; a text without pages (Word, plain text, a PDF read before pages were kept) is one. */
const pagesOf = (text: string, paged: boolean) => (paged ? text.split(PAGE_BREAK) : [text.replaceAll(PAGE_BREAK, '\n')]);

export interface StoredText {
  text: string;
  truncated: boolean;
  /** The pages of a PDF; null for a text without pages. */
  pages: number | null;
}

/**
 * Two ready texts of a changed file, compared page by page when both know their pages (page
 * n with page n: a page added or removed shows as the pages after it changing), else as one text.
 */
export function compareTexts(from: StoredText, to: StoredText, deadline: Deadline): FileTextComparison {
  const paged = from.pages !== null && to.pages !== null;
  const fromPages = pagesOf(from.text, paged);
  const toPages = pagesOf(to.text, paged);
  const changedPages: PageChanges[] = [];
  let unchangedPages = 0;
  for (let i = 0; i < Math.max(fromPages.length, toPages.length); i += 1) {
    const before = fromPages[i] ?? '';
    const after = toPages[i] ?? '';
    if (before === after) {
      unchangedPages += 1;
      continue;
    }
    const ops = pageParts(before, after, deadline);
    changedPages.push({ number: i + 1, ops: ops ?? [], tooDifferent: ops === null });
  }
  return { state: 'ready', by: paged ? 'pages' : 'whole', changedPages, unchangedPages, truncated: from.truncated || to.truncated };
}
