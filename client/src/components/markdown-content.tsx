import { Fragment, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'numbered'; items: string[] }
  | { kind: 'paragraph'; lines: string[] };

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^[-*]\s+(.*)$/;
const NUMBERED = /^\d+\.\s+(.*)$/;

const INLINE = /\*\*(.+?)\*\*|(?<![\w*])_(.+?)_(?![\w])/g;
const CHECK_ITEM = /^\[( |x|X)\]\s+(.*)$/;

/**
 * How a run of text becomes nodes: as itself, or (a comparison) with its insertions and
 * deletions marked. Called on every run in reading order.
 */
export type TextRenderer = (text: string) => ReactNode;
const plain: TextRenderer = (text) => text;

/** **bold** and _italic_ inside a line, as elements (the text itself stays text). */
export function inlineMarkdown(text: string, renderText: TextRenderer = plain): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  const run = (value: string, key: number) => <Fragment key={`t${key}`}>{renderText(value)}</Fragment>;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > at) parts.push(run(text.slice(at, match.index), at));
    parts.push(match[1] !== undefined ? <strong key={match.index}>{renderText(match[1])}</strong> : <em key={match.index}>{renderText(match[2])}</em>);
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(run(text.slice(at), at));
  return parts;
}

/** A bullet item; '[ ] ' or '[x] ' in front makes it a checklist item, shown with its box. */
function BulletItem({ item, renderText }: { item: string; renderText: TextRenderer }) {
  const check = CHECK_ITEM.exec(item);
  if (!check) return <li>{inlineMarkdown(item, renderText)}</li>;
  return (
    <li className="-ml-6 list-none">
      <label className="flex items-start gap-2">
        <input type="checkbox" className="mt-1" checked={check[1] !== ' '} disabled readOnly />
        <span>{inlineMarkdown(check[2], renderText)}</span>
      </label>
    </li>
  );
}

/** Splits simple markdown into blocks: #, ##, ### headings, '- ' / '* ' bullets, '1. ' lines, paragraphs. */
export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const last = () => blocks[blocks.length - 1];
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      blocks.push({ kind: 'paragraph', lines: [] });
      continue;
    }
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    const previous = last();
    if (heading) blocks.push({ kind: 'heading', level: heading[1].length as 1 | 2 | 3, text: heading[2] });
    else if (bullet) {
      if (previous?.kind === 'bullets') previous.items.push(bullet[1]);
      else blocks.push({ kind: 'bullets', items: [bullet[1]] });
    } else if (numbered) {
      if (previous?.kind === 'numbered') previous.items.push(numbered[1]);
      else blocks.push({ kind: 'numbered', items: [numbered[1]] });
    } else if (previous?.kind === 'paragraph') previous.lines.push(line);
    else blocks.push({ kind: 'paragraph', lines: [line] });
  }
  return blocks.filter((b) => b.kind !== 'paragraph' || b.lines.length > 0);
}

const HEADING_CLASS = { 1: 'text-xl font-semibold text-navy', 2: 'text-lg font-semibold text-navy', 3: 'text-base font-semibold text-navy-light' };

/**
 * Renders SOP content as React elements: text stays text, so no markup from a document ever
 * runs. `renderText` marks runs of text (a comparison); by default text is shown as it is.
 */
export function MarkdownContent({ source, renderText = plain }: { source: string; renderText?: TextRenderer }) {
  const blocks = parseMarkdown(source);
  if (blocks.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>This version has no content.</Trans>
      </p>
    );
  return (
    <div className="space-y-3 text-sm leading-relaxed" data-testid="sop-content">
      {blocks.map((block, i): ReactNode => {
        switch (block.kind) {
          case 'heading': {
            const Tag = `h${block.level + 1}` as 'h2' | 'h3' | 'h4';
            return (
              <Tag key={i} className={HEADING_CLASS[block.level]}>
                {inlineMarkdown(block.text, renderText)}
              </Tag>
            );
          }
          case 'bullets':
            return (
              <ul key={i} className="list-disc space-y-1 pl-6">
                {block.items.map((item, j) => (
                  <BulletItem key={j} item={item} renderText={renderText} />
                ))}
              </ul>
            );
          case 'numbered':
            return (
              <ol key={i} className="list-decimal space-y-1 pl-6">
                {block.items.map((item, j) => (
                  <li key={j}>{inlineMarkdown(item, renderText)}</li>
                ))}
              </ol>
            );
          case 'paragraph':
            return <p key={i}>{inlineMarkdown(block.lines.join(' '), renderText)}</p>;
        }
        return null;
      })}
    </div>
  );
}
