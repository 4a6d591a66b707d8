/**
 * The comparisons of a version comparison, as pure functions: the files matched, the SOP's
 * content word by word, and the extracted text of a changed file page by page. They run on the request
 * thread, so every diff is bounded: jsdiff gives up after `timeout` ms or `maxEditLength`
 * edits, and one comparison spends at most COMPARE_BUDGET_MS on all its pages together.
 */
import { type Change, diffLines, diffWords, diffWordsWithSpace } from 'diff';
import type { DiffOp, DiffPart, FileComparison, FileTextComparison, PageChanges } from '../../../../common/contracts/review-loop';
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

export type FileRow = { id: number; versionId: number; originalName: string; mimeType: string; sha256: string | null; size: number };
export type Pair = { status: FileComparison['status']; from: FileRow | null; to: FileRow | null };

/** Same bytes, same file: the checksum decides (a legacy record without one is matched by name and size). */
const fileKey = (f: FileRow) => f.sha256 ?? `legacy:${f.originalName}:${f.size}`;

/**
 * Each file of `to` with its file in `from`: the same bytes first, then the same name, then,
 * when one file of a kind was replaced by one file of that kind, those two. Answers the files
 * of `to` in their order, then the files of `from` left over.
 */
export function matchFiles(fromFiles: FileRow[], toFiles: FileRow[]): Pair[] {
  const left = new Set(fromFiles);
  const take = (f: FileRow | undefined) => {
    if (f) left.delete(f);
    return f ?? null;
  };
  const match = new Map<FileRow, Pair>();
  for (const f of toFiles) {
    const same = take([...left].find((o) => fileKey(o) === fileKey(f)));
    if (same) match.set(f, { status: 'unchanged', from: same, to: f });
  }
  for (const f of toFiles.filter((t) => !match.has(t))) {
    const named = take([...left].find((o) => o.originalName === f.originalName));
    if (named) match.set(f, { status: 'changed', from: named, to: f });
  }
  const unmatched = toFiles.filter((t) => !match.has(t));
  for (const f of unmatched) {
    const sameKind = [...left].filter((o) => o.mimeType === f.mimeType);
    const replaced = unmatched.filter((t) => t.mimeType === f.mimeType);
    if (sameKind.length === 1 && replaced.length === 1) match.set(f, { status: 'changed', from: take(sameKind[0]), to: f });
  }
  return [
    ...toFiles.map((f) => match.get(f) ?? { status: 'added' as const, from: null, to: f }),
    ...[...left].map((f) => ({ status: 'removed' as const, from: f, to: null })),
  ];
}
