import { Fragment, type ReactNode } from 'react';
import type { DiffOp, DiffPart } from '@common/contracts/review-loop';
import type { TextRenderer } from './markdown-content';
import { Trans } from '@lingui/react/macro';

/** An inserted or deleted run: green and underlined, or red and struck, with its word for a screen reader. */
export function Mark({ op, children }: { op: Exclude<DiffOp, 'equal'>; children: ReactNode }) {
  if (op === 'insert')
    return (
      <ins className="rounded-sm bg-emerald-100 px-0.5 text-emerald-950 decoration-emerald-600 underline-offset-2" data-op="insert">
        <span className="sr-only">
          <Trans>Added:</Trans>{' '}
        </span>
        {children}
      </ins>
    );
  return (
    <del className="rounded-sm bg-rose-100 px-0.5 text-rose-950 decoration-rose-600" data-op="delete">
      <span className="sr-only">
        <Trans>Removed:</Trans>{' '}
      </span>
      {children}
    </del>
  );
}

/** Parts of a comparison as text with their insertions and deletions marked (a file's page). */
export function DiffText({ parts }: { parts: DiffPart[] }) {
  // Keyed by where each part starts in the two texts together: parts never move.
  let at = 0;
  return parts.map((part) => {
    const key = `${part.op}${at}`;
    at += part.text.length;
    if (part.op === 'equal') return <span key={key}>{part.text}</span>;
    const [lead, core, trail] = edges(part.text);
    return (
      <Fragment key={key}>
        {lead}
        {core && <Mark op={part.op}>{core}</Mark>}
        {trail}
      </Fragment>
    );
  });
}

/** A run's leading spaces, its words, its trailing spaces: a mark covers the words only. */
function edges(text: string): [string, string, string] {
  const [, lead = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? [];
  return [lead, core, trail];
}

// Characters of Unicode's private use area open and close a marked run inside the merged Markdown.
const OPEN = { insert: '\ue000', delete: '\ue002' } as const;
const CLOSE = { insert: '\ue001', delete: '\ue003' } as const;
const SENTINELS = /[\ue000-\ue003]/g;
/** What starts a line's block: a heading's hashes, a bullet (and its box), a number. Kept outside the marks so the block is still read. */
const BLOCK_START = /^\s*(?:#{1,3}\s+|[-*]\s+(?:\[[ xX]\]\s+)?|\d+\.\s+)?/;

/**
 * One Markdown text holding both versions: kept parts as they are, inserted and deleted
 * parts between marks, line by line (a mark never spans a line, and a line's block start
 * stays in front of its mark), so the content renders as Markdown with its changes marked.
 */
export function mergedMarkdown(parts: DiffPart[]): string {
  let merged = '';
  let lineStart = true;
  for (const part of parts) {
    const text = part.text.replace(SENTINELS, '');
    if (part.op === 'equal') {
      merged += text;
      if (text) lineStart = text.endsWith('\n');
      continue;
    }
    const { op } = part;
    text.split('\n').forEach((piece, i, pieces) => {
      if (piece.trim()) {
        const start = lineStart ? (BLOCK_START.exec(piece)?.[0] ?? '') : '';
        const [lead, core, trail] = edges(piece.slice(start.length));
        merged += `${start}${lead}${OPEN[op]}${core}${CLOSE[op]}${trail}`;
        lineStart = false;
      } else merged += piece;
      if (i < pieces.length - 1) {
        merged += '\n';
        lineStart = true;
      }
    });
  }
  return merged;
}

/**
 * A renderer for MarkdownContent that turns the marks of mergedMarkdown into <ins> and <del>.
 * It keeps whether a mark is open from one run of text to the next (bold inside a marked run),
 * so make a new one for each render.
 */
export function markedText(): TextRenderer {
  let open: 'insert' | 'delete' | null = null;
  return (text) => {
    const nodes: ReactNode[] = [];
    for (const [i, piece] of text.split(/([\ue000-\ue003])/).entries()) {
      if (piece === OPEN.insert) open = 'insert';
      else if (piece === OPEN.delete) open = 'delete';
      else if (piece === CLOSE.insert || piece === CLOSE.delete) open = null;
      else if (piece)
        nodes.push(
          open ? (
            <Mark key={i} op={open}>
              {piece}
            </Mark>
          ) : (
            piece
          ),
        );
    }
    return nodes;
  };
}
