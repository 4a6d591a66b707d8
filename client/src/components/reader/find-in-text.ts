import { msg } from '@lingui/core/macro';
import { i18n } from '@/lib/i18n';
/**
 * Find in a Word or text file, over its text given as pieces in reading order (the text nodes
 * on screen). Case and runs of white space are ignored; a match may run across pieces, so a
 * phrase broken over two lines or two styles is still found. (A PDF's find is pdf.js's own.)
 */

export interface FindMatch {
  /** The match's first and last piece, and where it starts in the first and ends in the last (end exclusive). */
  start: { piece: number; offset: number };
  end: { piece: number; offset: number };
}

/** Matches past this many are not counted: the box says '1000+'. */
export const MAX_MATCHES = 1000;

const normalise = (text: string) => text.toLocaleLowerCase();

/**
 * The part's text as one string, white space runs as one space, and for each character of
 * that string the piece and offset it came from.
 */
function flatten(pieces: string[]) {
  let text = '';
  const origin: { piece: number; offset: number }[] = [];
  const push = (char: string, piece: number, offset: number) => {
    const space = /\s/.test(char);
    if (space && (text.length === 0 || text.endsWith(' '))) return;
    text += space ? ' ' : normalise(char);
    origin.push({ piece, offset });
  };
  pieces.forEach((piece, p) => {
    // Pieces meet with a space unless one already ends or starts with one (a new line of text).
    if (p > 0) push(' ', p, 0);
    for (let i = 0; i < piece.length; i += 1) push(piece[i], p, i);
  });
  return { text, origin };
}

/** The query as searched: trimmed, white space runs as one space, lower case; '' finds nothing. */
export const queryOf = (query: string) => normalise(query.trim().replace(/\s+/g, ' '));

export function findMatches(pieces: string[], query: string, limit = MAX_MATCHES): FindMatch[] {
  const needle = queryOf(query);
  if (!needle) return [];
  const matches: FindMatch[] = [];
  const { text, origin } = flatten(pieces);
  for (let at = text.indexOf(needle); at >= 0 && matches.length < limit; at = text.indexOf(needle, at + needle.length)) {
    const first = origin[at];
    const last = origin[at + needle.length - 1];
    matches.push({ start: { piece: first.piece, offset: first.offset }, end: { piece: last.piece, offset: last.offset + 1 } });
  }
  return matches;
}

/** The match after (or before) the current one, wrapping round at the ends. */
export function stepMatch(current: number, count: number, direction: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}

/** 'No matches', '3 of 12', or '1 of 1000+' when the limit was reached. */
export function matchCountText(current: number, count: number, limit = MAX_MATCHES): string {
  if (count === 0) return i18n._(msg`No matches`);
  const position = current + 1;
  return count >= limit ? i18n._(msg`${position} of ${count}+`) : i18n._(msg`${position} of ${count}`);
}
