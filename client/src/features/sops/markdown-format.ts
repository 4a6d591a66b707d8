/** The editor toolbar's Markdown: what each button does to the text and the selection. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '@/lib/i18n';

export type MarkdownTool = 'bold' | 'italic' | 'bullets' | 'numbers' | 'checklist';

export interface TextEdit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

/** The placeholder is written into the text, in the interface's language when the button is pressed. */
const WRAP: Partial<Record<MarkdownTool, { mark: string; placeholder: MessageDescriptor }>> = {
  bold: { mark: '**', placeholder: msg`bold text` },
  italic: { mark: '_', placeholder: msg`italic text` },
};

const PREFIX: Partial<Record<MarkdownTool, (n: number) => string>> = {
  bullets: () => '- ',
  numbers: (n) => `${n}. `,
  checklist: () => '- [ ] ',
};

/**
 * Bold and italic wrap the selection (or a selected placeholder when nothing is selected);
 * the lists prefix every line the selection touches, numbering from 1.
 */
export function applyMarkdown(tool: MarkdownTool, { value, selectionStart: start, selectionEnd: end }: TextEdit): TextEdit {
  const wrap = WRAP[tool];
  if (wrap) {
    const inner = value.slice(start, end) || i18n._(wrap.placeholder);
    const next = `${value.slice(0, start)}${wrap.mark}${inner}${wrap.mark}${value.slice(end)}`;
    return { value: next, selectionStart: start + wrap.mark.length, selectionEnd: start + wrap.mark.length + inner.length };
  }
  const prefix = PREFIX[tool]!;
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const lineEndAt = value.indexOf('\n', Math.max(end - (end > start && value[end - 1] === '\n' ? 1 : 0), start));
  const lineEnd = lineEndAt === -1 ? value.length : lineEndAt;
  const lines = value.slice(lineStart, lineEnd).split('\n');
  const block = lines.map((line, i) => `${prefix(i + 1)}${line}`).join('\n');
  const next = `${value.slice(0, lineStart)}${block}${value.slice(lineEnd)}`;
  // One empty line: the cursor lands after the marker, ready to type.
  const caret = lineStart + block.length;
  return { value: next, selectionStart: lines.length === 1 && lines[0] === '' ? caret : lineStart, selectionEnd: caret };
}
